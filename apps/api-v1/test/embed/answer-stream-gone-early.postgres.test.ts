/**
 * A streamed answer whose client is gone before the first event (issue 30): the route watches the
 * connection from the start, so a client that leaves while the conversation is still being looked up
 * stops the work too, and nothing is stored. The window is made wide and certain with a real PostgreSQL
 * store: another session locks the conversations table, the follow-up waits on that lock, the client
 * resets its connection, and only once the server has seen it go is the lock released.
 * Before: the stream's close listener was attached only when the stream opened, after the client had
 * already gone, so the answer was made and stored for nobody.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import { createAskdataClient } from '@askdata/client';
import { Client } from 'pg';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const ANSWER = '/api/v1/conversations/answer';
const CONTEXT = { orgId: 3 };
const tick = (ms = 20) => new Promise((next) => setTimeout(next, ms));

describe('a streamed answer whose client is gone before the first event (PostgreSQL store)', () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ storeKind: 'postgres' });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((ready) => server.once('listening', ready));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await t?.close();
  });

  const openConnections = () => new Promise<number>((done, fail) => server.getConnections((error, count) => (error ? fail(error) : done(count))));

  it('stops the work and stores nothing', async () => {
    const first = await createAskdataClient({ baseUrl, apiKey: ENV_KEY }).answer({ question: 'How many orders are there?', context: CONTEXT });
    const before = await t.testStore.store.answers.count();
    const logged = t.logLines.length;

    const locker = new Client({ connectionString: t.testStore.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "Conversation" IN ACCESS EXCLUSIVE MODE');
    try {
      // The follow-up, sent whole over a raw socket; its lookup of the conversation waits on the lock.
      const body = JSON.stringify({ question: 'and by month?', context: CONTEXT, conversationId: first.conversationId });
      const { port } = new URL(baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((ready) => socket.once('connect', ready));
      const [name, value] = auth(ENV_KEY);
      socket.write([`POST ${ANSWER} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `${name}: ${value}`, 'Accept: text/event-stream', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'));
      const waitingOnLock = async () => (await locker.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()")).rows[0]?.n !== '0';
      while (!(await waitingOnLock())) await tick();
      // The client leaves before any event; the server sees its connection close.
      socket.resetAndDestroy();
      while ((await openConnections()) > 0) await tick();
      await tick();
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }

    // Whichever comes first: the route gives up (and says so), or an answer is stored for nobody.
    const gaveUp = () => t.logLines.slice(logged).some((line) => line.includes('answer stream closed by the client'));
    while (!gaveUp() && (await t.testStore.store.answers.count()) === before) await tick();
    expect(await t.testStore.store.answers.count()).toBe(before);
    expect(gaveUp()).toBe(true);
  });
});
