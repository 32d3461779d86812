/**
 * The real process (`node --import tsx src/server.ts`, what `npm start -w apps/ask-legacy` runs): a bad
 * variable stops start-up naming it; a good config serves /ask on PORT, and SIGTERM drains and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { postJson, startServer } from '../../../test-support/server-process';
import { testWarehousePath } from './support/test-deps';

const TOKEN = 'server-test-token-0123456789';

describe('ask-legacy server process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-ask-legacy-server-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on a bad variable, naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: `file:${join(dir, 'app.db')}` }, 'ask-legacy');
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a whole number/);
  });

  it('serves /ask on PORT and exits 0 on SIGTERM', async () => {
    const server = startServer(
      {
        DATABASE_URL: `file:${join(dir, 'app.db')}`,
        DATA_SOURCE_URL: testWarehousePath(),
        SEMANTIC_MODEL: DEMO_MODEL_PATH,
        ASK_LEGACY_TOKEN: TOKEN,
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      'ask-legacy',
    );
    try {
      const url = await server.ready();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const question = { question: 'How many orders are there?', conversationId: 'server-test', requestContext: { userId: 'u-1', orgId: 1 } };
      const answer = await postJson(`${url}/ask`, question, TOKEN);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ type: 'text', message: expect.stringMatching(/orders/) });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"message":"stopped"');
      expect(server.output()).not.toContain(TOKEN);
    } finally {
      server.kill();
    }
  }, 60_000);
});
