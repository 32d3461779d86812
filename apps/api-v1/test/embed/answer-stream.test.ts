/**
 * Streamed answers (issue 30): POST /api/v1/conversations/answer with `Accept: text/event-stream`, over a
 * real socket, read by the real client's answerStream(). Events arrive in order (created, progress per
 * stage, completed); the completed body is the JSON answer; a failure after the stream opened is a
 * response.failed problem; heartbeats keep a quiet stream alive; a client that leaves cancels the query
 * (the single SQLite worker is free again at once) and nothing is stored; without the header nothing
 * changes.
 */
import { createAskdataClient, type AnswerStreamEvent } from '@askdata/client';
import request from 'supertest';
import { createApp } from '../../src/app';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { listen, type Listening } from '../ecosystem/support/listen';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { openSwitchableSlowSource, type SwitchableSource } from './support/switchable-slow';

jest.setTimeout(60_000);

const ANSWER = '/api/v1/conversations/answer';
const CONTEXT = { orgId: 3 };

/** The events of an SSE body as [event, data] pairs, comments (heartbeats) as ['comment', text]. */
function parseEvents(text: string): [string, unknown][] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block): [string, unknown] => {
      if (block.startsWith(':')) return ['comment', block.slice(1).trim()];
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? 'null';
      return [event, JSON.parse(data)];
    });
}

