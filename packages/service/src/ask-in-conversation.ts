/**
 * The conversation flow shared by api-v1, ask-legacy and the CLI: find or start the conversation the
 * caller owns, hand the pipeline its earlier turns, answer, and persist the answer with its plan, SQL
 * and timings. Ownership is (principal, API key, tenant key): anyone else gets NOT_FOUND.
 */
import { answerQuestion, CoreError, resolveContext, tenantKeyOf, type AnswerDeps, type AnswerOutcome, type ConversationTurn, type QueryPlan } from '@askdata/core';
import type { AnswerRecord, ConversationRecord, Owner, Store } from '@askdata/db';

/** How many earlier turns the planner sees; follow-ups only need the last few. */
const HISTORY_TURNS = 10;

export type ConversationTarget =
  | { kind: 'new' }
  | { kind: 'existing'; id: string }
  /** Legacy: the caller names the conversation; it is namespaced by tenant (orgId) and never merged across tenants. */
  | { kind: 'caller-named'; externalId: string };

export interface AskInput {
  question: string;
  context: Record<string, unknown>;
  principal: { apiKeyId: string | null; principal: string };
  conversation: ConversationTarget;
}

export interface AskResult {
  conversation: ConversationRecord;
  answer: AnswerRecord;
  outcome: AnswerOutcome;
}

async function findOrStartConversation(store: Store, target: ConversationTarget, owner: Owner, context: Record<string, unknown>): Promise<ConversationRecord> {
  switch (target.kind) {
    case 'new':
      return store.conversations.create({ origin: 'v1', owner, context });
    case 'existing': {
      const found = await store.conversations.findOwned(target.id, owner);
      if (!found) throw new CoreError('NOT_FOUND', `Conversation ${JSON.stringify(target.id)} was not found.`);
      return found;
    }
    case 'caller-named':
      return store.conversations.upsertLegacy({ externalId: target.externalId, owner, context });
  }
}

function turnsOf(answers: readonly AnswerRecord[]): ConversationTurn[] {
  return answers.map((answer) => (answer.plan ? { question: answer.question, plan: answer.plan as QueryPlan } : { question: answer.question }));
}

export async function askInConversation(deps: { store: Store; answerDeps: AnswerDeps }, input: AskInput): Promise<AskResult> {
  // Validate the context before touching the store: a missing tenant value is a 400, and it defines the owner.
  const contextUse = resolveContext(deps.answerDeps.model, input.context);
  const owner: Owner = { ...input.principal, tenantKey: tenantKeyOf(contextUse) };
  const conversation = await findOrStartConversation(deps.store, input.conversation, owner, input.context);
  const history = turnsOf(await deps.store.answers.listForConversation(conversation.id, HISTORY_TURNS));
  const outcome = await answerQuestion(deps.answerDeps, { question: input.question, context: input.context, history });
  const answer = await deps.store.answers.create({
    conversationId: conversation.id,
    owner,
    question: input.question,
    type: outcome.answer.type,
    message: outcome.answer.message,
    payload: outcome.answer,
    plan: outcome.plan ?? null,
    sql: outcome.sql?.sql ?? null,
    sqlParameters: outcome.sql ? [...outcome.sql.parameters] : null,
    engine: outcome.engine,
    confidence: outcome.confidence,
    timings: { ...outcome.timings, ...(outcome.llmLatencyMs !== undefined ? { llmLatencyMs: outcome.llmLatencyMs } : {}) },
    meta: {
      followUp: outcome.followUp,
      contextIgnored: outcome.context.ignored,
      ...(outcome.rowCount !== undefined ? { rowCount: outcome.rowCount, truncated: outcome.truncated ?? false } : {}),
      ...(outcome.usage ? { usage: outcome.usage } : {}),
    },
  });
  return { conversation, answer, outcome };
}
