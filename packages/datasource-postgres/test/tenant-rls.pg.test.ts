/**
 * The second lock in the adapter, on real PostgreSQL: with tenantRls every query runs as the tenant role
 * with its tenant values set inside its own transaction, the policies from tenantRlsSql keep tenants apart
 * even when the compiler leaves its predicates out, a query without the compiler's settings is refused,
 * and the start-up check refuses every role that could get around row-level security.
 */
import { randomBytes } from 'node:crypto';
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type DataSource, type QueryPlanInput } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import { testPostgresAdminUrl, type TestDatabase } from '../../../test-support/postgres';
import { asUser, createTenantRlsRoles, type TenantRlsRoles } from '../../../test-support/tenant-rls-roles';
import { openPostgresDataSource, scopedTablesOf, type TableName } from '../src/index';
import { transactionSettings } from '../src/transaction-settings';

const model = demoModelFixture();
const opts = { timeoutMs: 5000, maxRows: 1000 };
let database: TestDatabase;
let roles: TenantRlsRoles;
let ds: DataSource;
const extraRoles: string[] = [];
const admin = <T>(work: Parameters<typeof asUser<T>>[1]) => asUser(database.url, work);

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('tenant_rls', 0.01);
  roles = await createTenantRlsRoles(database, model);
  // One connection, so every query reuses the session an earlier tenant's query ran on.
  ds = await openPostgresDataSource(roles.loginUrl, { maxConnections: 1, tenantRls: { role: roles.role, scopedTables: scopedTablesOf(model) } });
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
  await roles?.dropRoles();
  if (extraRoles.length > 0) await asUser(testPostgresAdminUrl(), (client) => client.query(`DROP ROLE IF EXISTS ${extraRoles.join(', ')}`));
});

const ordersOf = (org: number) => admin(async (client) => (await client.query<{ id: number }>('select id from orders where organisation_id = $1 order by id', [org])).rows.map((r) => r.id));

function compiled(input: QueryPlanInput, org: number, unsafe = false) {
  const scoped = scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId: org }));
  return compileQuery(scoped, model, ds.dialect, { maxRows: 1000, ...(unsafe ? { unsafeSkipTenantPredicateForTests: true } : {}) });
}
const listOrders: QueryPlanInput = { kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }], orderBy: [{ field: { entity: 'orders', field: 'id' }, direction: 'asc' }] };

