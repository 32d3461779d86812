/**
 * Every other read that returns many stored things is bounded the same way as a conversation's answers
 * (issue 25, item 2): the conversation list, the admin review queue, verified questions (JSON pages and
 * the `format=jsonl` export) and the audit trail each answer at most 5 MB, also with `limit=100`, and
 * following `nextCursor` (the export: its `Link: rel="next"`) still reaches every item once. Items here are
 * as large as the limits allow (questions of 100,000 characters with MAX_QUESTION_LENGTH at its maximum,
 * verified plans of 100 KB), so 60 of them make 6 MB.
 */
import type { AdminActor, NewAnswer, Owner, Store } from '@askdata/db';
import { tenantScopeFor } from '@askdata/service';
import request, { type Response } from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const PAGE_BYTES = 5_000_000;
const COUNT = 60;
const LONG = 100_000;
const actor: AdminActor = { apiKeyId: null, principal: 'test' };

let t: TestApp;
let store: Store;
beforeAll(async () => {
  t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY], MAX_QUESTION_LENGTH: LONG, RATE_LIMIT_PER_MINUTE: 100_000 } });
  store = t.testStore.store;
});
afterAll(() => t?.close());

const bodyBytes = (res: Response): number => Buffer.byteLength(res.text, 'utf8');

/** Every page of a JSON list from the first, each within PAGE_BYTES; the items of all pages. */
async function everyPage(path: string, key: string, query: Record<string, string>): Promise<{ items: { id: string }[]; pages: number }> {
  const items: { id: string }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: Response = await request(t.app).get(path).query({ ...query, ...(cursor ? { cursor } : {}) }).set(...auth(key));
    expect(res.status).toBe(200);
    expect(bodyBytes(res)).toBeLessThanOrEqual(PAGE_BYTES);
    items.push(...(res.body.items as { id: string }[]));
    cursor = res.body.nextCursor as string | null;
    pages += 1;
  } while (cursor !== null && pages < 50);
  expect(cursor).toBeNull();
  return { items, pages };
}

let owner: Owner | undefined;
/** The owner of ENV_KEY's answers for org 1, from one real answer. */
async function envKeyOwner(): Promise<Owner> {
  if (owner) return owner;
  const like = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
  owner = (await store.answers.findById(like.body.id))!.owner;
  return owner;
}

/** A first answer of a new conversation of org 1, asked by ENV_KEY, with a question of LONG characters. */
async function longFirstAnswer(i: number, outcome: 'answered' | 'declined'): Promise<string> {
  const question = `${i} ${'zorbly '.repeat(LONG / 7)}`.slice(0, LONG);
  const fields: Omit<NewAnswer, 'conversationId'> = {
    owner: await envKeyOwner(), question, type: 'text', message: 'I did not understand "zorbly".', payload: { type: 'text', message: 'I did not understand "zorbly".' },
    plan: null, sql: null, sqlParameters: null, engine: 'rules', confidence: null, timings: {}, meta: {}, outcome, unknownTerms: outcome === 'declined' ? ['zorbly'] : [],
  };
  const scope = tenantScopeFor(t, { orgId: 1 });
  return (await store.answers.create({ ...fields, newConversation: { origin: 'v1', scope } })).conversation.id;
}

it('the conversation list: at most 5 MB a page, every conversation once', async () => {
  const made = new Set<string>();
  for (let i = 0; i < COUNT; i += 1) made.add(await longFirstAnswer(i, 'answered'));
  const { items, pages } = await everyPage('/api/v1/conversations', ENV_KEY, { 'context.orgId': '1', limit: '100' });
  expect(pages).toBeGreaterThan(1);
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of made) expect(ids).toContain(id);
});

it('the review queue: at most 5 MB a page, every declined question once, and its term summary quotes questions briefly', async () => {
  for (let i = 0; i < COUNT; i += 1) await longFirstAnswer(i, 'declined');
  const { items, pages } = await everyPage('/api/v1/admin/review', ADMIN_KEY, { reason: 'declined', limit: '100' });
  expect(pages).toBeGreaterThan(1);
  expect(items).toHaveLength(COUNT);
  const res = await request(t.app).get('/api/v1/admin/review').query({ reason: 'declined', limit: '1' }).set(...auth(ADMIN_KEY));
  const zorbly = (res.body.terms as { term: string; count: number; examples: string[] }[]).find((term) => term.term === 'zorbly');
  expect(zorbly?.count).toBe(COUNT);
  expect(zorbly?.examples.length).toBeGreaterThan(0);
  for (const example of zorbly?.examples ?? []) {
    expect(example.length).toBeLessThanOrEqual(200);
    expect(example).toMatch(/^\d+ zorbly zorbly .*…$/);
  }
});

describe('verified questions and the audit trail, each entry 100 KB', () => {
  const made: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < COUNT; i += 1) {
      const plan = { entity: 'orders', note: `${i} ${'x'.repeat(LONG)}` };
      const change = await store.knowledge.addVerified({ question: `question ${i}`, questionKey: `question ${i}`, plan, periods: [], tenantKey: '', context: null, sourceAnswerId: null }, actor);
      made.push(change.record.id);
    }
  });

  it('JSON pages: at most 5 MB each, every one once', async () => {
    const { items, pages } = await everyPage('/api/v1/admin/verified-questions', ADMIN_KEY, { limit: '100' });
    expect(pages).toBeGreaterThan(1);
    expect(items.map((item) => item.id).sort()).toEqual([...made].sort());
  });

  it('the JSON lines export: at most 5 MB a response, Link rel="next" to the rest, every one once and oldest first', async () => {
    const lines: { id: string }[] = [];
    let next: string | undefined = '/api/v1/admin/verified-questions?format=jsonl';
    let responses = 0;
    while (next !== undefined && responses < 50) {
      const res: Response = await request(t.app).get(next).set(...auth(ADMIN_KEY));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
      expect(bodyBytes(res)).toBeLessThanOrEqual(PAGE_BYTES);
      lines.push(...res.text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { id: string }));
      next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      responses += 1;
    }
    expect(next).toBeUndefined();
    expect(responses).toBeGreaterThan(1);
    expect(lines.map((line) => line.id)).toEqual(made);
  });

  it('the audit trail: at most 5 MB a page, every entry once', async () => {
    const { items, pages } = await everyPage('/api/v1/admin/audit', ADMIN_KEY, { limit: '100' });
    expect(pages).toBeGreaterThan(1);
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(COUNT);
  });
});
