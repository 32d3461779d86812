/**
 * The local fallback on the store's real counters (a fresh SQLite store). The outage is a switch in a
 * wrapper that delegates every call to the real counters while it is off and refuses them while it is
 * on (the real thing, a locked or stopped PostgreSQL, is in apps/api-v1/test/reliability/limiter-store-faults.postgres.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@askdata/db';
import { createLogger, createMemoryTransport } from './logger';
import { withLocalFallback } from './local-fallback-counters';
import type { SharedWindowCounters } from './shared-window-counters';

const MINUTE = 60_000;

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-local-fallback-'));
  store = await openStore(`file:${join(dir, 'app.db')}`);
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function switchable(real: SharedWindowCounters) {
  let down = false;
  const refuse = async (): Promise<never> => {
    throw new Error('store unreachable (test switch)');
  };
  const counters: SharedWindowCounters = {
    hit: (...args) => (down ? refuse() : real.hit(...args)),
    peek: (...args) => (down ? refuse() : real.peek(...args)),
    unhit: (...args) => (down ? refuse() : real.unhit(...args)),
    reset: (...args) => (down ? refuse() : real.reset(...args)),
  };
  return { counters, setDown: (value: boolean) => (down = value) };
}

let names = 0;
function fallback() {
  const prefix = `fallback-${(names += 1)}:`;
  const { counters, setDown } = switchable(store.rateLimits);
  const { transport, lines } = createMemoryTransport();
  const logger = createLogger({ level: 'debug', service: 'test', secrets: [], transports: [transport] });
  return { local: withLocalFallback(counters, { name: 'test', logger }), setDown, lines, key: (name: string) => `${prefix}${name}` };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('withLocalFallback', () => {
  it('counts on top of the store\'s last count while the store is down, and hands the store those counts with the next hit', async () => {
    const { local, setDown, key } = fallback();
    for (let i = 1; i <= 3; i += 1) expect((await local.hit(key('a'), MINUTE, 1_000)).hits).toBe(i);
    setDown(true);
    expect(await local.hit(key('a'), MINUTE, 2_000)).toEqual({ hits: 4, resetAtMs: 61_000 });
    expect(await local.hit(key('a'), MINUTE, 3_000)).toEqual({ hits: 5, resetAtMs: 61_000 });
    expect(await local.peek(key('a'), MINUTE, 3_000)).toEqual({ hits: 5, resetAtMs: 61_000 });
    setDown(false);
    expect(await local.hit(key('a'), MINUTE, 4_000)).toEqual({ hits: 6, resetAtMs: 61_000 });
    expect(await store.rateLimits.peek(key('a'), MINUTE, 4_000)).toEqual({ hits: 6, resetAtMs: 61_000 });
  });

  it('after the store answers again, adds every other key\'s local count to it too', async () => {
    const { local, setDown, key } = fallback();
    setDown(true);
    for (let i = 0; i < 4; i += 1) await local.hit(key('quiet'), MINUTE, 10_000);
    setDown(false);
    await local.hit(key('busy'), MINUTE, 11_000);
    // Handed over in the background: polled until it lands (bounded by the test's timeout), then checked.
    while (((await store.rateLimits.peek(key('quiet'), MINUTE, 11_000))?.hits ?? 0) < 4) await settle();
    expect(await store.rateLimits.peek(key('quiet'), MINUTE, 11_000)).toEqual({ hits: 4, resetAtMs: 71_000 });
  });

  it('forgets a local count when its window ends', async () => {
    const { local, setDown, key } = fallback();
    setDown(true);
    for (let i = 0; i < 5; i += 1) await local.hit(key('old'), MINUTE, 0);
    expect((await local.hit(key('old'), MINUTE, MINUTE)).hits).toBe(1);
    setDown(false);
    expect((await local.hit(key('old'), MINUTE, MINUTE + 1)).hits).toBe(2);
  });

  it('logs one warning per 10 s while the store is down', async () => {
    const { local, setDown, key, lines } = fallback();
    setDown(true);
    for (let i = 0; i < 20; i += 1) await local.hit(key('w'), MINUTE, 0);
    expect(lines.filter((line) => line.includes('counting in this process until it answers'))).toHaveLength(1);
  });
});
