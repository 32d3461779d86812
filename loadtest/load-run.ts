/**
 * One load run: both apps as real processes sharing one fresh SQLite store, the demo question set sent
 * by autocannon on loopback (bounded by duration, optionally by count), with the rate limits raised by
 * env so the load measures the service, not the limiter. Reports throughput, latency, errors, RSS before
 * and after, a memory series sampled during the load (RSS from /proc, V8 heap from the app over IPC), the
 * heap retained after a full GC before and after, and the store check (nothing lost, nothing duplicated).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, type LoadRequest } from './autocannon-client';
import { demoQuestions, type LoadQuestion } from './questions';
import { startApp, type AppProcess } from './servers';
import { checkStore, type StoreCheck } from './store-check';

export interface LoadOptions {
  repoRoot: string;
  /** Data source (SQLite path); the demo warehouse by default. */
  dataSourceUrl: string;
  semanticModel: string;
  connections: number;
  durationSeconds: number;
  /** Stop after this many requests per app (autocannon `amount`), if set. */
  maxRequests?: number;
  /** Memory sampling interval during the load, seconds (default 5). */
  sampleSeconds?: number;
  /** If set, write a heap snapshot of each app (after a full GC) before and after its load into this folder. */
  heapSnapshotDir?: string;
}

/** One memory reading of an app process, `atSeconds` after its load started. */
export interface MemorySample {
  atSeconds: number;
  /** Resident set size from /proc/<pid>/status. */
  rssMb: number;
  /** V8 heap used / reserved, from the process itself over IPC (null if it did not answer within 2 s). */
  heapUsedMb: number | null;
  heapTotalMb: number | null;
}

export interface AppLoad {
  app: string;
  requests: number;
  throughputPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Start, every `sampleSeconds` during the load, and end. */
  memory: MemorySample[];
  /** Heap used right after a full GC, before the load and after it: what the process really retains. */
  heapAfterGcBeforeMb: number | null;
  heapAfterGcAfterMb: number | null;
  heapSnapshots?: string[];
}

export interface LoadReport {
  apps: AppLoad[];
  store: StoreCheck;
}

const LOAD_KEY = 'loadtest-key-0123456789abcdef';
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

const mbOrNull = (bytes: number | undefined): number | null => (bytes === undefined ? null : mb(bytes));

async function sample(app: AppProcess, startedAt: number): Promise<MemorySample> {
  const atSeconds = Math.round((Date.now() - startedAt) / 100) / 10;
  const rssMb = mb(app.rssBytes());
  const memory = await app.memory();
  return { atSeconds, rssMb, heapUsedMb: mbOrNull(memory?.heapUsed), heapTotalMb: mbOrNull(memory?.heapTotal) };
}

/** Heap used after a full GC (the app runs with --expose-gc under the load test). */
async function retainedHeapMb(app: AppProcess): Promise<number | null> {
  return mbOrNull((await app.memory({ gc: true, timeoutMs: 10_000 }))?.heapUsed);
}

async function snapshot(app: AppProcess, dir: string | undefined, label: string): Promise<string[]> {
  if (!dir) return [];
  mkdirSync(dir, { recursive: true });
  return [await app.heapSnapshot(join(dir, `${app.name}-${label}.heapsnapshot`))];
}

async function hammer(app: AppProcess, requests: LoadRequest[], options: LoadOptions, onOk: (body: string) => void): Promise<AppLoad> {
  const heapAfterGcBeforeMb = await retainedHeapMb(app);
  const heapSnapshots = await snapshot(app, options.heapSnapshotDir, 'before');
  const rssBefore = app.rssBytes();
  const startedAt = Date.now();
  const pending: Promise<MemorySample>[] = [sample(app, startedAt)];
  const sampler = setInterval(() => pending.push(sample(app, startedAt)), (options.sampleSeconds ?? 5) * 1000);
  let ok = 0;
  const withHook = requests.map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => {
      if (status === 200) {
        ok += 1;
        onOk(body);
      }
    },
  }));
  let result: Awaited<ReturnType<typeof autocannon>>;
  try {
    result = await autocannon({
      url: app.url,
      connections: options.connections,
      duration: options.durationSeconds,
      ...(options.maxRequests ? { amount: options.maxRequests } : {}),
      timeout: 30,
      requests: withHook,
    });
  } finally {
    clearInterval(sampler);
  }
  const rssAfter = app.rssBytes();
  pending.push(sample(app, startedAt));
  const memory = (await Promise.all(pending)).sort((a, b) => a.atSeconds - b.atSeconds);
  const heapAfterGcAfterMb = await retainedHeapMb(app);
  heapSnapshots.push(...(await snapshot(app, options.heapSnapshotDir, 'after')));
  return {
    app: app.name,
    requests: result.requests.total,
    throughputPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rssBeforeMb: mb(rssBefore),
    rssAfterMb: mb(rssAfter),
    memory,
    heapAfterGcBeforeMb,
    heapAfterGcAfterMb,
    ...(heapSnapshots.length ? { heapSnapshots } : {}),
  };
}

function v1Requests(questions: LoadQuestion[]): LoadRequest[] {
  return questions.map(({ question, orgId }) => ({
    method: 'POST',
    path: '/api/v1/conversations/answer',
    headers: { authorization: `Bearer ${LOAD_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question, context: { orgId } }),
  }));
}

function legacyRequests(questions: LoadQuestion[]): LoadRequest[] {
  return questions.map(({ question, orgId }, index) => ({
    method: 'POST',
    path: '/ask',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question, conversationId: `load-${index}`, requestContext: { userId: `u-${index}`, orgId } }),
  }));
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-loadtest-'));
  const storeFile = join(dir, 'app.db');
  const env = {
    DATABASE_URL: `file:${storeFile}`,
    DATA_SOURCE_URL: options.dataSourceUrl,
    SEMANTIC_MODEL: options.semanticModel,
    API_KEYS: LOAD_KEY,
    RATE_LIMIT_PER_MINUTE: '1000000',
    ORG_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const apps: AppProcess[] = [];
  try {
    // One after the other: both apply migrations to the same new store at start.
    apps.push(await startApp(options.repoRoot, 'api-v1', env));
    apps.push(await startApp(options.repoRoot, 'ask-legacy', env));
    const [v1, legacy] = apps as [AppProcess, AppProcess];
    const questions = demoQuestions(options.repoRoot);
    const v1Ids: string[] = [];
    const v1Load = await hammer(v1, v1Requests(questions), options, (body) => v1Ids.push(String((JSON.parse(body) as { id: unknown }).id)));
    const legacyLoad = await hammer(legacy, legacyRequests(questions), options, () => undefined);
    return { apps: [v1Load, legacyLoad], store: checkStore(storeFile, v1Ids, legacyLoad.ok, options.connections) };
  } finally {
    for (const app of apps) await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
