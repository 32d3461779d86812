/**
 * Reading back one large conversation is bounded (issue 25, item 2). A conversation of many large
 * answers used to come back whole from GET /api/v1/conversations/{id} (500 "show all orders" answers: 45 MB
 * in one body). Now its answers come in pages (`limit`, `cursor`, `nextCursor`: the newest page first,
 * each page oldest first), each page at most 5 MB also without a limit, and the store keeps at most 1 MB
 * of an answer. Answers stored before the change (larger than that) stay readable and are cut on the way
 * out. On SQLite and PostgreSQL stores, through the real app over a warehouse whose answers are large.
 */
import { checkResponse, conversationDetailSchema, type ConversationDetail, type OpenApiDocument, type V1Answer } from '@askdata/contract';
import type { AnswerRecord, NewAnswer } from '@askdata/db';
import request, { type Response } from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, ENV_KEY, OTHER_ENV_KEY } from '../support/test-app';
import type { StoreKind } from '../support/test-deps';
import { NOTE_COUNT, notesApp, type NotesApp } from './support/notes-app';

jest.setTimeout(180_000);

const ANSWER = '/api/v1/conversations/answer';
const PAGE_BYTES = 5_000_000;
const STORED_ANSWER_BYTES = 1_000_000;
const bytes = (value: unknown): number => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

