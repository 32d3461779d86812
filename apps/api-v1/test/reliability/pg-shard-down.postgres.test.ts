/**
 * A shard down, for real: the demo warehouse sharded over two PostgreSQL servers of this test's own (its
 * facts in foreign partitions, postgres_fdw), the coordinator a database of its own on the test server,
 * the v1 API on it through createApp + supertest. One shard is stopped with `pg_ctl stop` mid-run:
 *
 * - tenants on the live shard keep getting their answers;
 * - a tenant on the dead shard gets 503 problem+json naming the data source and the shard, never a 500
 *   and never a partial answer; so does a question that needs every shard (a model without tenancy),
 *   which fails whole rather than answering from the live shard's rows;
 * - once the shard is back, its tenants are answered again, by the same app.
 *
 * And a slow shard (a view there that sleeps ten minutes): QUERY_TIMEOUT_MS on the coordinator cancels the
 * shard's query too (504, and the shard is left running nothing); a shard stopped while it runs the
 * question gives 503, not rows.
 */
import { createMemoryTransport } from '@askdata/http-kit';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import type { Express } from 'express';
import request from 'supertest';
import { testPostgresAdminUrl } from '../../../../test-support/postgres';
import { findPostgresBinaries, startPostgres, type RunningPostgres } from '../../../../test-support/postgres-server';
import { shardReaderRole, withClient } from '../../../../test-support/postgres-shards';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { createShardedDemoWarehouseOnPostgres, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { openTestStore, TEST_NOW, type TestStore } from '../support/test-deps';

const ANSWER_PATH = '/api/v1/conversations/answer';
const QUERY_TIMEOUT_MS = 4000;

let servers: RunningPostgres[] = [];
let warehouse: ShardedWarehouse;
let testStore: TestStore;
const opened: BuiltAnswerDeps[] = [];
let scoped: Express;
let unscoped: Express;
const logs: string[][] = [];

async function app(options: { model: boolean }): Promise<Express> {
  const deps = await createAnswerDeps({
    dataSourceUrl: warehouse.coordinator.url,
    ...(options.model ? { semanticModelPath: DEMO_MODEL_PATH } : { tenancy: 'none' as const }),
    timezone: 'UTC',
    maxRows: 1000,
    timeoutMs: QUERY_TIMEOUT_MS,
    clock: () => TEST_NOW,
  });
  opened.push(deps);
  const config = testConfig({ DATABASE_URL: testStore.url, RATE_LIMIT_PER_MINUTE: 100_000 });
  const { transport, lines } = createMemoryTransport();
  const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [transport] });
  logs.push(lines);
  return createApp({ config, store: testStore.store, answerDeps: deps, logger });
}

/** Lines logged at level error about a failed request: a 503 or 504 is the data's outage, not askdata's failure. */
const failuresLogged = (): string[] => logs.flat().filter((line) => line.includes('"level":"error"') && line.includes('request failed'));

beforeAll(async () => {
  const binDir = findPostgresBinaries();
  if (!binDir) throw new Error('PostgreSQL binaries not found: install Debian\'s postgresql package.');
  servers = await Promise.all([startPostgres(binDir), startPostgres(binDir)]);
  warehouse = await createShardedDemoWarehouseOnPostgres('shard_down', { scale: 0.01, servers: { coordinator: testPostgresAdminUrl(), shards: servers.map((server) => server.url) } });
  testStore = await openTestStore('sqlite');
  scoped = await app({ model: true });
  unscoped = await app({ model: false });
}, 180_000);

afterAll(async () => {
  for (const deps of opened) await deps.close();
  await testStore?.cleanup();
  // The shards' databases and roles go with their servers.
  await warehouse?.coordinator.drop();
  for (const server of servers) server.stop();
});

const ask = (target: Express, question: string, orgId?: number) =>
  request(target).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: orgId === undefined ? {} : { orgId } });

/** A tenant's (or every tenant's) order count, read on the shards directly. */
async function ordersOnShards(orgId?: number): Promise<number> {
  let total = 0;
  for (const shard of warehouse.shards) {
    if (orgId !== undefined && !shard.tenants.includes(orgId)) continue;
    total += await withClient(shard.url, async (client) => Number((await client.query(`select count(*) as n from orders${orgId === undefined ? '' : ' where organisation_id = $1'}`, orgId === undefined ? [] : [orgId])).rows[0].n));
  }
  return total;
}

