/**
 * Test and bench support for MariaDB's Spider engine: a front server whose fact tables are sharded over
 * backend MariaDB servers, as a team would set it up by hand.
 *
 * - attachSpiderShards: loads the plugin on the front when it is not loaded (INSTALL SONAME works at run
 *   time on 10.11: the plugin creates its own mysql.spider_* tables), and names each backend with
 *   CREATE SERVER. Spider reads a backend as a read-only account made for it there (SELECT on the one
 *   database), so the front can never write a shard, whatever runs on it.
 * - createSpiderTable: the table on every backend, and on the front a Spider table of the same columns,
 *   PARTITION BY LIST (the tenant column), one partition per backend naming its server.
 *
 * The front's table is declared with the REMOTE_TABLE / REMOTE_SERVER table options, not with Spider's
 * older COMMENT='srv "..."' strings: with COMMENT the connection string would be the table's comment in
 * information_schema, which introspection reads as the table's description. A Spider table still cannot
 * carry a COMMENT of its own (Spider 10.11 parses it as connection info and refuses prose).
 *
 * Server names are global on the front: callers pick names unique to their test file (spiderServerName).
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';

export interface SpiderShard {
  /** Spider server name on the front (CREATE SERVER), e.g. 'shard_1'. */
  server: string;
  /** mysql URL of the backend's database. */
  url: string;
  /** organisation_ids placed there. */
  tenants: number[];
}

export interface SpiderTable {
  name: string;
  /** CREATE TABLE for the backends (InnoDB, the table's own keys). Foreign keys are dropped on the front. */
  createTableSql: string;
  /** The tenant column: the LIST partitioning key. */
  partitionKey: string;
}

const quote = (name: string): string => `\`${name.replace(/`/g, '``')}\``;

/** A server name no other test file uses: `${prefix}_${random}` (letters, digits, underscore). */
export function spiderServerName(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${randomBytes(4).toString('hex')}`;
}

/** The backend account Spider connects as for `server`: derived from the server name, so it can be dropped later. */
export function spiderBackendUser(server: string): string {
  return `spider_${server}`.slice(0, 80);
}

export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (name === '') throw new Error(`the URL names no database: ${new URL(url).host}`);
  return name;
}

async function withConnection<T>(url: string, work: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await createConnection({ uri: url, multipleStatements: true });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

/** ER_PLUGIN_INSTALLED: another test file installed it between our check and our INSTALL. */
const PLUGIN_ALREADY_INSTALLED = 1968;

/** Installs ha_spider on the server at `url` unless the SPIDER engine is already active there. */
export async function ensureSpiderPlugin(url: string): Promise<void> {
  await withConnection(url, async (connection) => {
    const active = async (): Promise<boolean> => {
      const [rows] = await connection.query<RowDataPacket[]>("select 1 from information_schema.engines where engine = 'SPIDER' and support in ('YES', 'DEFAULT')");
      return rows.length > 0;
    };
    if (await active()) return;
    try {
      await connection.query("INSTALL SONAME 'ha_spider'");
    } catch (error) {
      if ((error as { errno?: number }).errno !== PLUGIN_ALREADY_INSTALLED) throw error;
    }
    if (!(await active())) throw new Error('INSTALL SONAME ha_spider did not make the SPIDER engine available');
  });
}

/** Loads the Spider plugin on the front if needed; one CREATE SERVER per backend (its user a read-only account made on the backend). */
export async function attachSpiderShards(frontUrl: string, shards: SpiderShard[]): Promise<void> {
  await ensureSpiderPlugin(frontUrl);
  const front = new URL(frontUrl);
  for (const shard of shards) {
    const backend = new URL(shard.url);
    const user = spiderBackendUser(shard.server);
    const password = randomBytes(12).toString('hex');
    // The front reaches the backend at the address the tests use; the account is allowed from anywhere a front may be.
    await withConnection(shard.url, async (connection) => {
      await connection.query(`CREATE OR REPLACE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
      await connection.query(`GRANT SELECT ON ${quote(databaseOf(shard.url))}.* TO ?@'%'`, [user]);
    });
    const host = backend.hostname === 'localhost' && front.hostname !== 'localhost' ? '127.0.0.1' : backend.hostname;
    await withConnection(frontUrl, (connection) =>
      connection.query(`CREATE OR REPLACE SERVER ${quote(shard.server)} FOREIGN DATA WRAPPER mysql OPTIONS (HOST ?, PORT ?, USER ?, PASSWORD ?, DATABASE ?)`, [
        host,
        Number(backend.port || 3306),
        user,
        password,
        databaseOf(shard.url),
      ]),
    );
  }
}