describe.each<StoreKind>(['sqlite', 'postgres'])('a large conversation on a %s store', (storeKind) => {
  let t: NotesApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await notesApp(storeKind);
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
  });
  afterAll(() => t?.close());

  const ask = async (question: string, conversationId?: string): Promise<V1Answer> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: {}, ...(conversationId ? { conversationId } : {}) });
    expect(res.status).toBe(200);
    return res.body as V1Answer;
  };
  const read = async (conversationId: string, query: Record<string, string> = {}, key = ENV_KEY): Promise<Response> =>
    request(t.app).get(`/api/v1/conversations/${conversationId}`).query(query).set(...auth(key));
  /** Every page from the first, following nextCursor; each page's body within PAGE_BYTES. */
  const readAll = async (conversationId: string, query: Record<string, string> = {}): Promise<ConversationDetail[]> => {
    const pages: ConversationDetail[] = [];
    let cursor: string | null = null;
    do {
      const res = await read(conversationId, { ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(bytes(res.text)).toBeLessThanOrEqual(PAGE_BYTES);
      expect(checkResponse(document, { path: '/api/v1/conversations/{conversationId}', method: 'get', status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
      const page = conversationDetailSchema.parse(res.body);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 100);
    expect(cursor).toBeNull();
    return pages;
  };
  /** The answer ids of pages read newest page first, in the order they were asked. */
  const answerIds = (pages: readonly ConversationDetail[]): string[] => [...pages].reverse().flatMap((page) => page.answers.map((a) => a.answer.id));
  /** What a store written before this change holds: the answer as given, not cut (today's store layer writes it as it is handed). */
  const storeAsBefore = async (like: Omit<AnswerRecord, 'payload'>, answer: { type: 'text' | 'chart' | 'table'; message: string; payload: unknown }, question: string): Promise<string> => {
    const { id: _id, createdAt: _createdAt, outcome: _outcome, unknownTerms: _terms, ...fields } = like;
    const row: NewAnswer = { ...fields, ...answer, question, meta: {} };
    return (await t.testStore.store.answers.create(row)).id;
  };

  it('keeps at most 1 MB of an answer, and reading it back says how much of it was kept', async () => {
    const live = await ask('show all notes');
    if (live.type !== 'table') throw new Error(`expected a table, got ${live.type}`);
    expect(live.table.rows).toHaveLength(NOTE_COUNT);
    const [stored] = await t.testStore.store.answers.listForConversation(live.conversationId, 1);
    expect(bytes(stored?.payload)).toBeLessThanOrEqual(STORED_ANSWER_BYTES);

    const res = await read(live.conversationId);
    expect(res.status).toBe(200);
    const [turn] = conversationDetailSchema.parse(res.body).answers;
    const shown = turn?.partial?.shown ?? -1;
    expect(turn?.partial).toEqual({ shown, of: NOTE_COUNT });
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(NOTE_COUNT);
    expect(turn?.answer).toEqual({ ...live, table: { headers: live.table.headers, rows: live.table.rows.slice(0, shown) } });
  });

  it('pages its answers newest page first, each page oldest first and at most 5 MB with or without a limit; the pages hold every answer once', async () => {
    const asked: string[] = [];
    const first = await ask('show all notes');
    asked.push(first.id);
    for (let i = 1; i < 12; i += 1) asked.push((await ask(i % 3 === 0 ? 'how many notes are there?' : 'show all notes', first.conversationId)).id);

    for (const query of [{}, { limit: '100' }] as Record<string, string>[]) {
      const pages = await readAll(first.conversationId, query);
      expect(pages.length).toBeGreaterThan(1);
      expect(answerIds(pages)).toEqual(asked);
      // The first page ends with the newest answer.
      expect(pages[0]?.answers.at(-1)?.answer.id).toBe(asked.at(-1));
    }
  });

  it('pages by count: 20 answers by default, `limit` when given, nextCursor null on the last page', async () => {
    const first = await ask('how many notes are there?');
    const like = (await t.testStore.store.answers.findById(first.id))!;
    const asked = [first.id];
    for (let i = 1; i < 45; i += 1) {
      asked.push(await storeAsBefore(like, { type: 'text', message: `Answer ${i}.`, payload: { type: 'text', message: `Answer ${i}.` } }, `question ${i}`));
    }
    const byDefault = await readAll(first.conversationId);
    expect(byDefault.map((page) => page.answers.length)).toEqual([20, 20, 5]);
    expect(answerIds(byDefault)).toEqual(asked);
    const bySeven = await readAll(first.conversationId, { limit: '7' });
    expect(bySeven.map((page) => page.answers.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    expect(answerIds(bySeven)).toEqual(asked);

    expectProblem(await read(first.conversationId, { cursor: 'not-a-cursor' }), 400, 'validation-failed');
    expectProblem(await read(first.conversationId, { limit: '101' }), 400, 'validation-failed');
    expectProblem(await read(first.conversationId, { limit: '1' }, OTHER_ENV_KEY), 404, 'not-found');
  });

  it('reads back answers stored before the change: one of 3 MB cut to the cap on the way out, a small one as it was', async () => {
    const small = await ask('how many notes are there?');
    const like = (await t.testStore.store.answers.findById(small.id))!;
    const rows = Array.from({ length: 4000 }, (_, i) => [`Note ${i}`, 'x'.repeat(380)]);
    const big = {
      type: 'table' as const,
      message: 'Here are 4,000 notes.',
      payload: { type: 'table', message: 'Here are 4,000 notes.', table: { title: 'Notes', columns: [{ name: 'title', label: 'Title', kind: 'string' }, { name: 'body', label: 'Body', kind: 'string' }], rows, displayRows: rows } },
    };
    expect(bytes(big.payload)).toBeGreaterThan(3_000_000);
    const bigId = await storeAsBefore(like, big, 'show all notes, as stored before');

    const pages = await readAll(small.conversationId);
    const turns = pages.flatMap((page) => page.answers);
    expect(turns.map((turn) => turn.answer.id)).toEqual([small.id, bigId]);
    expect(turns[0]?.answer).toEqual(small);
    expect(turns[0]?.partial).toBeUndefined();
    const cut = turns[1];
    const shown = cut?.partial?.shown ?? -1;
    expect(cut?.partial).toEqual({ shown, of: 4000 });
    expect(shown).toBeGreaterThan(0);
    expect(cut?.answer).toEqual({ id: bigId, conversationId: small.conversationId, type: 'table', message: big.message, table: { headers: ['Title', 'Body'], rows: rows.slice(0, shown) } });
    expect(bytes(cut?.answer)).toBeLessThanOrEqual(STORED_ANSWER_BYTES);
  });
});
