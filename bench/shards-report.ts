/**
 * Renders the sharded benchmark (bench/shards-run.ts) as one block of docs/benchmarks.md between markers,
 * kept when other bench commands rewrite the file, and its chart as docs/benchmarks-shards.svg. The
 * hand-written reading of the figures is bench/shards-analysis.md, appended as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Machine } from './lib/machine';
import { ms, ratio, table } from './lib/markdown';
import type { ReportBlock } from './lib/report-block';
import { svgBarChart } from './lib/svg-bar-chart';
import type { BuiltSide } from './shards/build';
import type { ShardEngine } from './shards/generate-sql';
import type { ShardLayout } from './shards/layout';
import { SCALE_QUESTIONS, SCALE_TIMEOUT_MS, type Rounds, type ScaleCell } from './shards/measure';

export const SHARDS_BLOCK: ReportBlock = { begin: '<!-- BEGIN: shards (npm run bench; alone: npm run bench -- --shards 20m) -->', end: '<!-- END: shards -->' };
export const SHARDS_SVG = 'benchmarks-shards.svg';

export interface EngineShardRun {
  engine: ShardEngine;
  version: string;
  settings: string;
  single: SideFigures;
  sharded: SideFigures;
  singleCells: ScaleCell[];
  shardedCells: ScaleCell[];
  /** The sharded side again after one setting a team would change (PostgreSQL: postgres_fdw's fetch_size). */
  tuned?: { label: string; cells: ScaleCell[] };
}

export type SideFigures = Omit<BuiltSide, 'url' | 'shards'> & { shards: { server: string; tenants: number[] }[] };

export interface ShardResults {
  machine: Machine;
  durationS: number;
  layout: ShardLayout;
  rounds: Rounds;
  /** Run alone (`--shards`) rather than at the end of the default `npm run bench`. */
  alone: boolean;
  runs: EngineShardRun[];
}

const ENGINE_NAMES: Record<ShardEngine, { single: string; sharded: string; name: string }> = {
  postgres: { name: 'PostgreSQL', single: 'PostgreSQL, one server', sharded: 'PostgreSQL, postgres_fdw over 3 shards' },
  mariadb: { name: 'MariaDB', single: 'MariaDB, one server', sharded: 'MariaDB Spider over 3 backends' },
};
const COLORS: Record<ShardEngine, { single: string; sharded: string; tuned: string }> = {
  postgres: { single: '#2ca02c', sharded: '#98df8a', tuned: '#17becf' },
  mariadb: { single: '#9467bd', sharded: '#c5b0d5', tuned: '#e377c2' },
};
const TENANTS = ['small', 'large'] as const;

const cellOf = (cells: readonly ScaleCell[], question: string, tenant: string): ScaleCell | undefined => cells.find((c) => c.question === question && c.tenant === tenant);
const millions = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(n % 1e6 === 0 ? 0 : 1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n));

export function renderShardsChart(r: ShardResults): string {
  const groups = SCALE_QUESTIONS.flatMap((q) => TENANTS.map((tenant) => ({ q, tenant })));
  return svgBarChart({
    title: `One server against 3 shards: median per query (${millions(r.layout.orders)} orders)`,
    xLabels: groups.map(({ q, tenant }) => `${tenant} tenant\n${q.short}`),
    xTitle: 'question and tenant (askdata\'s compiled SQL, tenant-scoped)',
    yLabel: 'median execution (log scale)',
    series: r.runs.flatMap((run) => [
      { name: ENGINE_NAMES[run.engine].single.replace(', one server', ' single'), color: COLORS[run.engine].single, values: groups.map(({ q, tenant }) => cellOf(run.singleCells, q.id, tenant)?.medianMs ?? Number.NaN) },
      { name: `${ENGINE_NAMES[run.engine].name} sharded`, color: COLORS[run.engine].sharded, values: groups.map(({ q, tenant }) => cellOf(run.shardedCells, q.id, tenant)?.medianMs ?? Number.NaN) },
      ...(run.tuned ? [{ name: `${ENGINE_NAMES[run.engine].name} sharded, ${run.tuned.label}`, color: COLORS[run.engine].tuned, values: groups.map(({ q, tenant }) => cellOf(run.tuned!.cells, q.id, tenant)?.medianMs ?? Number.NaN) }] : []),
    ]),
  });
}

const yesNo = (value: boolean | null | undefined): string => (value === null || value === undefined ? 'n/a' : value ? 'yes' : 'no');

