/**
 * The conversation flow shared by api-v1, ask-legacy and the CLI: find the conversation the caller owns
 * (or prepare a new one), hand the pipeline the earlier turns, answer, and persist the answer with its
 * plan, SQL and timings. The caller's tenant scope arrives resolved (tenantScopeFor, once, at the edge of
 * the request); nothing here resolves it again.
 *
 * Ownership is principal + API key + tenant key: the tenant key comes from the scope of this request, so a
 * conversation continued with another key or another tenant's context is simply not found (NOT_FOUND),
 * exactly like an unknown id; nothing tells an outsider that the id exists.
 *
 * A new conversation, v1 or legacy, is only created once the answer exists, so a failed question (timeout,
 * bad context) leaves no empty conversation behind; it is written in the same transaction as that first
 * answer, so a failed write leaves none either. Two first questions racing on one legacy id: the loser's
 * write fails on the (tenant, id) unique key, and its answer is stored in the winner's conversation.
 */
import { answerQuestion, CoreError, type AnswerDeps, type AnswerOutcome, type AnswerProgress, type TenantScope } from '@askdata/core';
import { isUniqueViolation, ownerFor, reserveAnswerIds, type AnswerRecord, type ConversationRecord, type Owner, type Store } from '@askdata/db';
import { toAnswerFields, toNewAnswer } from './answer-record';
import { HISTORY_TURNS, toConversationTurns } from './conversation-history';
import { recordPick } from './record-pick';
import type { Knowledge } from './teach/knowledge';

export type ConversationTarget =
  | { kind: 'new' }
  | { kind: 'existing'; id: string }
  /** Legacy: the caller names the conversation; it is namespaced by tenant and never merged across tenants. */
  | { kind: 'caller-named'; externalId: string };

/** Who asks: the API key (null for env keys, the legacy app and the CLI) and its label. */
export interface Principal {
  apiKeyId: string | null;
  principal: string;
  /**
   * Set for a caller fixed to one tenant (a tenant token, a key created with a context): reads that carry
   * no context (feedback, explain) then find only that tenant's answers.
   */
  tenantKey?: string;
}

/**
 * A streamed answer: the ids come first (the answer is then stored under exactly these, or not at all),
 * each stage as it starts, and an aborted signal (the client went away) stops the work and stores nothing.
 */
export interface AnswerObserver {
  signal?: AbortSignal;
  onCreated(ids: { conversationId: string; answerId: string }): void;
  onProgress(progress: AnswerProgress): void;
}

export interface AskInput {
  question: string;
  /** The caller's tenancy, resolved once for this request by tenantScopeFor. */
  scope: TenantScope;
  principal: Principal;
  conversation: ConversationTarget;
  observer?: AnswerObserver;
}

export interface AskResult {
  conversation: ConversationRecord;
  answer: AnswerRecord;
  outcome: AnswerOutcome;
}

export interface AskDeps {
  store: Store;
  answerDeps: AnswerDeps;
  /** What operators taught (vocabulary, verified questions); without it questions are answered as the model reads them. */
  knowledge?: Knowledge;
}

/** Ids are opaque, but anything longer or stranger than ours cannot exist: answer NOT_FOUND without a lookup. */
export function isPlausibleId(id: string): boolean {
  return id.length > 0 && id.length <= 100 && /^[A-Za-z0-9_-]+$/.test(id);
}

async function existingConversation(store: Store, target: ConversationTarget, owner: Owner): Promise<ConversationRecord | null> {
  switch (target.kind) {
    case 'new':
      return null;
    case 'existing': {
      const found = isPlausibleId(target.id) ? await store.conversations.findOwned(target.id, owner) : null;
      if (!found) throw new CoreError('NOT_FOUND', 'No conversation with that id is visible to this API key and context.');
      return found;
    }
    case 'caller-named':
      return store.conversations.findLegacy(target.externalId, owner);
  }
}

export async function askInConversation(deps: AskDeps, input: AskInput): Promise<AskResult> {
  const { store, answerDeps } = deps;
  const { scope } = input;
  const owner = ownerFor(input.principal, scope);

  const { observer } = input;
  const existing = await existingConversation(store, input.conversation, owner);
  const reserved = observer ? reserveAnswerIds() : undefined;
  if (observer && reserved) observer.onCreated({ conversationId: existing?.id ?? reserved.conversationId, answerId: reserved.answerId });
  const history = existing ? toConversationTurns(await store.answers.recentTurns(existing.id, HISTORY_TURNS), answerDeps.model) : [];
  const taught = deps.knowledge ? await deps.knowledge.depsFor(answerDeps, scope) : answerDeps;
  const watch = observer ? { onProgress: observer.onProgress, ...(observer.signal ? { signal: observer.signal } : {}) } : {};
  const outcome = await answerQuestion(taught, { question: input.question, scope, history, ...watch });
  // The caller went away while the answer was made: store nothing (not a conversation without its answer either).
  observer?.signal?.throwIfAborted();
  const answerId = reserved ? { id: reserved.answerId } : {};

  if (existing) {
    const answer = await store.answers.create({ ...toNewAnswer(outcome, { conversationId: existing.id, owner, scope, question: input.question }), ...answerId });
    // Only a continued conversation has a question back to pick from.
    await recordPick(store, { conversationId: existing.id, owner, answer, outcome });
    return { conversation: existing, answer, outcome };
  }
  // A new conversation and its first answer: one transaction, one commit.
  const fields = { ...toAnswerFields(outcome, { owner, scope, question: input.question }), ...answerId };
  const target = input.conversation;
  const newConversation =
    target.kind === 'caller-named' ? { origin: 'legacy' as const, scope, externalId: target.externalId } : { origin: 'v1' as const, scope, ...(reserved ? { id: reserved.conversationId } : {}) };
  try {
    const { conversation, answer } = await store.answers.create({ ...fields, newConversation });
    return { conversation, answer, outcome };
  } catch (error) {
    if (target.kind !== 'caller-named' || !isUniqueViolation(error)) throw error;
    const winner = await store.conversations.findLegacy(target.externalId, owner);
    if (!winner) throw error;
    const answer = await store.answers.create(toNewAnswer(outcome, { conversationId: winner.id, owner, scope, question: input.question }));
    return { conversation: winner, answer, outcome };
  }
}
