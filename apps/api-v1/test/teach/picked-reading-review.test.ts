/**
 * Issue 39, through the real app on the demo: "Revenue by name" is asked back (customer name or product
 * name?), the next question in the same conversation picks one, and the review queue shows the pick on
 * the clarification item, with the picking answer's id, so an operator sees which reading people meant.
 * A reply that picks nothing, and a clarification in another conversation, stay without a pick.
 */
import { checkResponse, type OpenApiDocument } from '@askdata/contract';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const REVIEW = '/api/v1/admin/review';

interface Answer {
  id: string;
  conversationId: string;
  message: string;
}

interface Item {
  answerId: string;
  reason: string;
  picked?: unknown;
}

describe('a picked reading in the review queue', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  const ask = async (question: string, conversationId?: string): Promise<Answer> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId: 1 }, ...(conversationId ? { conversationId } : {}) });
    expect(res.status).toBe(200);
    return res.body as Answer;
  };
  const clarification = async (): Promise<Answer> => {
    const asked = await ask('Revenue by name');
    expect(asked.message).toMatch(/customer name.*product name/);
    return asked;
  };
  const queueItem = async (answerId: string): Promise<Item | undefined> => {
    const res = await request(t.app).get(REVIEW).query({ reason: 'clarification' }).set(...auth(ADMIN_KEY));
    expect(res.status).toBe(200);
    expect(checkResponse(document, { path: REVIEW, method: 'get', status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
    return (res.body.items as Item[]).find((item) => item.answerId === answerId);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('shows the reading "the second one" picked, and the answer that picked it, on that clarification only', async () => {
    const elsewhere = await clarification();
    const asked = await clarification();
    const reply = await ask('the second one', asked.conversationId);
    expect(reply.conversationId).toBe(asked.conversationId);
    expect(await queueItem(asked.id)).toMatchObject({ reason: 'clarification', picked: { option: 'product name', reply: 'the second one', answerId: reply.id } });
    const other = await queueItem(elsewhere.id);
    expect(other).toMatchObject({ reason: 'clarification' });
    expect(other).not.toHaveProperty('picked');
  });

  it('leaves the clarification without a pick when the reply picks nothing', async () => {
    const asked = await clarification();
    // Words of both options: not a pick.
    await ask('name', asked.conversationId);
    const item = await queueItem(asked.id);
    expect(item).toMatchObject({ reason: 'clarification' });
    expect(item).not.toHaveProperty('picked');
  });
});
