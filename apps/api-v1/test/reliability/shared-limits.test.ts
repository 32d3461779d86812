/**
 * Issue 15: every limit holds across replicas that share the store. Two real api-v1 processes on one
 * store (SQLite file, then PostgreSQL) with RATE_LIMIT_PER_MINUTE = 25: a burst from one key spread over
 * both lets 25 through in total, not 50, and both processes served some of them; the admin routes' limit
 * likewise; another key keeps its own full limit. (The old limiter counted in each process's memory:
 * this burst let 50 through.)
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { replicaStore, spread, type ReplicaStore } from '../../../../test-support/replica-store';
import { startServers, stopServers, type ServerProcess } from '../../../../test-support/server-process';
import { ENV_KEY, OTHER_ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

const LIMIT = 25;
const ADMIN_KEY = 'admin-key-0123456789abcdef';

describe.each(['sqlite', 'postgres'] as const)('two api-v1 processes on one %s store', (kind) => {
  let store: ReplicaStore;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    store = await replicaStore(kind, 'shared_limits');
    const env = { DATABASE_URL: store.url, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, API_KEYS: `${ENV_KEY},${OTHER_ENV_KEY}`, ADMIN_API_KEYS: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    servers = startServers(2, env);
    bases = await Promise.all(servers.map((server) => server.ready()));
  }, 90_000);
  afterAll(async () => {
    await stopServers(servers);
    await store?.drop();
  });

  // An empty body is a 400 from validation: it got past the limiter and costs no query.
  const answer = (key: string) => (base: string) =>
    fetch(`${base}/api/v1/conversations/answer`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });

  it(`lets ${LIMIT} requests of one key through in total, across both processes`, async () => {
    const results = await spread(bases, 3 * LIMIT, 10, answer(ENV_KEY));
    const passed = results.filter(([, status]) => status === 400);
    expect(passed).toHaveLength(LIMIT);
    expect(results.filter(([, status]) => status === 429)).toHaveLength(2 * LIMIT);
    // Both processes let some through: the count is one, not one per process.
    expect(new Set(passed.map(([index]) => index))).toEqual(new Set([0, 1]));
    const other = await spread(bases, LIMIT, 5, answer(OTHER_ENV_KEY));
    expect(other.filter(([, status]) => status === 400)).toHaveLength(LIMIT);
  }, 60_000);

  it(`holds the admin routes' limit (${LIMIT}) across both processes too`, async () => {
    const results = await spread(bases, 2 * LIMIT + 10, 10, (base) => fetch(`${base}/api/v1/admin/vocabulary`, { headers: { Authorization: `Bearer ${ADMIN_KEY}` } }));
    expect(results.filter(([, status]) => status === 200)).toHaveLength(LIMIT);
    expect(results.filter(([, status]) => status === 429)).toHaveLength(LIMIT + 10);
  }, 60_000);
});
