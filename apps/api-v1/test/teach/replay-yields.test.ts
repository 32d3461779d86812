/**
 * Issue 25, item 1: the declines a hostile question leaves (a 1,000-character word) are queued for review
 * and replayed when an admin teaches a word they contain. One teach call replayed them back to back on the
 * event loop (17 s). Each question's planning is bounded now (nl/typo-index.ts, the planning budget), and
 * the replay lets the loop turn between questions: counted here by a setImmediate ticker read each time a
 * replayed question's tenant scope is resolved (core's diagnostics channel), through the real app.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { TENANT_SCOPE_RESOLVED } from '@askdata/core';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const QUEUED = 4;

/** A random lower-case word, the same one every run. */
function randomWord(length: number, seed: number): string {
  let state = seed;
  let word = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    word += String.fromCharCode(97 + (state % 26));
  }
  return word;
}

describe('replaying queued questions after a word is taught', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
  });
  afterAll(() => t.close());

  it('lets the event loop turn between replayed questions', async () => {
    for (let i = 0; i < QUEUED; i++) {
      const question = `zorblax ${randomWord(t.config.MAX_QUESTION_LENGTH - 8, i + 1)}`;
      const res = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question, context: { orgId: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/did not understand "zorblax"/);
    }

    let ticks = 0;
    let ticking = true;
    const tick = (): void => {
      ticks += 1;
      if (ticking) setImmediate(tick);
    };
    const seen: number[] = [];
    const onScope = (): void => void seen.push(ticks);
    setImmediate(tick);
    subscribe(TENANT_SCOPE_RESOLVED, onScope);
    let taught;
    try {
      taught = await request(t.app).post('/api/v1/admin/vocabulary').set(...auth(ADMIN_KEY)).send({ term: 'zorblax', means: 'orders.revenue' });
    } finally {
      unsubscribe(TENANT_SCOPE_RESOLVED, onScope);
      ticking = false;
    }
    expect(taught.status).toBe(201);
    expect(taught.body.replay.items).toHaveLength(QUEUED);
    // The long word is still not understood: every replay declines, each in bounded time.
    for (const item of taught.body.replay.items as Array<{ after: { status: string } }>) expect(item.after.status).toBe('declined');
    // One scope per replayed question, and between any two of them the loop ran other callbacks.
    const replays = seen.slice(-QUEUED);
    expect(replays).toHaveLength(QUEUED);
    for (let i = 1; i < replays.length; i++) expect(replays[i]!).toBeGreaterThan(replays[i - 1]!);
  });
});
