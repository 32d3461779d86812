/**
 * `npx tsx bench/group-commit-ab.ts [writes] [writers]`: the PostgreSQL answer write with group commit
 * (up to 64 answers per commit, as the store runs) against one commit per answer, in one run, rounds
 * interleaved. The bench's private PostgreSQL on loopback runs with fsync off, so a commit here costs
 * less than on a real server's disk, where grouping saves a WAL flush per answer as well. Each round,
 * `writers` concurrent callers store `writes` first answers (conversation + answer) in all; reported:
 * answers stored per second and each write's latency as its caller sees it (resolved only once its
 * commit returned).
 */
import pg from 'pg';
import { migrate, parseDatabaseUrl } from '@askdata/db';
import { postgresDirect } from '../packages/db/src/direct/postgres-direct';
import { createPrismaClient } from '../packages/db/src/prisma-clients';
import { answerRepository } from '../packages/db/src/repositories/answer-repository';
import type { AnswerRepository, FirstAnswer } from '../packages/db/src/store';
import { loadModelFile, resolveTenantScope, type TenantScope } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { msSince, nowNs } from './lib/clock';
import { log } from './lib/log';
import { startBenchPostgres } from './lib/postgres';
import { summarise } from './lib/stats';

const payload = { type: 'chart', message: 'Revenue by category, last month.', chart: { type: 'bar', title: 'Revenue by category', xLabel: 'Category', yLabel: 'Revenue (USD)', data: Array.from({ length: 10 }, (_, i) => ({ label: `Category ${i}`, value: 1000 + i * 17.5 })) } };

function firstAnswer(scope: TenantScope, i: number): FirstAnswer {
  return {
    owner: { apiKeyId: null, principal: 'env:bench', tenantKey: scope.key },
    question: `revenue by category ${i}`,
    type: 'chart',
    message: payload.message,
    payload,
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ entity: 'orders', measure: 'revenue' }] },
    sql: 'select category, sum(subtotal - discount) from orders join products on ... where organisation_id = ? group by 1',
    sqlParameters: [1],
    engine: 'rules',
    confidence: 0.9,
    timings: { understandMs: 0.2, compileMs: 0.07, executeMs: 1.5, shapeMs: 0.03, totalMs: 1.8 },
    meta: { contextIgnored: [], followUp: false, rowCount: 10, truncated: false },
    newConversation: { origin: 'v1', scope },
  };
}

async function round(answers: AnswerRepository, scope: TenantScope, writes: number, writers: number): Promise<{ perSecond: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = nowNs();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < writes) {
        const i = next++;
        const t = nowNs();
        await answers.create(firstAnswer(scope, i));
        latencies.push(msSince(t));
      }
    }),
  );
  return { perSecond: writes / (msSince(started) / 1000), latencies };
}

async function main(): Promise<void> {
  const writes = Number(process.argv[2] ?? 2000);
  const writers = Number(process.argv[3] ?? 32);
  const server = await startBenchPostgres();
  if (!server) throw new Error('no PostgreSQL binaries (set PG_BIN_DIR or ASKDATA_BENCH_PG_URL)');
  try {
    const url = await server.createDatabase('bench_group_commit');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    log(`fsync ${(await admin.query('SHOW fsync')).rows[0].fsync}, synchronous_commit ${(await admin.query('SHOW synchronous_commit')).rows[0].synchronous_commit}, the store's pg pool at its default size`);
    await admin.end();
    await migrate(url);
    const target = parseDatabaseUrl(url);
    if (target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const pool = new pg.Pool(target.pool);
    const db = createPrismaClient(target, pool);
    const direct = postgresDirect(pool, 'public');
    const sides = { grouped: answerRepository(db, direct), 'one commit per answer': answerRepository(db, direct, { maxGroup: 1 }) };
    const scope = resolveTenantScope(loadModelFile(DEMO_MODEL_PATH), { orgId: 1 });
    const results = new Map<string, { perSecond: number[]; latencies: number[] }>();
    await round(sides.grouped, scope, 200, writers); // warm-up
    for (let r = 0; r < 3; r++) {
      const order = r % 2 === 0 ? (['grouped', 'one commit per answer'] as const) : (['one commit per answer', 'grouped'] as const);
      for (const name of order) {
        const outcome = await round(sides[name], scope, writes, writers);
        const kept = results.get(name) ?? { perSecond: [], latencies: [] };
        kept.perSecond.push(outcome.perSecond);
        kept.latencies.push(...outcome.latencies);
        results.set(name, kept);
      }
    }
    process.stdout.write(`\n${writes} first answers per round, ${writers} concurrent writers, 3 rounds each, interleaved\n\n| write | answers/s (median round) | latency p50 ms | p99 ms |\n| --- | --- | --- | --- |\n`);
    for (const [name, r] of results) {
      const l = summarise(r.latencies);
      process.stdout.write(`| ${name} | ${summarise(r.perSecond).median.toFixed(0)} | ${l.median.toFixed(2)} | ${l.p99.toFixed(2)} |\n`);
    }
    await db.$disconnect();
    await pool.end();
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`group-commit-ab failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
