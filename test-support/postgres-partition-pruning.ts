/**
 * Pruning proven from PostgreSQL's own plan: EXPLAIN (VERBOSE, FORMAT JSON) of the text askdata's data
 * source runs for a compiled query (cappedQueryText), with the query's own parameters, in a read-only
 * transaction with askdata's transaction settings, on the coordinator. The plan's Foreign Scan nodes name
 * the foreign partitions that would be read ("Relation Name", or "Relations" for a join or aggregate the
 * shard computes); a partition pruned at planning is absent, one pruned at executor start-up is counted in
 * an Append's "Subplans Removed" and absent too. The catalog says which shard (foreign server) holds each
 * partition, so a tenant's query is pruned when every partition it scans is on the tenant's shard.
 */
import type { CompiledQuery } from '@askdata/core';
import { cappedQueryText, transactionSettings } from '@askdata/datasource-postgres';
import { withClient } from './postgres-shards';

export interface ForeignPartition {
  partition: string;
  /** The partitioned table it belongs to. */
  parent: string;
  /** The foreign server (shard) it lives on. */
  server: string;
}

const partitionsSql = `
select c.relname as partition, p.relname as parent, s.srvname as server
from pg_class c
join pg_foreign_table f on f.ftrelid = c.oid
join pg_foreign_server s on s.oid = f.ftserver
join pg_inherits i on i.inhrelid = c.oid
join pg_class p on p.oid = i.inhparent
where c.relispartition
order by c.relname`;

/** A node of EXPLAIN (FORMAT JSON)'s plan tree, as far as this check reads it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Relations?: string;
  'Remote SQL'?: string;
  'Subplans Removed'?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

export interface Explained {
  plan: PlanNode;
  partitions: ForeignPartition[];
}

const EXPLAIN_ROWS = 1000;

/**
 * EXPLAIN of what the data source would run for `compiled`. `settings` are extra `set local` statements
 * (e.g. 'enable_partitionwise_aggregate = on') applied after askdata's own transaction settings.
 */
export async function explainOnCoordinator(coordinatorUrl: string, compiled: CompiledQuery, settings: readonly string[] = []): Promise<Explained> {
  return withClient(coordinatorUrl, async (client) => {
    await client.query('begin read only');
    try {
      const local = transactionSettings(10_000);
      await client.query(local.text, local.values);
      for (const setting of settings) await client.query(`set local ${setting}`);
      const explained = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({ text: `explain (verbose, format json) ${cappedQueryText(compiled.sql, EXPLAIN_ROWS)}`, values: [...compiled.parameters] });
      const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error('EXPLAIN returned no plan');
      const partitions = (await client.query<ForeignPartition>(partitionsSql)).rows;
      return { plan, partitions };
    } finally {
      await client.query('rollback');
    }
  });
}

export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The foreign partitions the plan reads: each Foreign Scan's relation, or the relations of a join or aggregate computed remotely. */
export function scannedPartitions({ plan, partitions }: Explained): ForeignPartition[] {
  const named = (text: string, name: string): boolean => new RegExp(`(^|[\\s.(])${name}([\\s)]|$)`).test(text);
  const scans = planNodes(plan).filter((node) => node['Node Type'] === 'Foreign Scan');
  return partitions.filter((partition) => scans.some((scan) => scan['Relation Name'] === partition.partition || (scan.Relations !== undefined && named(scan.Relations, partition.partition))));
}

/**
 * Why the plan is not pruned to `shard`: each foreign partition on another shard it scans, and each
 * sharded table (of `tables`) it reads no partition of on that shard. Empty when only the shard's
 * partitions are read.
 */
export function pruningProblems(explained: Explained, shard: string, tables: readonly string[]): string[] {
  const scanned = scannedPartitions(explained);
  const problems = scanned.filter((p) => p.server !== shard).map((p) => `scans ${p.partition} on ${p.server}, not only ${shard}`);
  for (const table of tables) {
    if (!scanned.some((p) => p.parent === table && p.server === shard)) problems.push(`reads no partition of ${table} on ${shard}`);
  }
  return problems;
}

/** The Remote SQL each shard is sent, by partition (or partitions) named in the scan. */
export function remoteSql({ plan }: Explained): string[] {
  return planNodes(plan).flatMap((node) => (node['Remote SQL'] === undefined ? [] : [node['Remote SQL']]));
}