describe('streamed answers', () => {
  let t: TestApp;
  let source: SwitchableSource;
  let server: Listening;
  beforeAll(async () => {
    t = await createTestApp({ config: { SSE_HEARTBEAT_MS: 25 } });
    source = await openSwitchableSlowSource();
    // A statement timeout far beyond the test's own: only cancelling can free the worker in time.
    const answerDeps = { ...t.answerDeps, dataSource: source, limits: { ...t.answerDeps.limits, timeoutMs: 300_000 } };
    server = await listen(createApp({ config: t.config, store: t.testStore.store, answerDeps, logger: t.logger }));
  });
  afterEach(() => {
    source.slow = false;
  });
  afterAll(async () => {
    await server?.close();
    await source?.close();
    await t?.close();
  });

  const client = () => createAskdataClient({ baseUrl: server.baseUrl, apiKey: ENV_KEY });

  it('sends created, each stage, then completed: the JSON answer, stored under the ids it announced', async () => {
    const events: AnswerStreamEvent[] = [];
    const streamed = await client().answerStream({ question: 'Revenue by category', context: CONTEXT }, { onEvent: (event) => events.push(event) });
    expect(events.map((event) => (event.type === 'response.progress' ? event.data.stage : event.type))).toEqual(['response.created', 'understood', 'planned', 'querying', 'shaping', 'response.completed']);
    const created = events[0] as Extract<AnswerStreamEvent, { type: 'response.created' }>;
    expect(streamed).toMatchObject({ id: created.data.answerId, conversationId: created.data.conversationId });
    expect(events[1]).toEqual({ type: 'response.progress', data: { stage: 'understood', understood: expect.stringMatching(/revenue by category/i), notUnderstood: [] } });

    const json = await client().answer({ question: 'Revenue by category', context: CONTEXT });
    const { id: _a, conversationId: _c, ...streamedBody } = streamed;
    const { id: _b, conversationId: _d, ...jsonBody } = json;
    expect(streamedBody).toEqual(jsonBody);
    // What history returns for it is exactly what the stream completed with.
    const stored = await client().getConversation(streamed.conversationId, { context: CONTEXT });
    expect(stored.answers.map((turn) => turn.answer)).toEqual([streamed]);
  });

  it('streams a follow-up in the same conversation, and a decline stops after understood', async () => {
    const first = await client().answer({ question: 'Revenue by category', context: CONTEXT });
    const events: AnswerStreamEvent[] = [];
    const followUp = await client().answerStream({ question: 'and by month?', context: CONTEXT, conversationId: first.conversationId }, { onEvent: (event) => events.push(event) });
    expect(followUp.conversationId).toBe(first.conversationId);
    expect(events[0]).toEqual({ type: 'response.created', data: { conversationId: first.conversationId, answerId: followUp.id } });

    const declined: AnswerStreamEvent[] = [];
    await client().answerStream({ question: 'what is the frobnication index of xyzzy', context: CONTEXT }, { onEvent: (event) => declined.push(event) });
    expect(declined.map((event) => event.type)).toEqual(['response.created', 'response.progress', 'response.completed']);
    expect(declined[1]).toMatchObject({ data: { stage: 'understood', notUnderstood: expect.arrayContaining(['frobnication']) } });
  });

  it('keeps the JSON route as it was without the header, and answers a bad request before any stream with its own status', async () => {
    const plain = await request(server.baseUrl).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: CONTEXT });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const bad = await request(server.baseUrl).post(ANSWER).set(...auth(ENV_KEY)).set('Accept', 'text/event-stream').send({ question: '', context: CONTEXT });
    expectProblem(bad, 400, 'validation-failed');
    const unknown = await request(server.baseUrl).post(ANSWER).set(...auth(ENV_KEY)).set('Accept', 'text/event-stream').send({ question: 'and by month?', context: CONTEXT, conversationId: 'conv_unknown' });
    expectProblem(unknown, 404, 'not-found');
  });

  it('ends with response.failed (a problem) when the query fails after the stream opened, and stores nothing', async () => {
    const app = createApp({ config: t.config, store: t.testStore.store, answerDeps: { ...t.answerDeps, dataSource: source, limits: { ...t.answerDeps.limits, timeoutMs: 300 } }, logger: t.logger });
    const before = await t.testStore.store.answers.count();
    source.slow = true;
    const res = await request(app).post(ANSWER).set(...auth(ENV_KEY)).set('Accept', 'text/event-stream').send({ question: 'How many products are there?', context: CONTEXT });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(res.text).filter(([name]) => name !== 'comment');
    expect(events.map(([name]) => name)).toEqual(['response.created', 'response.progress', 'response.progress', 'response.progress', 'response.failed']);
    expect(events.at(-1)?.[1]).toMatchObject({ type: 'tag:askdata.dev,2025:problem:query-timeout', status: 504, title: expect.any(String), detail: expect.any(String) });
    expect(await t.testStore.store.answers.count()).toBe(before);
  });

  it('sends heartbeats while the query runs, and a client that leaves cancels the query and stores nothing', async () => {
    const first = await client().answer({ question: 'How many orders are there?', context: CONTEXT });
    const before = await t.testStore.store.answers.count();
    source.slow = true;
    const leaving = new AbortController();
    const events: AnswerStreamEvent[] = [];
    const raw = await fetch(`${server.baseUrl}${ANSWER}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'How many customers are there?', context: CONTEXT }),
      signal: leaving.signal,
    });
    // Read until the query is running and a heartbeat came in, then leave.
    const reader = raw.body!.getReader();
    let text = '';
    while (!(text.includes('"stage":"querying"') && text.includes(': heartbeat'))) text += new TextDecoder().decode((await reader.read()).value);
    leaving.abort();
    const created = parseEvents(text).find(([name]) => name === 'response.created')?.[1] as { conversationId: string; answerId: string };

    // A follow-up in an existing conversation, left the same way through the client.
    const followUpEvents: AnswerStreamEvent[] = [];
    const gone = new AbortController();
    const followUp = client().answerStream(
      { question: 'and by month?', context: CONTEXT, conversationId: first.conversationId },
      { signal: gone.signal, onEvent: (event) => (followUpEvents.push(event), event.type === 'response.progress' && event.data.stage === 'querying' && gone.abort()) },
    );
    await expect(followUp).rejects.toThrow();
    events.push(...followUpEvents);

    // The one worker runs the next query at once: both runaway statements were killed, not left to their 5-minute timeout.
    source.slow = false;
    const next = await client().answer({ question: 'How many products are there?', context: CONTEXT });
    expect(next.type).toBe('text');

    // Nothing half-done: no answer, no empty new conversation, and the old conversation has only its first answer.
    expect(await t.testStore.store.answers.count()).toBe(before + 1);
    expectProblem(await request(server.baseUrl).get(`/api/v1/conversations/${created.conversationId}?context.orgId=3`).set(...auth(ENV_KEY)), 404, 'not-found');
    const old = await client().getConversation(first.conversationId, { context: CONTEXT });
    expect(old.answers.map((turn) => turn.answer.id)).toEqual([first.id]);
    expect(t.logLines.some((line) => line.includes('answer stream closed by the client'))).toBe(true);
  });
});
