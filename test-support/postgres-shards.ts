/**
 * PostgreSQL declarative partitioning with foreign partitions, set up as an operator would: the
 * coordinator reaches each shard through postgres_fdw (one foreign server and one user mapping per
 * shard), and a sharded table is a table PARTITION BY LIST of its tenant column on the coordinator whose
 * partitions are foreign tables, one per shard, each FOR VALUES IN the tenants placed on that shard.
 *
 * The user mapping connects as a read-only login made on the shard (SELECT only, read-only sessions), so
 * nothing that runs on the coordinator can write to a shard through it. The mapping is FOR PUBLIC: every
 * coordinator role that may read the partitioned table (askdata's login, the TENANT_RLS role) reaches the
 * shard as that login, and pg_user_mappings shows a PUBLIC mapping's password only to superusers and the
 * server's owner, never to askdata's roles.
 */
import { randomBytes } from 'node:crypto';
import { withClient } from './postgres';

export interface PgShard {
  /** Foreign server name on the coordinator, e.g. 'shard_1'. */
  server: string;
  /** URL of the shard's database (an admin login: it makes the shard's reader role and tables). */
  url: string;
  /** organisation_ids placed there. */
  tenants: number[];
}

export interface ShardServerOptions {
  /** postgres_fdw server options besides host, port and dbname (fetch_size, use_remote_estimate, extensions, async_capable). */
  serverOptions?: Readonly<Record<string, string>>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function plainIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`${what} must be a plain lower-case identifier, got ${JSON.stringify(name)}`);
  return name;
}

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export { withClient };

/** The read-only login the coordinator's user mapping uses on this shard: one per shard database, since roles belong to the whole server. */
export function shardReaderRole(shard: Pick<PgShard, 'url'>): string {
  return plainIdentifier(`fdw_reader_${new URL(shard.url).pathname.slice(1)}`.slice(0, 63), 'a shard reader role');
}

function options(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${plainIdentifier(key, 'a postgres_fdw option')} ${literal(value)}`)
    .join(', ');
}

/** CREATE EXTENSION postgres_fdw, one CREATE SERVER + USER MAPPING per shard (the mapping's user is a read-only role made on the shard). */
export async function attachPostgresShards(coordinatorUrl: string, shards: PgShard[], settings: ShardServerOptions = {}): Promise<void> {
  const mappings: { shard: PgShard; role: string; password: string }[] = [];
  for (const shard of shards) {
    plainIdentifier(shard.server, 'a foreign server name');
    const role = shardReaderRole(shard);
    const password = randomBytes(12).toString('hex');
    const database = new URL(shard.url).pathname.slice(1);
    await withClient(shard.url, (client) =>
      client.query(
        [
          `CREATE ROLE ${role} LOGIN PASSWORD ${literal(password)} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION`,
          `ALTER ROLE ${role} SET default_transaction_read_only = on`,
          `GRANT CONNECT ON DATABASE "${plainIdentifier(database, 'a shard database name')}" TO ${role}`,
          `GRANT USAGE ON SCHEMA public TO ${role}`,
          `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`,
          `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO ${role}`,
        ].join(';\n'),
      ),
    );
    mappings.push({ shard, role, password });
  }
  await withClient(coordinatorUrl, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgres_fdw');
    for (const { shard, role, password } of mappings) {
      const target = new URL(shard.url);
      const server = { host: target.hostname, port: target.port || '5432', dbname: target.pathname.slice(1), ...settings.serverOptions };
      await client.query(`CREATE SERVER ${shard.server} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (${options(server)})`);
      // password_required 'false' lets a non-superuser (the TENANT_RLS role) use the mapping when the shard
      // does not ask for a password (the test servers trust 127.0.0.1); a shard that asks gets this password.
      await client.query(`CREATE USER MAPPING FOR PUBLIC SERVER ${shard.server} OPTIONS (${options({ user: role, password, password_required: 'false' })})`);
    }
  });
}

/** The foreign partition of `table` on `shard` ('orders_shard_1'). */
export const foreignPartitionName = (table: string, shard: Pick<PgShard, 'server'>): string => `${table}_${shard.server}`;

const STAGING_SCHEMA = 'askdata_shard_staging';

/**
 * Creates `createTableSql`'s table on every shard, and on the coordinator a table of the same columns
 * PARTITION BY LIST (partitionKey) with one foreign partition per shard (FOR VALUES IN its tenants).
 * The coordinator's columns are read from the first shard through IMPORT FOREIGN SCHEMA, so the DDL is
 * written once; the partitioned table has no primary or foreign keys (PostgreSQL cannot build a unique
 * index over foreign partitions), the shards' tables keep theirs. A shard without tenants gets no partition.
 */
export async function createShardedTable(coordinatorUrl: string, shards: PgShard[], table: { name: string; createTableSql: string; partitionKey: string }): Promise<void> {
  const name = plainIdentifier(table.name, 'a table name');
  const key = plainIdentifier(table.partitionKey, 'a partition key');
  const first = shards[0];
  if (!first) throw new Error('createShardedTable needs at least one shard');
  for (const shard of shards) await withClient(shard.url, (client) => client.query(table.createTableSql));
  await withClient(coordinatorUrl, async (client) => {
    await client.query(`CREATE SCHEMA ${STAGING_SCHEMA}`);
    try {
      await client.query(`IMPORT FOREIGN SCHEMA public LIMIT TO (${name}) FROM SERVER ${first.server} INTO ${STAGING_SCHEMA}`);
      await client.query(`CREATE TABLE public.${name} (LIKE ${STAGING_SCHEMA}.${name}) PARTITION BY LIST (${key})`);
    } finally {
      await client.query(`DROP SCHEMA ${STAGING_SCHEMA} CASCADE`);
    }
    for (const shard of shards) {
      if (shard.tenants.length === 0) continue;
      const values = shard.tenants.map((tenant) => {
        if (!Number.isSafeInteger(tenant)) throw new Error(`a tenant must be an integer, got ${tenant}`);
        return String(tenant);
      });
      await client.query(
        `CREATE FOREIGN TABLE public.${foreignPartitionName(name, shard)} PARTITION OF public.${name} FOR VALUES IN (${values.join(', ')}) SERVER ${shard.server} OPTIONS (schema_name 'public', table_name ${literal(name)})`,
      );
    }
  });
}

/** Drops the shards' reader roles; call it after dropping the shards' databases (their grants go with them). */
export async function dropShardReaders(shards: PgShard[]): Promise<void> {
  for (const shard of shards) {
    const server = Object.assign(new URL(shard.url), { pathname: '/postgres' }).toString();
    await withClient(server, (client) => client.query(`DROP ROLE IF EXISTS ${shardReaderRole(shard)}`));
  }
}
