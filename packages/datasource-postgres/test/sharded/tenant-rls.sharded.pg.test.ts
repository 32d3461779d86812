/**
 * The second lock on a sharded coordinator: the documented role and policies (tenantRlsSql) on the
 * partitioned facts hold over their foreign partitions, with the compiler's tenant predicates left out, for
 * tenants on both shards. The start-up check refuses a role that can read a foreign partition by name
 * (the parent's policies do not apply there, and a foreign table cannot carry policies of its own). And
 * what askdata's login can reach besides: on the coordinator, no partition and no user mapping's password;
 * on a shard, nothing (it has no role there); the shard's own reader login, which the coordinator's user
 * mapping holds, reads every tenant on its shard and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type DataSource, type QueryPlanInput } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { shardReaderRole, withClient } from '../../../../test-support/postgres-shards';
import { createShardedDemoWarehouseOnPostgres, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { asUser, createTenantRlsRoles, withUser, type TenantRlsRoles } from '../../../../test-support/tenant-rls-roles';
import { openPostgresDataSource, scopedTablesOf } from '../../src/index';

const model = demoModelFixture();
const opts = { timeoutMs: 5000, maxRows: 10_000 };
const TENANTS = [1, 2, 3];
const FOREIGN_PARTITIONS = ['orders_shard_1', 'orders_shard_2', 'reviews_shard_1', 'reviews_shard_2'];
let warehouse: ShardedWarehouse;
let roles: TenantRlsRoles;
let ds: DataSource;
const admin = <T>(work: Parameters<typeof asUser<T>>[1]) => asUser(warehouse.coordinator.url, work);

beforeAll(async () => {
  warehouse = await createShardedDemoWarehouseOnPostgres('sharded_rls', { scale: 0.01 });
  roles = await createTenantRlsRoles(warehouse.coordinator, model);
  // readOnlyRoleSql grants the login ALL TABLES, the foreign partitions among them: take those back (docs/scale.md).
  await admin((client) => client.query(`REVOKE SELECT ON ${FOREIGN_PARTITIONS.join(', ')} FROM ${roles.login}`));
  ds = await openPostgresDataSource(roles.loginUrl, { maxConnections: 1, tenantRls: { role: roles.role, scopedTables: scopedTablesOf(model) } });
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await warehouse?.drop();
  await roles?.dropRoles();
});

function compiled(input: QueryPlanInput, org: number, unsafe = false) {
  const scoped = scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId: org }));
  return compileQuery(scoped, model, ds.dialect, { maxRows: opts.maxRows, ...(unsafe ? { unsafeSkipTenantPredicateForTests: true } : {}) });
}
const idsOf = (entity: string): QueryPlanInput => ({ kind: 'list', entity, fields: [{ entity, field: 'id' }], orderBy: [{ field: { entity, field: 'id' }, direction: 'asc' }] });
/** The tenant's ids read on its own shard, not through the coordinator. */
const onShard = (table: string, org: number) =>
  withClient(warehouse.shards.find((shard) => shard.tenants.includes(org))!.url, async (client) => (await client.query<{ id: number }>(`select id from ${table} where organisation_id = $1 order by id`, [org])).rows.map((row) => row.id));

describe('the policies on the partitioned tables', () => {
  it('the tenants asked about live on both shards, and the documented role passes the start-up check', async () => {
    expect(new Set(TENANTS.map((tenant) => warehouse.shardOf(tenant)))).toEqual(new Set(['shard_1', 'shard_2']));
    await expect(ds.checkRowLevelSecurity?.()).resolves.toBeUndefined();
  });

  it.each(['orders', 'reviews'])('with the tenant predicate left out, each tenant reads only its own %s, from its shard', async (table) => {
    const seen: number[] = [];
    for (const org of [...TENANTS, 1]) {
      const query = compiled(idsOf(table), org, true);
      expect(query.sql).not.toContain('organisation_id');
      const ids = (await ds.execute(query, opts)).rows.map((row) => Number(row.id));
      expect(ids).toEqual(await onShard(table, org));
      expect(ids.length).toBeGreaterThan(0);
      seen.push(...ids);
    }
    const everyRow = await admin(async (client) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n));
    expect(new Set(seen).size).toBe(everyRow);
  });

  it('with the predicates left out of a breakdown joined to a dimension and of a related filter, the answers are those the predicates give', async () => {
    const byCategory: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] };
    const reviewers: QueryPlanInput = { ...idsOf('users'), kind: 'list', filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: 'reviews', via: 'user_id', where: [], count: { op: 'gt', value: 0 } }] } as QueryPlanInput;
    for (const plan of [byCategory, reviewers]) {
      for (const org of TENANTS) {
        const expected = (await ds.execute(compiled(plan, org), opts)).rows;
        expect(expected.length).toBeGreaterThan(0);
        expect((await ds.execute(compiled(plan, org, true), opts)).rows).toEqual(expected);
      }
    }
  });
});

