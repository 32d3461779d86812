/**
 * The result cache, side by side with the raw query: for each question, the raw SQL in process (the
 * physical limit), then over HTTP to a server with the cache on, a miss (right after the operator's
 * invalidate call, which is not timed) and the hits that follow, in rounds. Each question's last answer
 * is checked through explain to really be a hit, so no figure is mislabelled. And, in process, how much
 * heap the kept results take against what the cache accounts for them (its byte bound rests on that).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { cachedDataSource, createResultCache, type CompiledQuery } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { repeatTimed, type RepeatBudget } from '../lib/clock';
import { BENCH_ADMIN_KEY, BENCH_API_KEY } from '../lib/config';
import { postAnswer } from '../lib/http-client';
import type { BenchQuestion } from '../lib/questions';
import type { RawRunner } from '../lib/raw-runner';
import { median } from '../lib/stats';

export interface CacheQuestion {
  id: string;
  questionClass: string;
  rowCount: number;
  rawMs: number;
  missMs: number;
  hitMs: number;
}

export interface CacheMemory {
  results: number;
  /** What the cache accounts for them (its estimate, result-bytes.ts). */
  estimatedBytes: number;
  /** What the heap grew by while they were kept (after full GCs). */
  heapBytes: number;
}

export interface CacheReport {
  label: string;
  rounds: number;
  hitsPerRound: number;
  questions: CacheQuestion[];
  memory: CacheMemory;
}

export interface CacheBenchOptions {
  baseUrl: string;
  raw: RawRunner;
  budget: RepeatBudget;
  rounds: number;
  hitsPerRound: number;
}

async function invalidate(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/admin/cache/invalidate`, { method: 'POST', headers: { authorization: `Bearer ${BENCH_ADMIN_KEY}` } });
  if (res.status !== 200) throw new Error(`invalidate: HTTP ${res.status} ${await res.text()}`);
}

async function wasCached(baseUrl: string, answerId: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/v1/conversations/answer/${answerId}/explain`, { headers: { authorization: `Bearer ${BENCH_API_KEY}` } });
  return ((await res.json()) as { cached?: boolean }).cached === true;
}

export async function benchResultCache(options: CacheBenchOptions, questions: readonly (BenchQuestion & { sql: CompiledQuery })[]): Promise<CacheQuestion[]> {
  const out: CacheQuestion[] = [];
  for (const q of questions) {
    let rowCount = 0;
    const rawSamples = await repeatTimed(async () => (rowCount = await options.raw.run(q.sql)), options.budget);
    const miss: number[] = [];
    const hit: number[] = [];
    let lastId = '';
    for (let round = 0; round < options.rounds; round++) {
      await invalidate(options.baseUrl);
      const first = await postAnswer(options.baseUrl, q.question, q.context);
      if (first.status !== 200) throw new Error(`${q.id}: HTTP ${first.status} ${first.body.slice(0, 200)}`);
      miss.push(first.ms);
      for (let i = 0; i < options.hitsPerRound; i++) {
        const reply = await postAnswer(options.baseUrl, q.question, q.context);
        if (reply.status !== 200) throw new Error(`${q.id}: HTTP ${reply.status}`);
        hit.push(reply.ms);
        lastId = (JSON.parse(reply.body) as { id: string }).id;
      }
    }
    if (!(await wasCached(options.baseUrl, lastId))) throw new Error(`${q.id}: a repeated answer was not a cache hit`);
    out.push({ id: q.id, questionClass: q.questionClass, rowCount, rawMs: median(rawSamples), missMs: median(miss), hitMs: median(hit) });
  }
  return out;
}

/** Fills a cache with every question's result and compares its own accounting with the heap's growth. */
export async function measureCacheMemory(deps: BuiltAnswerDeps, queries: readonly CompiledQuery[]): Promise<CacheMemory> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const cache = createResultCache({ maxBytes: 2 ** 40, ttlMs: 3_600_000 });
  const cached = cachedDataSource(deps.dataSource, cache, { tenantKey: 'bench', generation: { knowledge: 0, data: 0 } });
  const limits = { timeoutMs: deps.limits.timeoutMs, maxRows: deps.limits.maxRows };
  // Warm the data source first, so its own statement caches are not counted.
  for (const query of queries) await deps.dataSource.execute(query, limits);
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const query of queries) await cached.execute(query, limits);
  gc();
  gc();
  const heapBytes = process.memoryUsage().heapUsed - before;
  const stats = cache.stats();
  cache.clear();
  return { results: stats.entries, estimatedBytes: stats.bytes, heapBytes };
}