describe('queries under the second lock', () => {
  it('with the tenant predicate left out, each tenant still reads only its own rows', async () => {
    const seen: number[][] = [];
    for (const org of [1, 2, 3, 1]) {
      const query = compiled(listOrders, org, true);
      expect(query.sql).not.toContain('organisation_id');
      const ids = (await ds.execute(query, opts)).rows.map((row) => Number(row.id));
      expect(ids).toEqual(await ordersOf(org));
      seen.push(ids);
    }
    expect(seen[0]!.length).toBeGreaterThan(0);
    expect(new Set(seen.flat()).size).toBe(seen[0]!.length + seen[1]!.length + seen[2]!.length);
  });

  it('with the tenant predicate left out, a rollup and a percentage of the total still read only the tenant\'s rows', async () => {
    const id = { entity: 'orders', field: 'id' };
    for (const org of [1, 2, 3]) {
      const own = (await ordersOf(org)).length;
      const rollup = compiled({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'sum', over: { field: id } } }, org, true);
      expect(rollup.sql).not.toContain('organisation_id');
      expect(Number((await ds.execute(rollup, opts)).rows[0]?.m0)).toBe(own);
      const shares = (await ds.execute(compiled({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: { kind: 'count' } }], dimensions: [{ field: id }] }, org, true), { ...opts, maxRows: 100_000 })).rows;
      expect(shares).toHaveLength(own);
      for (const row of shares) expect(Number(row.m0)).toBeCloseTo(100 / own, 6);
    }
  });

  it('with the predicates left out, a figure over other rows (a scalar subquery) is still the tenant\'s own', async () => {
    const price = { entity: 'products', field: 'price' };
    const aboveAverage: QueryPlanInput = { kind: 'list', entity: 'products', fields: [{ entity: 'products', field: 'id' }], orderBy: [{ field: { entity: 'products', field: 'id' }, direction: 'asc' }], filters: [{ op: 'vs_aggregate', field: price, compare: 'gt', aggregation: 'avg', of: price }] };
    for (const org of [1, 2, 3]) {
      const query = compiled(aboveAverage, org, true);
      expect(query.sql).not.toContain('organisation_id');
      const ids = (await ds.execute(query, opts)).rows.map((row) => Number(row.id));
      const own = await admin(async (client) => (await client.query<{ id: number }>('select id from products where organisation_id = $1 and price > (select avg(price) from products where organisation_id = $1) order by id', [org])).rows.map((r) => r.id));
      expect(own.length).toBeGreaterThan(0);
      expect(ids).toEqual(own);
    }
  });

  it('with the tenant predicates left out of an any / not and their subqueries, the rows are those the predicates keep', async () => {
    const users = (field: string) => ({ entity: 'users', field });
    const ordered = { op: 'related' as const, field: users('id'), entity: 'orders', via: 'user_id', where: [{ op: 'gt' as const, field: { entity: 'orders', field: 'quantity' }, value: 1 }], count: { op: 'gt' as const, value: 0 } };
    const plan: QueryPlanInput = {
      kind: 'list', entity: 'users', fields: [users('id')], orderBy: [{ field: users('id'), direction: 'asc' }],
      filters: [{ op: 'any', of: [[ordered], [{ op: 'is_not_null', field: users('city') }]] }, { op: 'not', of: [{ ...ordered, entity: 'reviews', where: [] }] }],
    };
    let rows = 0;
    for (const org of [1, 2, 3]) {
      const unsafe = compiled(plan, org, true);
      expect(unsafe.sql).not.toContain('organisation_id');
      const expected = (await ds.execute(compiled(plan, org), opts)).rows;
      expect((await ds.execute(unsafe, opts)).rows).toEqual(expected);
      rows += expected.length;
    }
    expect(rows).toBeGreaterThan(0);
  });

  it('runs as the tenant role with the value set in the transaction, and leaves nothing on the connection', async () => {
    const probe = { sql: "select current_user as who, current_setting('askdata.orgId', true) as org", parameters: [] };
    expect((await ds.execute({ ...probe, session: { settings: { orgId: '2' } } }, opts)).rows).toEqual([{ who: roles.role, org: '2' }]);
    // The same connection, next query: the setting is gone (PostgreSQL keeps an empty placeholder).
    expect((await ds.execute({ ...probe, session: { settings: {} } }, opts)).rows).toEqual([{ who: roles.role, org: '' }]);
    const direct = await asUser(roles.loginUrl, async (client) => (await client.query('select current_user as who')).rows);
    expect(direct).toEqual([{ who: roles.login }]);
  });

  it('sets the role like SET LOCAL ROLE: for the transaction only, on the same connection', async () => {
    await asUser(roles.loginUrl, async (client) => {
      const settings = transactionSettings(1000, { role: roles.role, settings: { orgId: '1' } });
      await client.query('begin read only');
      await client.query(settings.text, settings.values);
      expect((await client.query("select current_user as who, current_setting('askdata.orgId') as org")).rows).toEqual([{ who: roles.role, org: '1' }]);
      await client.query('rollback');
      expect((await client.query("select current_user as who, current_setting('askdata.orgId', true) as org")).rows).toEqual([{ who: roles.login, org: '' }]);
    });
  });

  it('a query without a tenant value sees no tenant rows, not an error, even on a connection that had one', async () => {
    await ds.execute(compiled(listOrders, 1, true), opts);
    const counted = await ds.execute({ sql: 'select count(*) as n from orders', parameters: [], session: { settings: {} } }, opts);
    expect(counted.rows).toEqual([{ n: 0 }]);
    // A value no tenant has behaves the same way.
    expect((await ds.execute({ sql: 'select count(*) as n from orders', parameters: [], session: { settings: { orgId: '999999' } } }, opts)).rows).toEqual([{ n: 0 }]);
  });

  it('without the lock, the documented login reads no tenant row: it is a member of the role the policies name', async () => {
    const unlocked = await openPostgresDataSource(roles.loginUrl);
    try {
      expect((await unlocked.execute(compiled(listOrders, 1), opts)).rows).toEqual([]);
    } finally {
      await unlocked.close();
    }
  });

  it('refuses a query that does not carry the compiler\'s tenant settings', async () => {
    await expect(ds.execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rejects.toMatchObject({ code: 'SCOPE_VIOLATION', message: expect.stringContaining('TENANT_RLS=on') });
    const { session: _dropped, ...withoutSession } = compiled(listOrders, 1);
    await expect(ds.execute(withoutSession, opts)).rejects.toMatchObject({ code: 'SCOPE_VIOLATION' });
  });

  it('introspects the catalog as the login, outside the role: every table and column, no row read', async () => {
    const tables = await ds.introspect();
    expect(tables.map((t) => t.name).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
    expect(tables.find((t) => t.name === 'orders')?.columns.map((c) => c.name)).toContain('organisation_id');
    await expect(ds.privilegeWarnings?.()).resolves.toEqual([]);
  });

  it('passes the start-up check with the documented role, and refuses a role name that is not one', async () => {
    await expect(ds.checkRowLevelSecurity?.()).resolves.toBeUndefined();
    await expect(openPostgresDataSource(roles.loginUrl, { tenantRls: { role: 'none', scopedTables: [] } })).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('TENANT_RLS_ROLE') });
    await expect(openPostgresDataSource(roles.loginUrl, { tenantRls: { role: 'Tenant"; drop table orders; --', scopedTables: [] } })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});

describe('the start-up check refuses a role that could bypass row-level security', () => {
  /** A fresh role (NOLOGIN, granted to the login unless said otherwise) with SELECT on every table. */
  async function makeRole(attributes = '', grantToLogin = true): Promise<string> {
    const role = `askdata_probe_${randomBytes(4).toString('hex')}`;
    extraRoles.push(role);
    await admin(async (client) => {
      await client.query(`CREATE ROLE ${role} NOLOGIN ${attributes}`);
      if (grantToLogin) await client.query(`GRANT ${role} TO ${roles.login}`);
      await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
      // The documented policies name the documented role; give this one the same.
      for (const table of scopedTablesOf(model)) await client.query(`CREATE POLICY ${role} ON ${table.table} FOR SELECT TO ${role} USING (false)`);
    });
    return role;
  }

  async function refusal(role: string, scopedTables: readonly TableName[] = scopedTablesOf(model)): Promise<string> {
    const source = await openPostgresDataSource(roles.loginUrl, { maxConnections: 1, tenantRls: { role, scopedTables } });
    try {
      const error = await source.checkRowLevelSecurity!().then(() => undefined, (caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
      // Queries are refused with the same error until the role is fixed.
      await expect(source.execute(compiled(listOrders, 1), opts)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
      return (error as Error).message;
    } finally {
      await source.close();
    }
  }

  it('a superuser', async () => {
    expect(await refusal(await makeRole('SUPERUSER'))).toMatch(/is a superuser, and superusers bypass row-level security/);
  });

  it('a role with BYPASSRLS', async () => {
    expect(await refusal(await makeRole('BYPASSRLS'))).toMatch(/has BYPASSRLS/);
  });

  it('the owner of a scoped table, or a role that inherits its owner\'s privileges, even with FORCE', async () => {
    const owner = await makeRole();
    await admin((client) => client.query(`CREATE TABLE owned_by_role (organisation_id int); ALTER TABLE owned_by_role ENABLE ROW LEVEL SECURITY; ALTER TABLE owned_by_role FORCE ROW LEVEL SECURITY; CREATE POLICY p ON owned_by_role FOR SELECT USING (true); ALTER TABLE owned_by_role OWNER TO ${owner}`));
    const owned = [...scopedTablesOf(model), { table: 'owned_by_role' }];
    expect(await refusal(owner, owned)).toMatch(new RegExp(`role "${owner}" owns table "owned_by_role": owners bypass row-level security unless FORCE ROW LEVEL SECURITY is set \\(it is\\), and can turn it off`));
    const member = await makeRole();
    await admin((client) => client.query(`GRANT ${owner} TO ${member}`));
    expect(await refusal(member, owned)).toMatch(new RegExp(`role "${member}" owns table "owned_by_role" through its owner "${owner}"`));
  });

  it('a scoped table without row-level security, or without a policy for the role', async () => {
    const role = await makeRole();
    await admin((client) => client.query(`CREATE TABLE no_rls (organisation_id int); GRANT SELECT ON no_rls TO ${role}; CREATE TABLE no_policy (organisation_id int); GRANT SELECT ON no_policy TO ${role}; ALTER TABLE no_policy ENABLE ROW LEVEL SECURITY`));
    const message = await refusal(role, [...scopedTablesOf(model), { table: 'no_rls' }, { schema: 'public', table: 'no_policy' }]);
    expect(message).toMatch(/table "no_rls" does not have row-level security enabled/);
    expect(message).toMatch(/table "public"."no_policy" has no SELECT policy for role/);
    expect(message).not.toMatch(/"orders"/);
  });

  it('a view, a missing table, a role the login cannot switch to, a role that cannot read, a role that does not exist', async () => {
    const role = await makeRole('', false);
    await admin((client) => client.query(`CREATE VIEW orders_view AS SELECT * FROM orders; CREATE TABLE unreadable (organisation_id int); ALTER TABLE unreadable ENABLE ROW LEVEL SECURITY; CREATE POLICY p ON unreadable FOR SELECT USING (true)`));
    const message = await refusal(role, [{ table: 'orders_view' }, { table: 'no_such_table' }, { table: 'unreadable' }]);
    expect(message).toMatch(new RegExp(`the data source login "${roles.login}" cannot switch to role "${role}"`));
    expect(message).toMatch(/"orders_view" is not a table/);
    expect(message).toMatch(/table "no_such_table" does not exist/);
    expect(message).toMatch(new RegExp(`role "${role}" cannot read table "unreadable"`));
    expect(await refusal('askdata_nobody_here')).toMatch(/role "askdata_nobody_here" does not exist/);
  });

  it('says the database is unavailable, rather than passing, when it cannot be reached', async () => {
    const unreachable = await openPostgresDataSource('postgres://nobody@127.0.0.1:1/none', { connectTimeoutMs: 500, tenantRls: { role: roles.role, scopedTables: [] } });
    try {
      await expect(unreachable.checkRowLevelSecurity!()).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE' });
      await expect(unreachable.execute(compiled(listOrders, 1), opts)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE' });
    } finally {
      await unreachable.close();
    }
  });
});
