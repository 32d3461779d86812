/**
 * Two real api-v1 processes on one SQLite store, each with its own result cache: the operator's
 * invalidate call on one process stops the other from serving what it cached, on its very next request
 * (the data version is read from the store with the knowledge version; nothing is sent between them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { postJson, startServers, stopServers, type ServerProcess } from '../../../../test-support/server-process';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const QUESTION = { question: 'Revenue by category', context: { orgId: 1 } };

let dir: string;
let servers: ServerProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-cache-processes-'));
  const env = {
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    DATA_SOURCE_URL: testWarehousePath(),
    SEMANTIC_MODEL: DEMO_MODEL_PATH,
    API_KEYS: ENV_KEY,
    ADMIN_API_KEYS: ADMIN_KEY,
    RESULT_CACHE_TTL_MS: '600000',
  };
  servers = startServers(2, env);
});
afterAll(async () => {
  await stopServers(servers);
  rmSync(dir, { recursive: true, force: true });
});

/** Asks on one process and says whether that answer's rows came from its cache (its explain). */
async function askCached(base: string): Promise<boolean> {
  const answer = await postJson(`${base}/api/v1/conversations/answer`, QUESTION, ENV_KEY);
  expect(answer.status).toBe(200);
  const explain = await fetch(`${base}/api/v1/conversations/answer/${String(answer.body.id)}/explain`, { headers: { Authorization: `Bearer ${ENV_KEY}` } });
  expect(explain.status).toBe(200);
  return ((await explain.json()) as { cached?: boolean }).cached === true;
}

describe('result cache across two processes sharing a SQLite store', () => {
  it('an invalidate call on one process empties the other\u2019s cache', async () => {
    const [a, b] = await Promise.all(servers.map((server) => server.ready()));
    if (!a || !b) throw new Error('both servers must listen');
    expect(await askCached(a)).toBe(false);
    expect(await askCached(a)).toBe(true);
    expect(await askCached(b)).toBe(false);
    expect(await askCached(b)).toBe(true);

    const invalidated = await postJson(`${b}/api/v1/admin/cache/invalidate`, { reason: 'test load' }, ADMIN_KEY);
    expect(invalidated.status).toBe(200);

    expect(await askCached(a)).toBe(false);
    expect(await askCached(a)).toBe(true);
    expect(await askCached(b)).toBe(false);
  }, 60_000);
});
