/**
 * Issue 35 (third hostile review), F8: what a streamed answer leaves behind when its client hung up before
 * the answer was shaped. The chosen behaviour: nothing, even when the query completes after the hang-up:
 * no answer, and no new conversation. (A client that hangs up after the answer was shaped may find it
 * stored: by then it is a complete answer, written in one transaction, and history shows it whole. That is
 * what the review's 9 of 60 were: hang-ups that reached the server after the answer was made.)
 *
 * The window is made certain with a query that blocks until the test releases it: the data source's
 * execute waits on a promise the test resolves, and ignores the abort signal, as a source that cannot
 * cancel (or a query finishing just as the client leaves) would. The client leaves while the query is
 * held; only once the server has seen its connection close is the query let go, and it then returns its
 * rows as usual.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from '@askdata/core';
import { createAskdataClient } from '@askdata/client';
import request from 'supertest';
import { createApp } from '../../src/app';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const ANSWER = '/api/v1/conversations/answer';
const CONTEXT = { orgId: 3 };
const tick = (ms = 20) => new Promise((next) => setTimeout(next, ms));

/** The real data source, whose queries wait at a gate while it is closed. */
function gatedSource(real: DataSource) {
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const state = {
    held: 0,
    close() {
      gate = new Promise((open) => (release = open));
    },
    open() {
      release?.();
      gate = undefined;
    },
  };
  const source: DataSource = {
    ...real,
    dialect: real.dialect,
    description: real.description,
    async execute(query, options) {
      if (gate) {
        state.held += 1;
        await gate;
      }
      // The signal is not passed on: this query runs to the end whatever the client does.
      const { signal: _ignored, ...rest } = options;
      return real.execute(query, rest);
    },
    introspect: () => real.introspect(),
    ping: () => real.ping(),
    close: () => real.close(),
  };
  return { source, state };
}

describe('a streamed answer whose client hung up before the answer was shaped', () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  let gated: ReturnType<typeof gatedSource>;
  beforeAll(async () => {
    t = await createTestApp();
    gated = gatedSource(t.answerDeps.dataSource);
    const app = createApp({ config: t.config, store: t.testStore.store, answerDeps: { ...t.answerDeps, dataSource: gated.source }, logger: t.logger });
    server = app.listen(0, '127.0.0.1');
    await new Promise((ready) => server.once('listening', ready));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gated?.state.open();
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await t?.close();
  });

  const openConnections = () => new Promise<number>((done, fail) => server.getConnections((error, count) => (error ? fail(error) : done(count))));

  /** Asks over SSE, hangs up once the query is held at the gate, and waits until the server saw it go. */
  async function hangUpWhileQueryHeld(body: Record<string, unknown>): Promise<{ conversationId: string; answerId: string }> {
    const heldBefore = gated.state.held;
    gated.state.close();
    const leaving = new AbortController();
    const response = await fetch(`${baseUrl}${ANSWER}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: leaving.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"stage":"querying"') || gated.state.held === heldBefore) text += new TextDecoder().decode((await reader.read()).value);
    const created = JSON.parse(/event: response\.created\ndata: (.+)\n/.exec(text)?.[1] ?? 'null') as { conversationId: string; answerId: string };
    leaving.abort();
    while ((await openConnections()) > 0) await tick();
    return created;
  }

  it('stores nothing, though its query completes after the hang-up: no answer, no new conversation, no turn added', async () => {
    const first = await createAskdataClient({ baseUrl, apiKey: ENV_KEY }).answer({ question: 'How many orders are there?', context: CONTEXT });
    const before = await t.testStore.store.answers.count();
    const logged = t.logLines.length;
    const gaveUp = (count: number) => t.logLines.slice(logged).filter((line) => line.includes('answer stream closed by the client; nothing stored')).length >= count;
    // Whichever comes first: the route gives up (and says so), or an answer is stored for nobody.
    const settled = async (count: number) => {
      while (!gaveUp(count) && (await t.testStore.store.answers.count()) === before) await tick();
    };

    // A new conversation, then a follow-up in an existing one, each left while its query is held.
    const fresh = await hangUpWhileQueryHeld({ question: 'How many customers are there?', context: CONTEXT });
    gated.state.open();
    await settled(1);
    expect(await t.testStore.store.answers.count()).toBe(before);
    const followUp = await hangUpWhileQueryHeld({ question: 'and by month?', context: CONTEXT, conversationId: first.conversationId });
    gated.state.open();
    await settled(2);

    expect(await t.testStore.store.answers.count()).toBe(before);
    expectProblem(await request(baseUrl).get(`/api/v1/conversations/${fresh.conversationId}?context.orgId=3`).set(...auth(ENV_KEY)), 404, 'not-found');
    const old = await createAskdataClient({ baseUrl, apiKey: ENV_KEY }).getConversation(first.conversationId, { context: CONTEXT });
    expect(old.answers.map((turn) => turn.answer.id)).toEqual([first.id]);
    expect(old.answers.map((turn) => turn.answer.id)).not.toContain(followUp.answerId);
  });
});