const answersCount = (res: request.Response, count: number): void => {
  expect({ status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({ status: 200, body: undefined });
  expect(String((res.body as { message: string }).message)).toContain(count.toLocaleString('en-US'));
};

/** A 503 naming the data source and the shard, with no host, port, SQL or stack in it. */
function expectShardDown(res: request.Response, shard: string): void {
  expectProblem(res, 503, 'datasource-unavailable');
  expect(res.headers['retry-after']).toBeDefined();
  expect(res.body).toMatchObject({ dataSource: new URL(warehouse.coordinator.url).pathname.slice(1), shard });
  expect(String((res.body as { detail: string }).detail)).toContain(shard);
  expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|port \d|select |stack|at \w+ \(/i);
}

describe('one shard down', () => {
  const [onFirst, onSecond] = [1, 2];
  const question = 'How many orders are there?';

  it('with both shards up, tenants on each are answered, and a model without tenancy counts every shard', async () => {
    expect([warehouse.shardOf(onFirst), warehouse.shardOf(onSecond)]).toEqual(['shard_1', 'shard_2']);
    answersCount(await ask(scoped, question, onFirst), await ordersOnShards(onFirst));
    answersCount(await ask(scoped, question, onSecond), await ordersOnShards(onSecond));
    answersCount(await ask(unscoped, question), await ordersOnShards());
  });

  it('stopped: the live shard\'s tenants keep their answers; the dead shard\'s get 503 naming it, and so does every question that needs it', async () => {
    const expected = { [onSecond]: await ordersOnShards(onSecond) };
    servers[0]!.halt();
    for (let round = 0; round < 2; round++) {
      answersCount(await ask(scoped, question, onSecond), expected[onSecond]!);
      expectShardDown(await ask(scoped, question, onFirst), 'shard_1');
      expectShardDown(await ask(scoped, 'revenue by category', 3), 'shard_1');
      // Every tenant's orders: never the live shard's rows as if they were all.
      expectShardDown(await ask(unscoped, question), 'shard_1');
    }
    // The coordinator itself is up: the service stays ready, and the dimensions still answer.
    await request(scoped).get('/readyz').expect(200);
    expect((await ask(scoped, 'How many customers are there?', onFirst)).status).toBe(200);
    expect(failuresLogged().map((line) => line.slice(0, 600))).toEqual([]);
  });

  it('the data source says which shard: DATASOURCE_UNAVAILABLE with dataSource and shard', async () => {
    const deps = opened[0]!;
    const query = { sql: 'select count(*) as n from orders where organisation_id = $1', parameters: [onFirst] };
    await expect(deps.dataSource.execute(query, { timeoutMs: QUERY_TIMEOUT_MS, maxRows: 10 })).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', details: { dataSource: new URL(warehouse.coordinator.url).pathname.slice(1), shard: 'shard_1' } });
  });

  it('started again: the same app answers the shard\'s tenants', async () => {
    servers[0]!.start();
    answersCount(await ask(scoped, question, onFirst), await ordersOnShards(onFirst));
    answersCount(await ask(unscoped, question), await ordersOnShards());
  });
});

describe('a shard\'s slow query', () => {
  const shard = () => warehouse.shards[1]!;
  const sleeping = () => withClient(shard().url, async (client) => Number((await client.query(`select count(*) as n from pg_stat_activity where usename = $1 and state = 'active' and wait_event = 'PgSleep'`, [shardReaderRole(shard())])).rows[0].n));

  /** Asks, and once the shard is seen running the question's query (before the coordinator gives up on it), does `meanwhile`. */
  async function askWhileShardRuns(meanwhile: () => void): Promise<request.Response> {
    let answered: request.Response | undefined;
    const asking = ask(scoped, 'How many reviews are there?', 2).then((res) => (answered = res));
    let seenOnShard = false;
    while (!seenOnShard && answered === undefined) seenOnShard = (await sleeping()) > 0;
    expect(seenOnShard).toBe(true);
    meanwhile();
    await asking;
    return answered!;
  }

  beforeAll(async () => {
    // reviews on shard_2 become a view that sleeps ten minutes before its first row.
    await withClient(shard().url, (client) => client.query(`alter table reviews rename to reviews_rows; create view reviews as select r.* from reviews_rows r where (select count(*) from pg_sleep(600)) = 1; grant select on reviews to ${shardReaderRole(shard())}`));
  });

  it('past QUERY_TIMEOUT_MS the question gets 504, and the shard\'s query is cancelled with it', async () => {
    expectProblem(await askWhileShardRuns(() => undefined), 504, 'query-timeout');
    expect(await sleeping()).toBe(0);
  });

  it('a shard stopped while it runs the question: 503 naming the data source (postgres_fdw does not say which shard then), never rows', async () => {
    const res = await askWhileShardRuns(() => servers[1]!.halt());
    try {
      expectProblem(res, 503, 'datasource-unavailable');
      expect(res.body).toMatchObject({ dataSource: new URL(warehouse.coordinator.url).pathname.slice(1) });
      expect(res.body).not.toHaveProperty('shard');
    } finally {
      servers[1]!.start();
    }
    answersCount(await ask(scoped, 'How many orders are there?', 2), await ordersOnShards(2));
  });
});
