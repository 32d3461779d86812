/**
 * What the engine says about one compiled query on the sharded side: which shards it reads (pruning) and
 * whether the aggregate and the join run on the shard (pushdown). From the engine's own plan, never from
 * timing:
 * - PostgreSQL: `EXPLAIN (FORMAT JSON, VERBOSE)` with the query's parameters; the foreign partitions left in
 *   the plan are the shards read, and their Remote SQL shows what postgres_fdw sends.
 * - MariaDB Spider: `EXPLAIN PARTITIONS`. When Spider's group-by handler takes the whole query ("Storage
 *   engine handles GROUP BY": aggregate and filter run on the backends) the plan names no partition; then
 *   the shards read are the backends whose Com_select counter moved while the query ran once.
 */
import type { Shard } from './build';
import type { ShardEngine } from './generate-sql';
import { withSqlClient, type SqlClient } from './sql-client';

export interface PlanFacts {
  /** Shards (foreign servers / Spider backends) the query reads orders from. */
  shards: string[];
  shardsFrom: 'EXPLAIN' | 'backend counters';
  /** The shard computes the aggregate. */
  aggregatePushed: boolean;
  /** The join runs on the shard; null when the query has no join. */
  joinPushed: boolean | null;
}

const hasJoin = (sql: string): boolean => /\bjoin\b/i.test(sql);

function remoteSqlOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => remoteSqlOf(child, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Remote SQL' && typeof value === 'string') out.push(value);
      else remoteSqlOf(value, out);
    }
  }
  return out;
}

/** Foreign partitions are named orders_<server> (test-support's foreignPartitionName). */
export async function postgresPlanFacts(client: SqlClient, sql: string, parameters: readonly unknown[], shards: readonly Shard[]): Promise<PlanFacts> {
  const rows = await client.query(`explain (format json, verbose) ${sql}`, parameters);
  const plan = rows[0]?.['QUERY PLAN'];
  const text = JSON.stringify(plan);
  const remote = remoteSqlOf(plan);
  return {
    shards: shards.map((s) => s.server).filter((server) => text.includes(`orders_${server}`)),
    shardsFrom: 'EXPLAIN',
    aggregatePushed: remote.some((q) => /\b(sum|count|avg)\(/i.test(q)),
    joinPushed: hasJoin(sql) ? remote.some((q) => /\bjoin\b/i.test(q)) : null,
  };
}

async function selectsOn(shard: Shard): Promise<number> {
  return withSqlClient('mariadb', shard.url, async (client) => Number((await client.query("show global status like 'Com_select'"))[0]?.Value ?? 0));
}

/** Spider partitions are named p_<server> (test-support's spiderFrontTableSql). */
export async function mariadbPlanFacts(client: SqlClient, sql: string, parameters: readonly unknown[], shards: readonly Shard[]): Promise<PlanFacts> {
  const rows = await client.query(`explain partitions ${sql}`, parameters);
  const wholeQueryOnBackends = rows.some((row) => String(row.Extra ?? '').includes('Storage engine handles GROUP BY'));
  const join = hasJoin(sql) ? wholeQueryOnBackends : null;
  if (!wholeQueryOnBackends) {
    const partitions = rows.filter((row) => row.table === 'orders').flatMap((row) => String(row.partitions ?? '').split(','));
    return { shards: shards.map((s) => s.server).filter((server) => partitions.includes(`p_${server}`)), shardsFrom: 'EXPLAIN', aggregatePushed: false, joinPushed: join };
  }
  // Reading the counters is itself a SELECT on each backend: each is read twice before the query, so its
  // own read cancels out of the difference.
  const before = await Promise.all(shards.map(selectsOn));
  const baseline = await Promise.all(shards.map(selectsOn));
  await client.query(sql, parameters);
  const after = await Promise.all(shards.map(selectsOn));
  const own = baseline.map((value, i) => value - before[i]!);
  return { shards: shards.filter((_, i) => after[i]! - baseline[i]! - own[i]! > 0).map((s) => s.server), shardsFrom: 'backend counters', aggregatePushed: true, joinPushed: join };
}

export const planFactsOf = (engine: ShardEngine): typeof postgresPlanFacts => (engine === 'postgres' ? postgresPlanFacts : mariadbPlanFacts);
