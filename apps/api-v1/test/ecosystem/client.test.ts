/**
 * @askdata/client against the real app listening on a free port (real SQLite store, demo warehouse):
 * ask, continue a conversation, give and change feedback (then found in the store), explain, and typed
 * AskdataProblemErrors for a 400 with issues, another key's answer (404) and an unknown key (401).
 */
import { AskdataProblemError, createAskdataClient, type AskdataClient } from '@askdata/client';
import { createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from '../support/test-app';
import { listen, type Listening } from './support/listen';
import { CONTEXT, QUESTIONS } from './support/questions';

describe('@askdata/client against the running api-v1', () => {
  let t: TestApp;
  let server: Listening;
  let client: AskdataClient;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    client = createAskdataClient({ baseUrl: server.baseUrl, apiKey: ENV_KEY });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const problemOf = (promise: Promise<unknown>): Promise<AskdataProblemError> =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(AskdataProblemError);
        return error as AskdataProblemError;
      },
    );

  it('asks and continues a conversation', async () => {
    const first = await client.answer({ question: QUESTIONS.bar, context: CONTEXT });
    expect(first.type).toBe('chart');
    expect(first.chart?.type).toBe('bar');
    const next = await client.continue(first.conversationId, 'and by month?', CONTEXT);
    expect(next.conversationId).toBe(first.conversationId);
    expect(next.id).not.toBe(first.id);
    const table = await client.answer({ question: QUESTIONS.table, context: CONTEXT });
    expect(table.table?.rows).toHaveLength(5);
  });

  it('creates and updates feedback, which the store then holds', async () => {
    const answer = await client.answer({ question: QUESTIONS.text, context: CONTEXT });
    const created = await client.createFeedback(answer.id, { rating: 'negative', comment: 'I meant net of tax' });
    expect(created).toEqual({ id: expect.any(String), rating: 'negative', comment: 'I meant net of tax' });
    const updated = await client.updateFeedback(answer.id, created.id, { rating: 'positive' });
    expect(updated).toEqual({ id: created.id, rating: 'positive', comment: 'I meant net of tax' });
    await expect(t.testStore.store.feedback.find(answer.id, created.id)).resolves.toMatchObject({ rating: 'positive', comment: 'I meant net of tax' });
  });

  it('explains an answer: plan, SQL with the tenant bound as a parameter, engine, timings', async () => {
    const answer = await client.answer({ question: QUESTIONS.bar, context: CONTEXT });
    const explanation = await client.explain(answer.id);
    expect(explanation).toMatchObject({ answerId: answer.id, conversationId: answer.conversationId, question: QUESTIONS.bar, type: 'chart', engine: 'rules' });
    expect(explanation.sql).toMatch(/^select /i);
    expect(explanation.parameters).toContain(1);
    expect(explanation.plan).toMatchObject({ kind: 'aggregate' });
    expect(Object.values(explanation.timings).every((ms) => typeof ms === 'number')).toBe(true);
  });

  it('lists past conversations and reads one back with its answers and feedback', async () => {
    const first = await client.answer({ question: QUESTIONS.bar, context: CONTEXT });
    const followUp = await client.continue(first.conversationId, 'and by month?', CONTEXT);
    await client.createFeedback(followUp.id, { rating: 'positive' });
    const page = await client.listConversations({ context: CONTEXT, limit: 1 });
    expect(page.items).toEqual([{ id: first.conversationId, createdAt: expect.any(String), firstQuestion: QUESTIONS.bar }]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const conversation = await client.getConversation(first.conversationId, { context: CONTEXT });
    expect(conversation.answers.map((a) => [a.question, a.answer.id, a.feedback.map((f) => f.rating)])).toEqual([
      [QUESTIONS.bar, first.id, []],
      ['and by month?', followUp.id, ['positive']],
    ]);
    expect(conversation.nextCursor).toBeNull();
    // A page at a time: the newest answer first, then the one before it.
    const pages: string[][] = [];
    for await (const one of client.conversationPages(first.conversationId, { context: CONTEXT, limit: 1 })) pages.push(one.answers.map((a) => a.answer.id));
    expect(pages).toEqual([[followUp.id], [first.id]]);
  });

  it('throws AskdataProblemError with every issue of an invalid request', async () => {
    const error = await problemOf(client.answer({ question: '  ', context: CONTEXT }));
    expect(error).toMatchObject({ status: 400, slug: 'validation-failed', issues: [{ path: 'body.question', message: 'must not be empty' }] });
    expect(error.requestId).toEqual(expect.any(String));
    const context = await problemOf(client.answer({ question: QUESTIONS.text, context: {} }));
    expect(context).toMatchObject({ status: 400, slug: 'context-missing' });
  });

  it('gives another key a 404 for explain and feedback, and an unknown key a 401', async () => {
    const answer = await client.answer({ question: QUESTIONS.text, context: CONTEXT });
    const other = createAskdataClient({ baseUrl: server.baseUrl, apiKey: OTHER_ENV_KEY });
    await expect(problemOf(other.explain(answer.id))).resolves.toMatchObject({ status: 404, slug: 'not-found' });
    await expect(problemOf(other.createFeedback(answer.id, { rating: 'positive' }))).resolves.toMatchObject({ status: 404 });
    const stranger = createAskdataClient({ baseUrl: server.baseUrl, apiKey: 'not-a-known-key-123456' });
    await expect(problemOf(stranger.answer({ question: QUESTIONS.text, context: CONTEXT }))).resolves.toMatchObject({ status: 401, slug: 'unauthorized' });
  });
});
