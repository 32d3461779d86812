/**
 * Acceptance (issue 19): every phrase of the date phrase list is understood in a question asked through
 * the real v1 API — createApp(deps) with supertest, the demo warehouse generated up to the list's pinned
 * clock, a real SQLite store — and the answer's message states the period as it was read. The stored
 * plan (read back through the explain endpoint) holds the listed [start, end). Zone cases run on an app
 * whose TIMEZONE is that zone. Also: the partial-period note and "the same period last year" as a
 * follow-up.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v1AnswerSchema } from '@askdata/contract';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH, ensureDemoWarehouse } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import request from 'supertest';
import { DATE_PHRASES, PHRASE_LIST_NOW, type PhraseCase } from '@askdata/core/testing';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { openTestStore, type TestStore } from '../support/test-deps';

const ANSWER_PATH = '/api/v1/conversations/answer';
const SCALE = 0.05;

/** Revenue for most phrases; a count for every third, so both kinds of message are checked. */
const questionFor = (c: PhraseCase, index: number): string => (index % 3 === 2 ? `how many orders ${c.phrase}` : `revenue ${c.phrase}`);

/**
 * The period as the message must state it: the label, but a running period adds "so far, N of M days"
 * before its closing parenthesis (or in one of its own), so only the label's closing parenthesis may
 * differ.
 */
const statedReading = (label: string): string => label.replace(/\)$/, '');

describe('date phrases through the v1 API (now = 2026-03-19 15:30 UTC)', () => {
  let store: TestStore;
  let answerDeps: BuiltAnswerDeps;
  const apps = new Map<string, Express>();

  beforeAll(async () => {
    const warehouse = ensureDemoWarehouse(join(tmpdir(), `askdata-dates-demo-${SCALE}-${PHRASE_LIST_NOW.toISOString().slice(0, 10)}.sqlite`), { scale: SCALE, now: PHRASE_LIST_NOW });
    store = await openTestStore('sqlite');
    answerDeps = await createAnswerDeps({
      dataSourceUrl: warehouse.path,
      semanticModelPath: DEMO_MODEL_PATH,
      timezone: 'UTC',
      maxRows: 1000,
      timeoutMs: 10_000,
      clock: () => PHRASE_LIST_NOW,
    });
    const config = testConfig({ DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: 1_000_000 });
    const logger = createApiLogger({ LOG_LEVEL: 'warn', API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
    for (const timezone of new Set(['UTC', ...DATE_PHRASES.flatMap((c) => (c.timezone ? [c.timezone] : []))])) {
      apps.set(timezone, createApp({ config, store: store.store, answerDeps: { ...answerDeps, timezone }, logger }));
    }
  });

  afterAll(async () => {
    await answerDeps?.close();
    await store?.cleanup();
  });

  const ask = (timezone: string, body: object) => request(apps.get(timezone)!).post(ANSWER_PATH).set(...auth(ENV_KEY)).send(body);
  const planOf = async (timezone: string, answerId: string) => {
    const res = await request(apps.get(timezone)!).get(`${ANSWER_PATH}/${answerId}/explain`).set(...auth(ENV_KEY));
    expect(res.status).toBe(200);
    return res.body.plan as { timeRange?: { start?: string; end?: string; label: string } };
  };

  it.each(DATE_PHRASES.map((c, i) => [`${questionFor(c, i)}${c.timezone ? ` [${c.timezone}]` : ''}`, c, i] as const))('%s', async (_question, c, i) => {
    const timezone = c.timezone ?? 'UTC';
    const res = await ask(timezone, { question: questionFor(c, i), context: { orgId: 1 } });
    expect(res.status).toBe(200);
    const answer = v1AnswerSchema.parse(res.body);
    expect(answer.message).toContain(statedReading(c.label));
    const plan = await planOf(timezone, answer.id);
    expect(plan.timeRange).toMatchObject({ label: c.label });
    expect([plan.timeRange?.start, plan.timeRange?.end]).toEqual([c.start, c.end]);
  });

  it('says when the period is still running, and how much of it has passed', async () => {
    const month = await ask('UTC', { question: 'revenue this month', context: { orgId: 1 } });
    expect(month.body.message).toContain('this month (March 2026 so far, 19 of 31 days)');
    const half = await ask('UTC', { question: 'how many orders in H1 2026', context: { orgId: 2 } });
    expect(half.body.message).toContain('in H1 2026 (so far, 78 of 181 days)');
    const chart = await ask('UTC', { question: 'revenue by category this quarter', context: { orgId: 1 } });
    expect(chart.body.type).toBe('chart');
    expect(chart.body.message).toContain('this quarter (Q1 2026 so far, 78 of 90 days)');
    const done = await ask('UTC', { question: 'revenue last month', context: { orgId: 1 } });
    expect(done.body.message).toContain('last month (February 2026)');
    expect(done.body.message).not.toContain('so far');
  });

  it('reads "the same period last year" in a follow-up against the previous question\'s period', async () => {
    const first = await ask('UTC', { question: 'revenue last month', context: { orgId: 1 } });
    expect(first.status).toBe(200);
    const next = await ask('UTC', { question: 'what about the same period last year?', context: { orgId: 1 }, conversationId: first.body.conversationId });
    expect(next.status).toBe(200);
    expect(next.body.message).toContain('the same period last year (February 2025)');
    const plan = await planOf('UTC', next.body.id);
    expect([plan.timeRange?.start, plan.timeRange?.end]).toEqual(['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z']);
  });
});