describe('the start-up check and foreign partitions', () => {
  async function checkWith(grant: string | undefined): Promise<unknown> {
    if (grant) await admin((client) => client.query(grant));
    const source = await openPostgresDataSource(roles.loginUrl, { maxConnections: 1, tenantRls: { role: roles.role, scopedTables: scopedTablesOf(model) } });
    try {
      return await source.checkRowLevelSecurity!().then(() => 'passed', (error: unknown) => error);
    } finally {
      await source.close();
    }
  }

  it('refuses the role once it can read a foreign partition by name, and passes it again once that is revoked', async () => {
    const refused = await checkWith(`GRANT SELECT ON orders_shard_1 TO ${roles.role}`);
    expect(refused).toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining(`role "${roles.role}" can read public.orders_shard_1, a partition of "orders" a foreign table, which cannot enforce row-level security`) });
    // Through the partition, the policies are gone: every tenant's orders on the shard.
    const direct = await asUser(roles.loginUrl, async (client) => {
      await client.query(`set role ${roles.role}`);
      return (await client.query<{ org: number }>('select distinct organisation_id as org from orders_shard_1 order by 1')).rows.map((row) => row.org);
    });
    expect(direct).toEqual(warehouse.shards[0]!.tenants);
    expect(await checkWith(`REVOKE SELECT ON orders_shard_1 FROM ${roles.role}`)).toBe('passed');
  });

  it('refuses the documented login while it can read the foreign partitions (GRANT ... ON ALL TABLES gave it them), and passes once they are revoked', async () => {
    const refused = await checkWith(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${roles.login}`);
    for (const partition of FOREIGN_PARTITIONS) expect(refused).toMatchObject({ message: expect.stringContaining(`the data source login "${roles.login}" can read public.${partition}, a partition of`) });
    const direct = await asUser(roles.loginUrl, async (client) => (await client.query<{ n: string }>('select count(distinct organisation_id) as n from orders_shard_1')).rows[0]?.n);
    expect(Number(direct)).toBe(warehouse.shards[0]!.tenants.length);
    expect(await checkWith(`REVOKE SELECT ON ${FOREIGN_PARTITIONS.join(', ')} FROM ${roles.login}`)).toBe('passed');
  });

  it('refuses a column grant on a foreign partition, and a readable local partition without policies of its own', async () => {
    expect(await checkWith(`GRANT SELECT (organisation_id) ON reviews_shard_2 TO ${roles.role}`)).toMatchObject({ message: expect.stringContaining('public.reviews_shard_2, a partition of "reviews"') });
    await admin((client) => client.query(`REVOKE SELECT (organisation_id) ON reviews_shard_2 FROM ${roles.role}`));
    const local = `orders_unplaced_${randomBytes(3).toString('hex')}`;
    await admin((client) => client.query(`CREATE TABLE ${local} PARTITION OF orders DEFAULT`));
    try {
      expect(await checkWith(`GRANT SELECT ON ${local} TO ${roles.role}`)).toMatchObject({ message: expect.stringContaining(`public.${local}, a partition of "orders" without row-level security of its own`) });
      expect(await checkWith(`ALTER TABLE ${local} ENABLE ROW LEVEL SECURITY`)).toBe('passed');
    } finally {
      await admin((client) => client.query(`DROP TABLE ${local}`));
    }
  });
});

describe('what askdata\'s login can reach besides its questions', () => {
  it('on the coordinator: no foreign partition, no user mapping\'s password, as the login or as the role', async () => {
    await asUser(roles.loginUrl, async (client) => {
      for (const as of [undefined, roles.role]) {
        if (as) await client.query(`set role ${as}`);
        await expect(client.query('select count(*) from orders_shard_1')).rejects.toMatchObject({ code: '42501' });
        const mappings = (await client.query<{ srvname: string; umoptions: string[] | null }>('select srvname, umoptions from pg_user_mappings order by srvname')).rows;
        expect(mappings).toEqual([{ srvname: 'shard_1', umoptions: null }, { srvname: 'shard_2', umoptions: null }]);
        await expect(client.query('select umoptions from pg_user_mapping')).rejects.toMatchObject({ code: '42501' });
      }
    });
    // The superuser sees the password: the mapping does hold one.
    const asAdmin = await admin(async (client) => (await client.query<{ umoptions: string[] }>("select umoptions from pg_user_mappings where srvname = 'shard_1'")).rows[0]?.umoptions);
    expect(asAdmin).toEqual(expect.arrayContaining([expect.stringMatching(/^password=/)]));
  });

  it('on a shard: askdata\'s login and role do not exist there, so they cannot connect', async () => {
    for (const shard of warehouse.shards) {
      for (const user of [roles.login, roles.role]) {
        await expect(asUser(withUser(shard.url, user), (client) => client.query('select 1'))).rejects.toMatchObject({ code: '28000', message: expect.stringContaining(`role "${user}" does not exist`) });
      }
    }
  });

  it('on a shard: the user mapping\'s reader reads every tenant placed there (no policy can tell them apart) and writes nothing', async () => {
    const [shard] = warehouse.shards;
    const reader = withUser(shard!.url, shardReaderRole(shard!));
    await asUser(reader, async (client) => {
      expect((await client.query<{ org: number }>('select distinct organisation_id as org from orders order by 1')).rows.map((row) => row.org)).toEqual(shard!.tenants);
      // postgres_fdw carries none of askdata's settings to the shard's session, so a policy there could not know the tenant.
      await expect(client.query('delete from orders')).rejects.toMatchObject({ code: '25006' });
      await expect(client.query('create table stolen (id int)')).rejects.toMatchObject({ code: '25006' });
    });
  });
});
