/**
 * The real process (`node --import tsx src/server.ts`, what `npm start -w apps/api-v1` runs): a bad
 * variable stops start-up with its name, a malformed CSV with its file, line and column; a good config
 * serves, and SIGTERM drains and exits 0.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { postJson, startServer } from '../../../test-support/server-process';
import { ENV_KEY } from './support/test-app';
import { testWarehousePath } from './support/test-deps';

describe('server process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-api-v1-server-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on a bad variable, naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: `file:${join(dir, 'app.db')}` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a whole number/);
  });

  it('refuses to start on a malformed CSV data source, with <file>:<line>:<column>: <reason>', async () => {
    const csv = join(dir, 'sales.csv');
    writeFileSync(csv, 'id,region,amount\n1,North,10.5\n2,South,20,extra\n');
    const server = startServer({ DATABASE_URL: `file:${join(dir, 'app.db')}`, DATA_SOURCE_URL: csv, TENANCY: 'none', API_KEYS: ENV_KEY });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`api-v1: cannot start: ${csv}:3:12: Expected Number of Columns: 3 Found: 4`);
  }, 60_000);

  it('serves on PORT and exits 0 on SIGTERM', async () => {
    const server = startServer({
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      DATA_SOURCE_URL: testWarehousePath(),
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      API_KEYS: ENV_KEY,
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    try {
      const url = await server.ready();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const answer = await postJson(`${url}/api/v1/conversations/answer`, { question: 'How many orders are there?', context: { orgId: 1 } }, ENV_KEY);
      expect(answer.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"message":"stopped"');
      expect(server.output()).not.toContain(ENV_KEY);
    } finally {
      server.kill();
    }
  }, 60_000);
});
