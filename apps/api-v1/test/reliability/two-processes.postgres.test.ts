/**
 * Two real api-v1 processes on one PostgreSQL app database (as behind a load balancer): a conversation
 * started on one continues on the other (the follow-up sees the earlier plan, so it answers the right
 * figure), and feedback written on one is found and updated on the other.
 */
import Database from 'better-sqlite3';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { postJson, startServers, stopServers, type ServerProcess } from '../../../../test-support/server-process';

let database: TestDatabase;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase('two_processes');
  const env = { DATABASE_URL: database.url, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, API_KEYS: ENV_KEY };
  servers = startServers(2, env);
}, 30_000);
afterAll(async () => {
  await stopServers(servers);
  await database?.drop();
});

function directCount(sql: string, orgId: number): number {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    return (db.prepare(sql).get(orgId) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('two api-v1 processes sharing one postgres store', () => {
  it('continues a conversation and reads feedback across processes', async () => {
    const [a, b] = await Promise.all(servers.map((server) => server.ready()));
    expect(a).not.toBe(b);
    const answerUrl = (base: string | undefined) => `${base}/api/v1/conversations/answer`;

    const first = await postJson(answerUrl(a), { question: 'How many orders are there?', context: { orgId: 2 } }, ENV_KEY);
    expect(first.status).toBe(200);
    const conversationId = String(first.body.conversationId);

    // "What about last year?" only makes sense with the earlier plan: process B must load it from the store.
    const followUp = await postJson(answerUrl(b), { question: 'What about last year?', context: { orgId: 2 }, conversationId }, ENV_KEY);
    expect(followUp.status).toBe(200);
    expect(followUp.body.conversationId).toBe(conversationId);
    const expected = directCount("select count(*) as n from orders where organisation_id = ? and created_at >= '2025-01-01' and created_at < '2026-01-01'", 2);
    expect(String(followUp.body.message ?? JSON.stringify(followUp.body)).replace(/,/g, '')).toContain(String(expected));

    const created = await postJson(`${answerUrl(a)}/${String(first.body.id)}/feedback`, { rating: 'negative', comment: 'from A' }, ENV_KEY);
    expect(created.status).toBe(201);
    const patched = await fetch(`${answerUrl(b)}/${String(first.body.id)}/feedback/${String(created.body.id)}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rating: 'positive' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ id: created.body.id, rating: 'positive', comment: 'from A' });
  }, 60_000);
});
