/**
 * The rule trace (issue 26) is part of the answer record: GET .../answer/{id}/explain shows which rules
 * read which words and why, the candidates that lost, the builder's defaults, and, for a decline, the
 * words no rule covered. Every response is checked against the served OpenAPI document.
 */
import { checkResponse, type OpenApiDocument } from '@askdata/contract';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from './support/test-app';

const ANSWER = '/api/v1/conversations/answer';

interface Entry {
  step: string;
  rule: string;
  words: string;
  reason: string;
  chosen: boolean;
  lostBecause?: string;
}

describe('the rule trace in the explain endpoint', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  const explain = async (question: string): Promise<{ status: string; trace: Entry[]; message: string }> => {
    const answer = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId: 1 } });
    expect(answer.status).toBe(200);
    const path = `${ANSWER}/${answer.body.id as string}/explain`;
    const res = await request(t.app).get(path).set(...auth(ENV_KEY));
    expect(res.status).toBe(200);
    expect(checkResponse(document, { path: `${ANSWER}/{answerId}/explain`, method: 'get', status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
    return { status: res.body.plan === null ? 'declined' : 'answered', trace: res.body.trace as Entry[], message: answer.body.message as string };
  };

  it('names each rule that read the question, on which words, and why', async () => {
    const { status, trace } = await explain('Top 5 customers by revenue last month');
    expect(status).toBe('answered');
    const chosen = trace.filter((e) => e.chosen && e.step === 'rule');
    expect(chosen.map((e) => e.rule)).toEqual(expect.arrayContaining(['ranking.superlative-word', 'time.period']));
    expect(chosen.find((e) => e.rule === 'time.period')).toMatchObject({ words: 'last month', reason: expect.stringContaining('period') });
    expect(chosen.every((e) => e.reason.length > 0)).toBe(true);
  });

  it('keeps a losing candidate with why it lost', async () => {
    const { trace } = await explain('Revenue by category as a table, as a bar chart');
    const lost = trace.filter((e) => e.step === 'rule' && !e.chosen);
    expect(lost).toEqual([expect.objectContaining({ rule: 'presentation.asked-form', words: 'as a bar chart', lostBecause: 'the answer was already asked for as table' })]);
  });

  it('for a decline, names the words no rule covered', async () => {
    const { status, trace } = await explain('How many orders did the zorblax wombles place?');
    expect(status).toBe('declined');
    const left = trace.filter((e) => e.step === 'verify' && !e.chosen);
    expect(left).toEqual([expect.objectContaining({ rule: 'verify.unexplained-words', words: expect.stringContaining('zorblax') })]);
  });
});
