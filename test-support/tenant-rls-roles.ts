/**
 * Test helper: the second lock set up on a test database exactly as docs/reliability.md tells an operator
 * to: askdata's read-only login (readOnlyRoleSql) and the NOLOGIN tenant role with its policies
 * (tenantRlsSql, from the model). Roles belong to the whole server, so their names are random; drop them
 * after the database.
 */
import { randomBytes } from 'node:crypto';
import type { SemanticModel } from '@askdata/core';
import { readOnlyRoleSql, tenantRlsSql } from '@askdata/datasource-postgres';
import { testPostgresAdminUrl, withClient, type TestDatabase } from './postgres';

export interface TenantRlsRoles {
  /** The NOLOGIN role queries run as (TENANT_RLS_ROLE). */
  role: string;
  /** The read-only login, granted the role. */
  login: string;
  /** The database's URL as that login. */
  loginUrl: string;
  /** Drops both roles; call it after dropping the database. */
  dropRoles(): Promise<void>;
}

/** Work as the user (or role) the URL logs in as. */
export const asUser = withClient;

export const withUser = (url: string, user: string): string => Object.assign(new URL(url), { username: user, password: '' }).toString();

export async function createTenantRlsRoles(database: TestDatabase, model: SemanticModel): Promise<TenantRlsRoles> {
  const suffix = randomBytes(4).toString('hex');
  const role = `askdata_tenant_${suffix}`;
  const login = `askdata_reader_${suffix}`;
  const name = new URL(database.url).pathname.slice(1);
  await asUser(database.url, async (client) => {
    await client.query(readOnlyRoleSql({ role: login, database: name }));
    await client.query(tenantRlsSql(model, { role, login }));
  });
  return {
    role,
    login,
    loginUrl: withUser(database.url, login),
    async dropRoles() {
      await asUser(testPostgresAdminUrl(), (client) => client.query(`DROP ROLE IF EXISTS ${role}, ${login}`));
    },
  };
}
