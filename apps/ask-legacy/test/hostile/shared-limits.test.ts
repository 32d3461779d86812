/**
 * Issue 15: the legacy limits hold across replicas that share the store. Two real ask-legacy processes on
 * one store (SQLite file, then PostgreSQL), behind one trusted proxy hop (addresses from X-Forwarded-For):
 * the per-address limit lets RATE_LIMIT_PER_MINUTE through in total from one address, and the
 * per-(address, organisation) limit ORG_RATE_LIMIT_PER_MINUTE in total for one organisation from one
 * address; another address, or the same address for another organisation, is not affected.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { replicaStore, spread, type ReplicaStore } from '../../../../test-support/replica-store';
import { startServers, stopServers, type ServerProcess } from '../../../../test-support/server-process';
import { testWarehousePath } from '../support/test-deps';

const ADDRESS_LIMIT = 20;
const ORG_LIMIT = 6;

describe.each(['sqlite', 'postgres'] as const)('two ask-legacy processes on one %s store', (kind) => {
  let store: ReplicaStore;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    store = await replicaStore(kind, 'legacy_shared_limits');
    const env = {
      DATABASE_URL: store.url,
      DATA_SOURCE_URL: testWarehousePath(),
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      RATE_LIMIT_PER_MINUTE: String(ADDRESS_LIMIT),
      ORG_RATE_LIMIT_PER_MINUTE: String(ORG_LIMIT),
      TRUST_PROXY_HOPS: '1',
    };
    servers = startServers(2, env, 'ask-legacy');
    bases = await Promise.all(servers.map((server) => server.ready()));
  }, 90_000);
  afterAll(async () => {
    await stopServers(servers);
    await store?.drop();
  });

  const ask = (address: string, body: unknown) => (base: string) =>
    fetch(`${base}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body) });
  const question = (orgId: number, conversationId: string) => ({ question: 'How many orders are there?', conversationId, requestContext: { userId: 'u-1', orgId } });

  it(`lets ${ADDRESS_LIMIT} requests from one address through in total, across both processes`, async () => {
    // Empty bodies: 400 from validation once past the per-address limiter, no query.
    const results = await spread(bases, 3 * ADDRESS_LIMIT, 10, ask('198.51.100.1', {}));
    const passed = results.filter(([, status]) => status === 400);
    expect(passed).toHaveLength(ADDRESS_LIMIT);
    expect(results.filter(([, status]) => status === 429)).toHaveLength(2 * ADDRESS_LIMIT);
    expect(new Set(passed.map(([index]) => index))).toEqual(new Set([0, 1]));
    expect((await spread(bases, 1, 1, ask('198.51.100.2', {})))[0]?.[1]).toBe(400);
  }, 60_000);

  it(`lets ${ORG_LIMIT} questions for one organisation from one address through in total, across both processes`, async () => {
    const results = await spread(bases, 3 * ORG_LIMIT, 4, ask('198.51.100.3', question(1, 'shared-org-1')));
    const answered = results.filter(([, status]) => status === 200);
    expect(answered).toHaveLength(ORG_LIMIT);
    expect(results.filter(([, status]) => status === 429)).toHaveLength(2 * ORG_LIMIT);
    expect(new Set(answered.map(([index]) => index))).toEqual(new Set([0, 1]));
    // The same address for another organisation, and another address for the same one, still get answers.
    expect((await spread(bases, 1, 1, ask('198.51.100.3', question(2, 'shared-org-2'))))[0]?.[1]).toBe(200);
    expect((await spread(bases, 1, 1, ask('198.51.100.4', question(1, 'shared-org-1b'))))[0]?.[1]).toBe(200);
  }, 60_000);
});
