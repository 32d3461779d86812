/**
 * Issue 12, item 10: a real api-v1 process warns at start-up when the data source's PostgreSQL role is a
 * superuser or can write, and says nothing of the kind for the documented read-only role.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { readOnlyRoleSql } from '@askdata/datasource-postgres';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { startServer, type ServerProcess } from '../../../../test-support/server-process';
import { asUser } from '../../../../test-support/tenant-rls-roles';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

let database: TestDatabase;
let dir: string;
const role = `askdata_warn_${randomBytes(4).toString('hex')}`;
const servers: ServerProcess[] = [];

const withUser = (url: string, user: string): string => Object.assign(new URL(url), { username: user, password: '' }).toString();

beforeAll(async () => {
  database = await createTestDatabase('role_warning');
  await copySqlite(testWarehousePath(), { engine: 'postgres', url: database.url });
  const name = new URL(database.url).pathname.slice(1);
  await asUser(database.url, (client) => client.query(readOnlyRoleSql({ role, database: name })));
  dir = mkdtempSync(join(tmpdir(), 'askdata-role-warning-'));
}, 120_000);
afterAll(async () => {
  for (const server of servers) server.kill();
  await Promise.all(servers.map((server) => server.exited));
  await asUser(database.url, (client) => client.query(`DROP OWNED BY ${role}`)).catch(() => undefined);
  await database?.drop();
  await asUser(process.env.ASKDATA_TEST_PG_URL ?? '', (client) => client.query(`DROP ROLE IF EXISTS ${role}`)).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function startedWith(dataSourceUrl: string, store: string): Promise<ServerProcess> {
  const server = startServer({ DATABASE_URL: `file:${join(dir, store)}`, DATA_SOURCE_URL: dataSourceUrl, SEMANTIC_MODEL: DEMO_MODEL_PATH, API_KEYS: ENV_KEY });
  servers.push(server);
  await server.ready();
  return server;
}

async function settled(server: ServerProcess, done: RegExp): Promise<string> {
  for (let i = 0; i < 100 && !done.test(server.output()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return server.output();
}

describe('start-up warning about the data source role', () => {
  it('warns for a superuser', async () => {
    const server = await startedWith(database.url, 'super.db');
    const output = await settled(server, /data source role checked/);
    expect(output).toMatch(/"level":"warn","message":"the data source role is a PostgreSQL superuser/);
  });

  it('says nothing for the documented read-only role', async () => {
    const server = await startedWith(withUser(database.url, role), 'reader.db');
    const res = await fetch(`${await server.ready()}/api/v1/conversations/answer`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'How many orders are there?', context: { orgId: 1 } }),
    });
    expect(res.status).toBe(200);
    const output = await settled(server, /data source role checked/);
    expect(output).toMatch(/"message":"data source role checked".*"warnings":0/);
    expect(output).not.toMatch(/superuser|can insert|can create/);
  });
});
