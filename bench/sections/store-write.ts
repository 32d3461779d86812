/**
 * The per-request store write on its own: what askInConversation persists for a new v1 conversation
 * (create the conversation, then the answer with its plan, SQL and timings), through the real store.
 */
import { answerQuestion, resolveTenantScope } from '@askdata/core';
import type { Store } from '@askdata/db';
import type { BuiltAnswerDeps } from '@askdata/service';
import { toNewAnswer } from '../../packages/service/src/answer-record';
import { msSince, nowNs } from '../lib/clock';
import type { BenchQuestion } from '../lib/questions';
import { summarise, type Summary } from '../lib/stats';

export interface StoreWriteReport {
  conversation: Summary;
  answer: Summary;
  both: Summary;
}

export async function benchStoreWrite(store: Store, deps: BuiltAnswerDeps, questions: readonly BenchQuestion[], writes: number): Promise<StoreWriteReport> {
  const outcomes = [];
  for (const q of questions.slice(0, 20)) {
    const scope = resolveTenantScope(deps.model, q.context);
    outcomes.push({ q, scope, outcome: await answerQuestion(deps, { question: q.question, scope, history: [] }) });
  }
  const owner = { apiKeyId: null, principal: 'env:0', tenantKey: 'orgId=1' };
  const samples = { conversation: [] as number[], answer: [] as number[], both: [] as number[] };
  for (let i = 0; i < writes + 10; i++) {
    const { q, scope, outcome } = outcomes[i % outcomes.length]!;
    const t0 = nowNs();
    const conversation = await store.conversations.create({ origin: 'v1', owner, scope });
    const conversationMs = msSince(t0);
    const t1 = nowNs();
    await store.answers.create(toNewAnswer(outcome, { conversationId: conversation.id, owner, scope, question: q.question }));
    const answerMs = msSince(t1);
    if (i < 10) continue; // warm-up
    samples.conversation.push(conversationMs);
    samples.answer.push(answerMs);
    samples.both.push(conversationMs + answerMs);
  }
  return { conversation: summarise(samples.conversation), answer: summarise(samples.answer), both: summarise(samples.both) };
}
