/**
 * Asks the benchmark's questions as a small and a large tenant on one side (single server or sharded),
 * the way askdata answers them: answerQuestion plans and compiles the SQL with the tenant's scope, and the
 * timed part is the adapter executing that SQL (the planner's few milliseconds are the same on both sides
 * and are left out). On the sharded side the engine's plan is read too (plan-facts.ts).
 */
import { answerQuestion, resolveTenantScope, type CompiledQuery } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createAnswerDeps } from '@askdata/service';
import { msSince, nowNs } from '../lib/clock';
import { MAX_ROWS, PINNED_NOW } from '../lib/config';
import { log } from '../lib/log';
import { median } from '../lib/stats';
import type { BuiltSide } from './build';
import type { ShardEngine } from './generate-sql';
import { benchTenants, rowCount, type ShardLayout } from './layout';
import { planFactsOf, type PlanFacts } from './plan-facts';
import { withSqlClient } from './sql-client';

export interface ScaleQuestion {
  id: string;
  label: string;
  /** The chart's label, lines split by \n. */
  short: string;
  question: string;
}

/** A single tenant's aggregate, two breakdowns (one over a dimension: a join) and a top-N, all over last year. */
export const SCALE_QUESTIONS: readonly ScaleQuestion[] = [
  { id: 'aggregate', label: 'aggregate', short: 'aggregate', question: 'total revenue last year' },
  { id: 'by-month', label: 'breakdown by month', short: 'by month', question: 'revenue by month last year' },
  { id: 'by-category', label: 'breakdown by category (join)', short: 'by category\n(join)', question: 'revenue by product category last year' },
  { id: 'top-5', label: 'top 5 customers (join)', short: 'top 5\n(join)', question: 'top 5 customers by spend last year' },
];

/** Long enough for the sharded join of the largest tenant; the service's own default is 30 s. */
export const SCALE_TIMEOUT_MS = 600_000;

export interface Rounds {
  /** Timed runs after one untimed warm-up; more while under budgetMs, at most maxRuns. */
  minRuns: number;
  maxRuns: number;
  budgetMs: number;
}

export interface ScaleCell {
  question: string;
  tenant: 'small' | 'large';
  organisationId: number;
  tenantOrders: number;
  medianMs: number;
  runs: number;
  /** The result rows as JSON: the two sides of an engine must agree. */
  rows: string;
  sql: string;
  plan?: PlanFacts;
}

async function timed(work: () => Promise<unknown>, rounds: Rounds): Promise<number[]> {
  await work();
  const samples: number[] = [];
  const started = nowNs();
  while (samples.length < rounds.maxRuns && (samples.length < rounds.minRuns || msSince(started) < rounds.budgetMs)) {
    const t = nowNs();
    await work();
    samples.push(msSince(t));
  }
  return samples;
}

export async function measureSide(engine: ShardEngine, side: BuiltSide, layout: ShardLayout, rounds: Rounds, variant = ''): Promise<ScaleCell[]> {
  const deps = await createAnswerDeps({ dataSourceUrl: side.url, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: SCALE_TIMEOUT_MS, clock: () => PINNED_NOW });
  const cells: ScaleCell[] = [];
  try {
    for (const q of SCALE_QUESTIONS) {
      for (const { label, tenant } of benchTenants(layout)) {
        const answer = await answerQuestion(deps, { question: q.question, scope: resolveTenantScope(deps.model, { orgId: tenant.organisationId }), history: [] });
        if (!answer.sql) throw new Error(`askdata did not compile "${q.question}" for organisation ${tenant.organisationId}: ${answer.status}`);
        const sql: CompiledQuery = answer.sql;
        const execute = () => deps.dataSource.execute(sql, { timeoutMs: SCALE_TIMEOUT_MS, maxRows: MAX_ROWS });
        const rows = JSON.stringify((await execute()).rows);
        const samples = await timed(execute, rounds);
        const plan = side.kind === 'sharded' ? await withSqlClient(engine, side.url, (client) => planFactsOf(engine)(client, sql.sql, sql.parameters, side.shards)) : undefined;
        cells.push({ question: q.id, tenant: label, organisationId: tenant.organisationId, tenantOrders: rowCount(tenant.orders), medianMs: median(samples), runs: samples.length, rows, sql: sql.sql, ...(plan ? { plan } : {}) });
        log(`${engine} ${side.kind}${variant ? ` (${variant})` : ''} ${q.id} ${label} tenant: median ${median(samples).toFixed(1)} ms over ${samples.length} runs${plan ? `, shards read: ${plan.shards.join(', ') || 'none'}` : ''}`);
      }
    }
  } finally {
    await deps.close();
  }
  return cells;
}
