/**
 * Which shards a query on a Spider front reaches, seen two ways:
 *
 * - planned: MariaDB's own plan, EXPLAIN FORMAT=JSON of the compiled SQL with its parameters bound (a
 *   prepared EXPLAIN, so the values are the query's, never spliced into the text), reading the `partitions`
 *   of every table in it. Spider's group-by handler, when it takes a query over, hides the tables from
 *   EXPLAIN ("Storage engine handles GROUP BY"), so the EXPLAIN runs with spider_disable_group_by_handler=1:
 *   partition pruning is the optimizer's, done before the handler is chosen (Spider only takes a query over
 *   once pruning has left it one partition), so the partitions shown are those the query is run on.
 * - contacted: the backends' general log while the query runs (askdata's own execution when `run` is
 *   given): which backend received a statement reading one of the warehouse's tables. This is the proof
 *   that the other backend was never asked. Spider's statistics reads (SHOW TABLE STATUS, from its
 *   background thread) are listed apart: they read no rows.
 *
 * The general log is switched on (to the mysql.general_log table) on each backend and left on: test
 * backends are throwaway servers, and switching it off could cut another file's window short.
 */
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { databaseOf, type SpiderShard } from './spider-shards';

export interface CompiledSql {
  sql: string;
  parameters: readonly unknown[];
}

export interface ShardsTouched {
  /** Spider servers whose partition the plan reads (EXPLAIN). */
  planned: string[];
  /** Spider servers whose backend received a statement reading a table (general log). */
  contacted: string[];
  /** Per server, the statements its backend received (reads and statistics). */
  statements: Record<string, string[]>;
  /** Tables in the plan that are not partitioned (the front's own dimensions). */
  localTables: string[];
}

/** The settings askdata's statement runs with that change a plan (mysql-statement.ts), plus the handler off so EXPLAIN shows the tables. */
const EXPLAIN_SETTINGS = "SET STATEMENT spider_disable_group_by_handler=1, optimizer_switch='materialization=off', time_zone='+00:00' FOR ";

interface PlannedTable {
  name: string;
  partitions?: string[];
}

/** Every `table` object in a JSON plan, however deeply nested (subqueries, materializations, unions). */
function tablesIn(node: unknown, found: PlannedTable[] = []): PlannedTable[] {
  if (Array.isArray(node)) {
    for (const item of node) tablesIn(item, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'table' && value !== null && typeof value === 'object' && 'table_name' in value) {
        const table = value as { table_name: unknown; partitions?: unknown };
        found.push({ name: String(table.table_name), ...(Array.isArray(table.partitions) ? { partitions: table.partitions.map(String) } : {}) });
      }
      tablesIn(value, found);
    }
  }
  return found;
}

export async function plannedPartitions(frontUrl: string, query: CompiledSql): Promise<PlannedTable[]> {
  const front = await createConnection({ uri: frontUrl });
  try {
    const [rows] = await front.execute<RowDataPacket[]>(`${EXPLAIN_SETTINGS}EXPLAIN FORMAT=JSON ${query.sql}`, [...query.parameters] as never[]);
    return tablesIn(JSON.parse(String(rows[0]?.EXPLAIN)));
  } finally {
    await front.end();
  }
}

async function markLog(connection: Connection): Promise<string> {
  const [on] = await connection.query<RowDataPacket[]>('select @@global.general_log as on_, @@global.log_output as output');
  if (Number(on[0]?.on_) !== 1 || !String(on[0]?.output).includes('TABLE')) await connection.query("SET GLOBAL log_output = 'TABLE', general_log = 1");
  const [now] = await connection.query<RowDataPacket[]>("select date_format(now(6), '%Y-%m-%d %H:%i:%s.%f') as t");
  return String(now[0]?.t);
}

/** What each backend received since `since` that names the backend's database (Spider qualifies every table). */
async function loggedSince(connection: Connection, since: string, database: string): Promise<string[]> {
  const [rows] = await connection.query<RowDataPacket[]>("select convert(argument using utf8mb4) as q from mysql.general_log where event_time >= ? and command_type = 'Query' order by event_time", [since]);
  const quoted = `\`${database.replace(/`/g, '``')}\``;
  return rows.map((row) => String(row.q)).filter((statement) => statement.includes(quoted));
}

const isStatistics = (statement: string): boolean => /^\s*show\b/i.test(statement);

/**
 * The plan's partitions and the backends contacted while `run` (default: the query prepared on an admin
 * connection to the front) executes the query.
 */
export async function shardsTouched(frontUrl: string, shards: SpiderShard[], query: CompiledSql, run?: () => Promise<unknown>): Promise<ShardsTouched> {
  const planTables = await plannedPartitions(frontUrl, query);
  const byPartition = new Map(shards.map((shard) => [`p_${shard.server}`, shard.server]));
  const planned = new Set<string>();
  for (const table of planTables) for (const partition of table.partitions ?? []) planned.add(byPartition.get(partition) ?? `unknown partition ${partition}`);
  const backends = await Promise.all(shards.map((shard) => createConnection({ uri: shard.url })));
  try {
    const marks = await Promise.all(backends.map(markLog));
    if (run) await run();
    else {
      const front = await createConnection({ uri: frontUrl });
      try {
        await front.execute(query.sql, [...query.parameters] as never[]);
      } finally {
        await front.end();
      }
    }
    const statements: Record<string, string[]> = {};
    const contacted: string[] = [];
    for (const [index, shard] of shards.entries()) {
      const received = await loggedSince(backends[index] as Connection, marks[index] as string, databaseOf(shard.url));
      statements[shard.server] = received;
      if (received.some((statement) => !isStatistics(statement))) contacted.push(shard.server);
    }
    return { planned: [...planned].sort(), contacted, statements, localTables: planTables.filter((table) => table.partitions === undefined).map((table) => table.name) };
  } finally {
    for (const backend of backends) await backend.end();
  }
}

/**
 * Throws unless the plan reads the sharded tables on `shard` alone, and no other backend was asked for rows.
 * The tenant's own backend may receive nothing: MariaDB skips a join's fact table when the dimension side
 * already came out empty (a tenant with no laptops is never asked for laptop orders).
 */
export function assertPrunedTo(touched: ShardsTouched, shard: SpiderShard): void {
  const problems: string[] = [];
  if (touched.planned.length === 0) problems.push('the plan reads no Spider partition at all');
  const otherPlanned = touched.planned.filter((server) => server !== shard.server);
  if (otherPlanned.length > 0) problems.push(`the plan reads the partitions of ${otherPlanned.join(', ')}`);
  const otherContacted = touched.contacted.filter((server) => server !== shard.server);
  if (otherContacted.length > 0) problems.push(`the backends of ${otherContacted.join(', ')} received: ${otherContacted.map((server) => touched.statements[server]?.join(' | ')).join(' || ')}`);
  if (problems.length > 0) throw new Error(`not pruned to ${shard.server}: ${problems.join('; ')}`);
}