function engineSection(r: ShardResults, run: EngineShardRun): string {
  const names = ENGINE_NAMES[run.engine];
  const rows = SCALE_QUESTIONS.flatMap((q) =>
    TENANTS.map((tenant) => {
      const single = cellOf(run.singleCells, q.id, tenant);
      const sharded = cellOf(run.shardedCells, q.id, tenant);
      const tuned = run.tuned ? cellOf(run.tuned.cells, q.id, tenant) : undefined;
      const plan = sharded?.plan;
      const source = plan?.shardsFrom === 'backend counters' ? ', backend counters' : '';
      const pruned = plan ? (plan.shards.length === 1 ? `yes (${plan.shards[0]}${source})` : `**no** (${plan.shards.join(', ') || 'none'}${source})`) : 'n/a';
      return [
        q.label,
        `${tenant} (org ${single?.organisationId ?? '?'}, ${millions(single?.tenantOrders ?? 0)} orders)`,
        ms(single?.medianMs ?? Number.NaN, 1),
        ms(sharded?.medianMs ?? Number.NaN, 1),
        ratio((sharded?.medianMs ?? Number.NaN) / (single?.medianMs ?? Number.NaN)),
        ...(run.tuned ? [ms(tuned?.medianMs ?? Number.NaN, 1), ratio((tuned?.medianMs ?? Number.NaN) / (single?.medianMs ?? Number.NaN))] : []),
        pruned,
        yesNo(plan?.aggregatePushed),
        plan?.joinPushed === null ? '—' : yesNo(plan?.joinPushed),
        single && sharded ? (single.rows === sharded.rows && (!tuned || tuned.rows === single.rows) ? 'yes' : '**no**') : 'n/a',
      ];
    }),
  );
  const tunedHeaders = run.tuned ? [`sharded, ${run.tuned.label} (ms)`, '÷ one'] : [];
  const headers = ['question', 'tenant', 'one server (ms)', 'sharded (ms)', 'sharded ÷ one', ...tunedHeaders, 'one shard read', 'aggregate on the shard', 'join on the shard', 'same rows'];
  const shardList = run.sharded.shards.map((s) => `${s.server}: organisations ${s.tenants.join(', ')}`).join('; ');
  return `### ${names.name} ${run.version}: ${names.single} against ${names.sharded}

Loaded in ${run.single.rowsS.toFixed(0)} s + ${run.single.indexesS.toFixed(0)} s of keys, indexes and statistics (one server) and ${run.sharded.rowsS.toFixed(0)} s + ${run.sharded.indexesS.toFixed(0)} s (sharded; the shards load at once). Shards: ${shardList}. Settings: ${run.settings}.

${table(headers, rows)}`;
}

function analysis(): string {
  const path = join(__dirname, 'shards-analysis.md');
  return existsSync(path) ? `\n${readFileSync(path, 'utf8').trim()}\n` : '';
}

export function renderShards(r: ShardResults): string {
  const m = r.machine;
  const tenants = r.layout.tenants.map((t) => `${t.organisationId}: ${millions(t.orders.last - t.orders.first + 1)}`).join(', ');
  return `${SHARDS_BLOCK.begin}
## Data that outgrows one server: 3 shards against one server (issue 42)

Generated by \`npm run bench${r.alone ? ` -- --shards ${millions(r.layout.orders).toLowerCase()}` : ''}\` in ${r.durationS.toFixed(0)} s${r.alone ? ' (the default `npm run bench` runs it too, at 20M orders)' : ''}, generation included; every figure in this section is from that one run.
**Machine:** ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB RAM, Node ${m.node}, load average ${m.loadAverage.toFixed(1)} at start. Every server (the single one, the coordinator or front, and the three shards) is a throwaway test-support server on this same machine and its loopback: the sharded side gets no extra cores or disks (only each server's own memory settings: see the MariaDB reading below), so these figures are the price of the distributed plan, not the gain of more hardware.
**Data:** ${r.layout.orders.toLocaleString('en')} orders, ${r.layout.users.toLocaleString('en')} customers, ${r.layout.products.toLocaleString('en')} products in 6 organisations of unequal size (orders per organisation ${tenants}), generated inside each server (generate_series, MariaDB's seq_1_to_N; every value derived from the row number). One server holds every row; on the sharded side the coordinator (PostgreSQL) or Spider front (MariaDB) holds the dimensions (organisations, customers, products) and orders is LIST-partitioned by organisation_id over the shards, two organisations each (test-support's postgres-shards.ts and spider-shards.ts).
**Queries:** askdata's compiled SQL for each question with the tenant's scope (answerQuestion on the demo model, "now" pinned at 2026-06-15, so "last year" is 2025), executed through askdata's adapter. Milliseconds, the median of ${r.rounds.minRuns} to ${r.rounds.maxRuns} runs after one warm-up (more runs while under ${(r.rounds.budgetMs / 1000).toFixed(0)} s); time limit ${SCALE_TIMEOUT_MS / 1000} s. "One shard read" is from the engine's plan of that SQL with its parameters: PostgreSQL \`EXPLAIN (FORMAT JSON, VERBOSE)\` (the foreign partitions left in the plan; their Remote SQL shows whether the shard computes the aggregate and the join); MariaDB \`EXPLAIN PARTITIONS\` (the partitions of orders), except when Spider's group-by handler takes the whole query to the backends ("Storage engine handles GROUP BY": the aggregate runs there, and the plan names no partition), where the shards read are the backends whose \`Com_select\` counter moved while the query ran once ("backend counters"). "Same rows": both sides returned identical rows.

![Median per query, one server against three shards, per engine](${SHARDS_SVG})

${r.runs.map((run) => engineSection(r, run)).join('\n\n')}
${analysis()}${SHARDS_BLOCK.end}`;
}
