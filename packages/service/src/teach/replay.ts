/**
 * After a word is taught: re-ask the newest queued questions that contain it, through the real pipeline,
 * each with its own tenant scope, and show before and after. Nothing is stored as an answer; a question
 * the entry now answers leaves the queue.
 */
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { answerQuestion, isCoreError, phrasingKey, type AnswerDeps } from '@askdata/core';
import type { QueuedQuestion } from '@askdata/db';
import { tenantScopeFor } from '../tenant-scope-for';
import type { AdminDeps } from './admin-deps';
import { contextOfTenantKey } from './admin-scope';

export const REPLAY_LIMIT = 50;
/** How far back the queue is searched for the term (newest first). */
const REPLAY_SCAN = 5000;
/** Queued questions searched for the term between two turns of the event loop. */
const SCAN_SLICE = 500;

export interface ReplayedQuestion {
  answerId: string;
  question: string;
  context: Record<string, unknown>;
  before: { type: string; message: string };
  after: { type: string; message: string; status: 'answered' | 'declined' | 'clarification' | 'failed' };
}

export interface Replay {
  items: ReplayedQuestion[];
  /** Queued questions with the term beyond the ones replayed. */
  more: number;
  /** How many replayed questions now answer (and left the queue). */
  nowAnswered: number;
}

/** True when the question contains the term as whole words. */
export function mentions(question: string, termKey: string): boolean {
  return ` ${phrasingKey(question)} `.includes(` ${phrasingKey(termKey)} `);
}

async function replayOne(deps: AdminDeps, queued: QueuedQuestion): Promise<ReplayedQuestion> {
  const context = contextOfTenantKey(queued.tenantKey);
  const before = { type: queued.type, message: queued.message };
  try {
    const scope = tenantScopeFor(deps, context);
    const answerDeps: AnswerDeps = await deps.knowledge.depsFor(deps.answerDeps, scope);
    const outcome = await answerQuestion(answerDeps, { question: queued.question, scope, history: [] });
    return { answerId: queued.answerId, question: queued.question, context, before, after: { type: outcome.answer.type, message: outcome.answer.message, status: outcome.status } };
  } catch (error) {
    // One failing question (a timeout, a removed tenant) must not hide the others' results.
    // Only our own errors' messages are shown: a driver's could carry SQL or paths.
    const message = isCoreError(error) ? error.message : 'The question could not be answered.';
    return { answerId: queued.answerId, question: queued.question, context, before, after: { type: 'text', message, status: 'failed' } };
  }
}

export async function replayTerm(deps: AdminDeps, termKey: string, tenantKey: string): Promise<Replay> {
  const queued = await deps.store.review.queued(tenantKey === '' ? {} : { tenantKey }, REPLAY_SCAN);
  const matching: QueuedQuestion[] = [];
  for (let from = 0; from < queued.length; from += SCAN_SLICE) {
    if (from > 0) await turnOfTheLoop();
    matching.push(...queued.slice(from, from + SCAN_SLICE).filter((q) => mentions(q.question, termKey)));
  }
  const items: ReplayedQuestion[] = [];
  // One at a time, and the event loop turns between two (planning one is synchronous and bounded): a replay
  // must not crowd out the questions callers are asking right now, nor /healthz.
  for (const q of matching.slice(0, REPLAY_LIMIT)) {
    if (items.length > 0) await turnOfTheLoop();
    items.push(await replayOne(deps, q));
  }
  const answered = items.filter((item) => item.after.status === 'answered').map((item) => item.answerId);
  await deps.store.review.resolve(answered);
  return { items, more: Math.max(0, matching.length - items.length), nowAnswered: answered.length };
}
