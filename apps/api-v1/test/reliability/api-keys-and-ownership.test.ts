/**
 * API keys and ownership, end to end on the real app and store:
 * - a database key is stored only as its SHA-256 hash (no column holds the key), and the app finds it by
 *   that hash; revoking it is effective on the very next request;
 * - no key (valid, wrong or revoked) ever reaches the log;
 * - answers' feedback and conversations are reachable only by the key and tenant that created them (404).
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { generateApiKey, hashApiKey, keyPrefix } from '@askdata/db';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from '../support/test-app';

const ANSWER = '/api/v1/conversations/answer';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ask = (key: string, body: object) => request(t.app).post(ANSWER).set(...auth(key)).send(body);

describe('API keys', () => {
  it('stores only the hash, and a revoked key fails on the next request; no key is ever logged', async () => {
    const key = generateApiKey();
    const record = await t.testStore.store.apiKeys.create({ name: 'reliability', keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));

    const db = new Database(t.testStore.url.replace(/^file:/, ''), { readonly: true });
    try {
      const row = db.prepare('select * from ApiKey where id = ?').get(record.id) as Record<string, unknown>;
      expect(row.keyHash).toBe(hashApiKey(key));
      expect(Object.values(row).some((value) => typeof value === 'string' && value.includes(key))).toBe(false);
    } finally {
      db.close();
    }

    expect((await ask(key, { question: 'How many orders are there?', context: { orgId: 1 } })).status).toBe(200);
    await t.testStore.store.apiKeys.revoke(record.id);
    const revoked = await ask(key, { question: 'How many orders are there?', context: { orgId: 1 } });
    expect(revoked.status).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('invalid_token');
    await ask(`${key}x`, {});
    await ask(ENV_KEY, {});

    const log = t.logLines.join('\n');
    for (const secret of [key, `${key}x`, ENV_KEY, OTHER_ENV_KEY]) expect(log).not.toContain(secret);
    expect(log).not.toContain(hashApiKey(key));
  });
});

describe('ownership: other keys and other tenants get 404', () => {
  it('a conversation continues only for its key and tenant; feedback only for its key', async () => {
    const first = await ask(ENV_KEY, { question: 'How many orders are there?', context: { orgId: 1 } });
    expect(first.status).toBe(200);
    const { id, conversationId } = first.body as { id: string; conversationId: string };

    const sameOwner = await ask(ENV_KEY, { question: 'and last month?', context: { orgId: 1 }, conversationId });
    expect(sameOwner.status).toBe(200);
    expect((await ask(OTHER_ENV_KEY, { question: 'and last month?', context: { orgId: 1 }, conversationId })).status).toBe(404);
    expect((await ask(ENV_KEY, { question: 'and last month?', context: { orgId: 2 }, conversationId })).status).toBe(404);

    const feedbackUrl = `${ANSWER}/${id}/feedback`;
    expect((await request(t.app).post(feedbackUrl).set(...auth(OTHER_ENV_KEY)).send({ rating: 'negative' })).status).toBe(404);
    const created = await request(t.app).post(feedbackUrl).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(created.status).toBe(201);
    const feedbackId = (created.body as { id: string }).id;
    expect((await request(t.app).patch(`${feedbackUrl}/${feedbackId}`).set(...auth(OTHER_ENV_KEY)).send({ rating: 'negative' })).status).toBe(404);
    // Feedback of one answer cannot be reached through another answer's path, even by the same key.
    const otherAnswer = (sameOwner.body as { id: string }).id;
    expect((await request(t.app).patch(`${ANSWER}/${otherAnswer}/feedback/${feedbackId}`).set(...auth(ENV_KEY)).send({ rating: 'negative' })).status).toBe(404);
  });
});
