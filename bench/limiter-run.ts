/**
 * `npm run bench:limiter`: what the shared rate limiter costs per request, on a SQLite store file and on
 * a private PostgreSQL (loopback). Three figures per store, medians of many sequential requests:
 *   - the counters' hit alone (one UPSERT ... RETURNING);
 *   - the whole middleware (express-rate-limit, the store adapter, the hit, the headers), called in process;
 *   - the same middleware on express-rate-limit's in-memory store, the per-process baseline;
 * plus hits per second with 32 callers at once on one key (PostgreSQL serialises them on the row lock), and
 * on PostgreSQL the WAL written per hit.
 * A measurement, not a test; the figures go into docs/scale.md by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type RateLimitCounters, type Store } from '@askdata/db';
import { createLogger, createMemoryTransport, rateLimit } from '@askdata/http-kit';
import express, { type RequestHandler } from 'express';
import pg from 'pg';
import { rateLimit as memoryRateLimit } from 'express-rate-limit';
import { describeMachine } from './lib/machine';
import { startBenchPostgres } from './lib/postgres';
import { summarise } from './lib/stats';

const SAMPLES = 5000;
const WARM_UP = 500;
const KEYS = 100;
const logger = createLogger({ level: 'error', service: 'bench', secrets: [], transports: [createMemoryTransport().transport] });

const micros = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1000;

async function timeEach(count: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i += 1) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await work(i);
    samples.push(micros(started));
  }
  return samples;
}

const app = express();

/** A request and response as far as the middleware reads them (Express's own prototypes, no socket). */
function callThrough(middleware: RequestHandler, key: string): Promise<void> {
  const req = Object.assign(Object.create(app.request) as express.Request, { method: 'POST', url: '/', originalUrl: '/', headers: {}, app, socket: { remoteAddress: '127.0.0.1' } });
  const headers = new Map<string, unknown>();
  const res = Object.create(app.response, {
    req: { value: req },
    app: { value: app },
    locals: { value: { key } },
    headersSent: { value: false },
    setHeader: { value: (name: string, value: unknown) => headers.set(name, value) },
    getHeader: { value: (name: string) => headers.get(name) },
  }) as express.Response;
  return new Promise((resolve, reject) => middleware(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())));
}

/** WAL the server wrote while `work` ran (PostgreSQL only; nothing else writes to the private server meanwhile). */
async function walBytes(url: string, work: () => Promise<unknown>): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lsn = async () => (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn as string;
    const before = await lsn();
    await work();
    return Number((await client.query<{ bytes: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) as bytes', [before])).rows[0]?.bytes);
  } finally {
    await client.end();
  }
}

async function perStore(label: string, counters: RateLimitCounters, postgresUrl?: string): Promise<Record<string, unknown>> {
  const window = 60_000;
  const base = Date.now();
  let hitSamples: number[] = [];
  const measureHits = async () => {
    hitSamples = await timeEach(SAMPLES, (i) => counters.hit(`bench-hit:${i % KEYS}`, window, base + i));
  };
  const wal = postgresUrl ? await walBytes(postgresUrl, measureHits) : (await measureHits(), undefined);
  const hit = summarise(hitSamples);
  // A limit no key reaches: every request takes the allowed path.
  const shared = rateLimit({ name: 'bench', limit: 1_000_000, windowMs: window, keyOf: (res) => String(res.locals.key), counters, logger });
  const middleware = summarise(await timeEach(SAMPLES, (i) => callThrough(shared, `k${i % KEYS}`)));
  let concurrentPerSecond = 0;
  {
    const started = process.hrtime.bigint();
    let done = 0;
    await Promise.all(Array.from({ length: 32 }, async () => {
      for (let i = 0; i < 200; i += 1) {
        await counters.hit('bench-hot-key', window, Date.now());
        done += 1;
      }
    }));
    concurrentPerSecond = Math.round(done / (micros(started) / 1e6));
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    store: label,
    hitMedianUs: round(hit.median),
    hitP99Us: round(hit.p99),
    middlewareMedianUs: round(middleware.median),
    middlewareP99Us: round(middleware.p99),
    hotKeyHitsPerSecond32Callers: concurrentPerSecond,
    ...(wal === undefined ? {} : { walBytesPerHit: Math.round(wal / (SAMPLES + WARM_UP)) }),
  };
}

async function main(): Promise<void> {
  const machine = describeMachine();
  process.stdout.write(`limiter bench: ${machine.cores} x ${machine.cpuModel}, Node ${machine.node}, load ${machine.loadAverage.toFixed(2)}\n`);
  const memory = memoryRateLimit({ limit: 1_000_000, windowMs: 60_000, keyGenerator: (_req, res) => String(res.locals.key), standardHeaders: 'draft-6', legacyHeaders: false });
  const memorySummary = summarise(await timeEach(SAMPLES, (i) => callThrough(memory, `k${i % KEYS}`)));
  const rows: Record<string, unknown>[] = [{ store: 'express-rate-limit MemoryStore (one process; baseline)', middlewareMedianUs: Math.round(memorySummary.median * 10) / 10, middlewareP99Us: Math.round(memorySummary.p99 * 10) / 10 }];
  const dir = mkdtempSync(join(tmpdir(), 'askdata-bench-limiter-'));
  const postgresServer = await startBenchPostgres();
  const stores: Store[] = [];
  try {
    const sqlite = await openStore(`file:${join(dir, 'app.db')}`);
    stores.push(sqlite);
    rows.push(await perStore('SQLite store file (WAL, synchronous=NORMAL)', sqlite.rateLimits));
    if (postgresServer) {
      const url = await postgresServer.createDatabase('bench_limiter');
      const postgres = await openStore(url);
      stores.push(postgres);
      rows.push(await perStore(`PostgreSQL ${postgresServer.version} (loopback)`, postgres.rateLimits, url));
    } else {
      process.stdout.write('PostgreSQL binaries not found: PostgreSQL skipped\n');
    }
  } finally {
    for (const store of stores) await store.close();
    await postgresServer?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:limiter failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