/** Drops what attachSpiderShards made: the servers on the front, the accounts on the backends that are still up. */
export async function detachSpiderShards(frontUrl: string, shards: SpiderShard[]): Promise<void> {
  for (const shard of shards) {
    await withConnection(frontUrl, (connection) => connection.query(`DROP SERVER IF EXISTS ${quote(shard.server)}`));
    await withConnection(shard.url, (connection) => connection.query(`DROP USER IF EXISTS ?@'%'`, [spiderBackendUser(shard.server)])).catch(() => undefined);
  }
}

/**
 * The front's Spider table from the backend's SHOW CREATE TABLE text: same columns and indexes, no foreign
 * keys (Spider tables cannot have them), the partition key added to primary and unique keys (MariaDB
 * requires every unique key of a partitioned table to contain the partitioning columns), and one LIST
 * partition per shard naming its server.
 */
export function spiderFrontTableSql(backendCreateSql: string, table: Pick<SpiderTable, 'name' | 'partitionKey'>, shards: SpiderShard[]): string {
  const body = backendCreateSql.slice(backendCreateSql.indexOf('(') + 1, backendCreateSql.lastIndexOf(')'));
  const tableOptions = backendCreateSql.slice(backendCreateSql.lastIndexOf(')') + 1);
  const key = quote(table.partitionKey);
  const lines = body
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter((line) => line !== '' && !/^CONSTRAINT\b/i.test(line) && !/^FOREIGN KEY\b/i.test(line))
    .map((line) => {
      const unique = /^(PRIMARY KEY|UNIQUE KEY(?: `[^`]+`)?) \((.*)\)(.*)$/i.exec(line);
      if (!unique || unique[2]?.split(',').some((column) => column.trim() === key)) return line;
      return `${unique[1]} (${unique[2]},${key})${unique[3]}`;
    });
  const charset = /DEFAULT CHARSET=(\w+)/i.exec(tableOptions)?.[1];
  const collation = /COLLATE=(\w+)/i.exec(tableOptions)?.[1];
  const partitions = shards.map((shard) => {
    if (shard.tenants.length === 0) throw new Error(`shard ${shard.server} holds no tenants: a LIST partition needs at least one value`);
    const tenants = shard.tenants.map((tenant) => String(Number(tenant))).join(',');
    return `PARTITION ${quote(`p_${shard.server}`)} VALUES IN (${tenants}) REMOTE_SERVER=${sqlString(shard.server)}`;
  });
  return [
    `CREATE TABLE ${quote(table.name)} (\n  ${lines.join(',\n  ')}\n)`,
    ` ENGINE=SPIDER${charset ? ` DEFAULT CHARSET=${charset}` : ''}${collation ? ` COLLATE=${collation}` : ''} REMOTE_TABLE=${sqlString(table.name)}`,
    `\nPARTITION BY LIST (${key}) (\n  ${partitions.join(',\n  ')}\n)`,
  ].join('');
}

const sqlString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Creates `createTableSql`'s table on every backend, and on the front a Spider table of the same columns PARTITION BY LIST (partitionKey), one partition per backend (COMMENT/REMOTE_SERVER naming it). */
export async function createSpiderTable(frontUrl: string, shards: SpiderShard[], table: SpiderTable): Promise<void> {
  const first = shards[0];
  if (!first) throw new Error('createSpiderTable needs at least one shard');
  for (const shard of shards) await withConnection(shard.url, (connection) => connection.query(table.createTableSql));
  const backendCreateSql = await withConnection(first.url, async (connection) => {
    const [rows] = await connection.query<RowDataPacket[]>(`SHOW CREATE TABLE ${quote(table.name)}`);
    return String(rows[0]?.['Create Table'] ?? '');
  });
  await withConnection(frontUrl, (connection) => connection.query(spiderFrontTableSql(backendCreateSql, table, shards)));
}
