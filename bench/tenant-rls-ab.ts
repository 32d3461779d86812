/**
 * What the second lock costs on PostgreSQL, in one run: the demo questions' compiled queries executed by
 * three data sources on the same warehouse copy, interleaved in random order per round so drift on the
 * machine hits all alike. `npx tsx bench/tenant-rls-ab.ts [rounds] [--scale 500k]`.
 *
 *   off:              TENANT_RLS off (tenant predicates only), connected as the tables' owner, which the
 *                     policies do not apply to: what a database without them costs. (askdata's read-only
 *                     login is a member of the policies' role, so with the policies in place and the lock
 *                     off it reads nothing at all.)
 *   on:               the read-only login with TENANT_RLS=on: SET LOCAL ROLE and the tenant setting in the
 *                     transaction's one set_config statement, the policies applied on top of the predicates
 *   on, no predicate: TENANT_RLS=on with the compiler's predicate left out (row-level security alone)
 *
 * Each query's time is its execute() call (begin, settings, the query, rollback, unlock), as the pipeline
 * sees it. The role and policies are the documented ones (tenantRlsSql, readOnlyRoleSql).
 */
import { Client } from 'pg';
import { compileQuery, resolveTenantScope, answerQuestion, scopePlan, type CompiledQuery, type DataSource } from '@askdata/core';
import { openPostgresDataSource, readOnlyRoleSql, scopedTablesOf, tenantRlsSql } from '@askdata/datasource-postgres';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createAnswerDeps } from '@askdata/service';
import { msSince, nowNs } from './lib/clock';
import { MAX_ROWS, PINNED_NOW, SCALE_500K, SCALE_DEMO, TIMEOUT_MS } from './lib/config';
import { log } from './lib/log';
import { describeMachine } from './lib/machine';
import { startBenchPostgres } from './lib/postgres';
import { loadBenchQuestions, standalone } from './lib/questions';
import { summarise } from './lib/stats';
import { ensureWarehouse } from './lib/warehouses';

const VARIANTS = ['off', 'on', 'onNoPredicate'] as const;
type Variant = (typeof VARIANTS)[number];
const ROLE = 'askdata_tenant';
const LOGIN = 'askdata_reader';

interface Sample {
  id: string;
  queries: Record<Variant, CompiledQuery>;
}

async function main(): Promise<void> {
  const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
  const point = process.argv.includes('500k') ? SCALE_500K : SCALE_DEMO;
  log(JSON.stringify(describeMachine()));
  const warehouse = ensureWarehouse(point);
  const pg = await startBenchPostgres();
  if (!pg) throw new Error('PostgreSQL binaries not found (or set ASKDATA_BENCH_PG_URL)');
  const sources: DataSource[] = [];
  try {
    const { url } = await pg.copyWarehouse(`bench_rls_${point.label}`, warehouse.path);
    const deps = await createAnswerDeps({ dataSourceUrl: url, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
    const model = deps.model;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop role if exists ${ROLE}; drop role if exists ${LOGIN}`).catch(() => undefined);
    await admin.query(readOnlyRoleSql({ role: LOGIN, database: new URL(url).pathname.slice(1) }));
    await admin.query(tenantRlsSql(model, { role: ROLE, login: LOGIN }));
    const loginUrl = Object.assign(new URL(url), { username: LOGIN, password: '' }).toString();
    const off = await openPostgresDataSource(url);
    const on = await openPostgresDataSource(loginUrl, { tenantRls: { role: ROLE, scopedTables: scopedTablesOf(model) } });
    sources.push(off, on);
    await on.checkRowLevelSecurity?.();

    const samples: Sample[] = [];
    for (const q of standalone(loadBenchQuestions())) {
      const scope = resolveTenantScope(model, q.context);
      const outcome = await answerQuestion(deps, { question: q.question, scope, history: [] });
      if (!outcome.plan) continue;
      // Questions that find no row say nothing about the cost of reading one.
      if ((outcome.rowCount ?? 0) === 0) continue;
      const scoped = scopePlan(outcome.plan, model, scope);
      const compiled = (skip: boolean) => compileQuery(scoped, model, off.dialect, { maxRows: MAX_ROWS, ...(skip ? { unsafeSkipTenantPredicateForTests: true } : {}) });
      samples.push({ id: q.id, queries: { off: compiled(false), on: compiled(false), onNoPredicate: compiled(true) } });
    }
    await deps.close();
    log(`${samples.length} answerable questions at ${point.label} orders, ${rounds} rounds`);

    const sourceOf: Record<Variant, DataSource> = { off, on, onNoPredicate: on };
    const options = { timeoutMs: TIMEOUT_MS, maxRows: MAX_ROWS };
    // The three must read the same rows, or the figures compare different work.
    for (const sample of samples) {
      const [a, b, c] = await Promise.all(VARIANTS.map(async (v) => JSON.stringify((await sourceOf[v].execute(sample.queries[v], options)).rows)));
      if (a !== b || a !== c) throw new Error(`${sample.id}: the variants read different rows`);
    }
    const times = new Map<string, Record<Variant, number[]>>(samples.map((s) => [s.id, { off: [], on: [], onNoPredicate: [] }]));
    const warmUp = 5;
    for (let round = 0; round < rounds + warmUp; round++) {
      for (const sample of samples) {
        for (const variant of [...VARIANTS].sort(() => Math.random() - 0.5)) {
          const t0 = nowNs();
          await sourceOf[variant].execute(sample.queries[variant], options);
          if (round >= warmUp) times.get(sample.id)![variant].push(msSince(t0));
        }
      }
    }
    // Per question: median of each variant and the ratio to "off"; then the median over questions.
    const ratios: Record<Variant, number[]> = { off: [], on: [], onNoPredicate: [] };
    const medians: Record<Variant, number[]> = { off: [], on: [], onNoPredicate: [] };
    for (const sample of samples) {
      const per = times.get(sample.id)!;
      const m = Object.fromEntries(VARIANTS.map((v) => [v, summarise(per[v]).median])) as Record<Variant, number>;
      for (const v of VARIANTS) {
        medians[v].push(m[v]);
        ratios[v].push(m[v] / m.off);
      }
    }
    for (const v of VARIANTS) {
      const r = summarise(ratios[v]);
      const q = summarise(medians[v]);
      log(`${v.padEnd(14)} per-question median ms: median ${q.median.toFixed(2)}, p90 ${q.p90.toFixed(2)}, max ${q.max.toFixed(2)} | ratio to off: median ${r.median.toFixed(2)}, p90 ${r.p90.toFixed(2)}, min ${r.min.toFixed(2)}, max ${r.max.toFixed(2)}`);
    }
    await admin.end();
  } finally {
    for (const source of sources) await source.close();
    await pg.stop();
  }
}

void main();
