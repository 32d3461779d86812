/**
 * A/B of the per-answer store write, in one run: the write path before issue 7's store changes (its
 * writes kept here as the reference; rows are read back with the repositories' own mapping) against the
 * store as it is now, interleaved in random order per round so drift on the machine hits both alike.
 * `npx tsx bench/store-write-ab.ts [rounds]`.
 *
 *   before, new conversation:  conversations.create + answers.create (two INSERTs, two commits), each
 *                              JSON column through JSON.stringify + JSON.parse, each row read back
 *                              whole and re-validated with zod
 *   after, two calls:          the same two calls through today's store (normalised once, only
 *                              createdAt returned): what (b) + (c) alone buy
 *   after, new conversation:   answers.create with newConversation: both rows in one transaction
 *                              (plain INSERTs: one CTE statement on PostgreSQL, a two-INSERT
 *                              transaction on SQLite)
 *   before / after, follow-up: one answers.create into an existing conversation
 *
 * Payloads are real: the outcomes of the first 20 answerable demo questions at 50k orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerQuestion, resolveTenantScope, type AnswerOutcome, type TenantScope } from '@askdata/core';
import { openStore, parseDatabaseUrl, type NewAnswer, type Owner, type Store } from '@askdata/db';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createAnswerDeps } from '@askdata/service';
import type { Prisma } from '../packages/db/src/generated/sqlite/client';
import { toJsonValue } from '../packages/db/src/json-values';
import { createPrismaClient, type DbClient } from '../packages/db/src/prisma-clients';
import { newId } from '../packages/db/src/ids';
import { answerRecordOf } from '../packages/db/src/repositories/answer-repository';
import { conversationRecordOf } from '../packages/db/src/repositories/conversation-repository';
import { ownedBy } from '../packages/db/src/repositories/owner-filter';
import { toAnswerFields, toNewAnswer } from '../packages/service/src/answer-record';
import { msSince, nowNs } from './lib/clock';
import { MAX_ROWS, PINNED_NOW, SCALE_DEMO, TIMEOUT_MS } from './lib/config';
import { log } from './lib/log';
import { describeMachine } from './lib/machine';
import { startBenchPostgres } from './lib/postgres';
import { loadBenchQuestions, standalone } from './lib/questions';
import { summarise } from './lib/stats';
import { ensureWarehouse } from './lib/warehouses';

// ---- the reference: the write path as it was before (json-values.ts, both repositories' create) ----
// Only the write differs from today's store: each JSON column through JSON.stringify + JSON.parse, and the
// row read back whole and turned into a record by the repositories' own read mapping.
function toJsonInputBefore(value: unknown): Prisma.InputJsonValue {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  if (text === undefined) throw new Error('askdata: value cannot be stored as JSON');
  return JSON.parse(text) as Prisma.InputJsonValue;
}
async function createConversationBefore(db: DbClient, owner: Owner, context: Record<string, unknown>) {
  return conversationRecordOf(
    await db.conversation.create({ data: { id: newId('conv'), origin: 'v1', externalId: null, ...ownedBy(owner), context: toJsonInputBefore(context) } }),
  );
}
async function createAnswerBefore(db: DbClient, answer: NewAnswer) {
  const row = await db.answer.create({
    data: {
      id: newId('ans'),
      conversationId: answer.conversationId,
      ...ownedBy(answer.owner),
      question: answer.question,
      type: answer.type,
      message: answer.message,
      payload: toJsonInputBefore(answer.payload ?? null),
      ...(answer.plan == null ? {} : { plan: toJsonInputBefore(answer.plan) }),
      ...(answer.sqlParameters == null ? {} : { sqlParameters: toJsonInputBefore(answer.sqlParameters) }),
      sql: answer.sql,
      engine: answer.engine,
      confidence: answer.confidence,
      timings: toJsonInputBefore(answer.timings),
      meta: toJsonInputBefore(answer.meta),
    },
  });
  return answerRecordOf(row);
}
// ---- end of the reference ----

interface Sample {
  q: { question: string; context: Record<string, unknown> };
  scope: TenantScope;
  outcome: AnswerOutcome;
}

type Variant = 'beforeNew' | 'afterTwoCalls' | 'afterNew' | 'beforeFollowUp' | 'afterFollowUp';
const VARIANTS: Variant[] = ['beforeNew', 'afterTwoCalls', 'afterNew', 'beforeFollowUp', 'afterFollowUp'];

async function abOn(label: string, store: Store, baseline: DbClient, samples: readonly Sample[], rounds: number) {
  const owner: Owner = { apiKeyId: null, principal: 'env:0', tenantKey: '{"orgId":1}' };
  const existing = await store.conversations.create({ origin: 'v1', owner, scope: samples[0]!.scope });
  const run: Record<Variant, (s: Sample) => Promise<unknown>> = {
    beforeNew: async ({ q, scope, outcome }) => {
      const conversation = await createConversationBefore(baseline, owner, q.context);
      return createAnswerBefore(baseline, toNewAnswer(outcome, { conversationId: conversation.id, owner, scope, question: q.question }));
    },
    afterTwoCalls: async ({ q, scope, outcome }) => {
      const conversation = await store.conversations.create({ origin: 'v1', owner, scope });
      return store.answers.create(toNewAnswer(outcome, { conversationId: conversation.id, owner, scope, question: q.question }));
    },
    afterNew: ({ q, scope, outcome }) => store.answers.create({ ...toAnswerFields(outcome, { owner, scope, question: q.question }), newConversation: { origin: 'v1', scope } }),
    beforeFollowUp: ({ q, scope, outcome }) => createAnswerBefore(baseline, toNewAnswer(outcome, { conversationId: existing.id, owner, scope, question: q.question })),
    afterFollowUp: ({ q, scope, outcome }) => store.answers.create(toNewAnswer(outcome, { conversationId: existing.id, owner, scope, question: q.question })),
  };
  const times: Record<Variant, number[]> = { beforeNew: [], afterTwoCalls: [], afterNew: [], beforeFollowUp: [], afterFollowUp: [] };
  const warmUp = 30;
  for (let round = 0; round < rounds + warmUp; round++) {
    const sample = samples[round % samples.length]!;
    const order = [...VARIANTS].sort(() => Math.random() - 0.5);
    for (const variant of order) {
      const t0 = nowNs();
      await run[variant](sample);
      const ms = msSince(t0);
      if (round >= warmUp) times[variant].push(ms);
    }
  }
  const rows = VARIANTS.map((variant) => ({ variant, ...summarise(times[variant]) }));
  log(`${label}: ${rounds} rounds`);
  for (const r of rows) log(`  ${r.variant.padEnd(15)} median ${r.median.toFixed(3)} ms  p90 ${r.p90.toFixed(3)}  p99 ${r.p99.toFixed(3)}`);
  return { label, rows };
}

/** CPU only: the JSON columns of one answer, before (stringify + parse) and after (one normalising pass). */
function jsonCost(samples: readonly Sample[], rounds: number) {
  const owner: Owner = { apiKeyId: null, principal: 'env:0', tenantKey: '{}' };
  const answers = samples.map(({ q, scope, outcome }) => toNewAnswer(outcome, { conversationId: 'c', owner, scope, question: q.question }));
  const columns = (a: NewAnswer) => [a.payload ?? null, a.plan, a.sqlParameters, a.timings, a.meta].filter((v) => v != null);
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const a of answers) {
      const first = Math.random() < 0.5;
      for (const which of first ? [0, 1] : [1, 0]) {
        const t0 = nowNs();
        for (const c of columns(a)) (which === 0 ? toJsonInputBefore : toJsonValue)(c);
        (which === 0 ? before : after).push(msSince(t0) * 1000);
      }
    }
  }
  const b = summarise(before);
  const a = summarise(after);
  log(`JSON columns of one answer (CPU): before median ${b.median.toFixed(1)} µs, after ${a.median.toFixed(1)} µs`);
  return { before: b, after: a };
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 1000);
  const machine = describeMachine();
  log(JSON.stringify(machine));
  const demo = ensureWarehouse(SCALE_DEMO);
  const deps = await createAnswerDeps({ dataSourceUrl: demo.path, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
  const samples: Sample[] = [];
  for (const q of standalone(loadBenchQuestions())) {
    if (samples.length === 20) break;
    const scope = resolveTenantScope(deps.model, q.context);
    const outcome = await answerQuestion(deps, { question: q.question, scope, history: [] });
    if (outcome.sql) samples.push({ q, scope, outcome });
  }
  await deps.close();
  jsonCost(samples, 200);

  const tmp = mkdtempSync(join(tmpdir(), 'askdata-store-ab-'));
  const pg = await startBenchPostgres();
  try {
    const targets: Array<{ label: string; url: string }> = [{ label: 'SQLite (WAL, synchronous=NORMAL)', url: `file:${join(tmp, 'ab.db')}` }];
    if (pg) targets.push({ label: `PostgreSQL ${pg.version}`, url: await pg.createDatabase('bench_store_ab') });
    for (const target of targets) {
      const store = await openStore(target.url);
      const baseline = createPrismaClient(parseDatabaseUrl(target.url));
      await baseline.$connect();
      // The store's own connection has synchronous=NORMAL (a per-connection setting): give the reference the same.
      if (store.kind === 'sqlite') await baseline.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
      try {
        await abOn(target.label, store, baseline, samples, rounds);
      } finally {
        await baseline.$disconnect();
        await store.close();
      }
    }
  } finally {
    await pg?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
