/**
 * The caller's history: its conversations, and one conversation's answers with their feedback, a page at
 * a time. The same rule as answering decides what is visible: the key and the tenant scope make the owner,
 * and a conversation of another key or tenant is not found, exactly like an unknown id.
 *
 * A page of a conversation is bounded before anything large is read (issue 25, item 2): the store first
 * says how many bytes each candidate answer would read, the page takes the newest that fit `maxBytes`
 * (at least one), and reads them in parts of about READ_PART_BYTES as its reader asks for them, letting
 * other requests run between parts: a large conversation costs each request at most one page, holds one
 * part's records at a time, and never holds the event loop for a whole page at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TenantScope } from '@askdata/core';
import { ownerFor, type AnswerSize, type ConversationRecord, type ConversationSummary, type FeedbackRecord, type Owner, type Store, type StoredAnswerView } from '@askdata/db';

/** About this many bytes of stored answers are read at once; the event loop turns between parts. */
export const READ_PART_BYTES = 1_000_000;

interface HistoryCaller {
  principal: Pick<Owner, 'apiKeyId' | 'principal'>;
  scope: TenantScope;
}

/** `limit + 1` conversations from `after` on: the extra one only says there is a next page. */
export async function listConversations(deps: { store: Store }, caller: HistoryCaller, page: { limit: number; after?: { createdAt: Date; id: string } }): Promise<ConversationSummary[]> {
  const owner = ownerFor(caller.principal, caller.scope);
  return deps.store.conversations.listOwned(owner, { limit: page.limit + 1, ...(page.after ? { after: page.after } : {}) });
}

export interface ConversationPageRequest {
  /** Answers per page at most. */
  limit: number;
  /** The oldest answer of the page before (the newer one): this page holds the answers before it. */
  before?: { createdAt: Date; id: string };
  /** Stored bytes per page at most; a page holds at least one answer whatever its size. */
  maxBytes: number;
  /** Feedback items shown per answer at most (the newest); the contract decides how many it documents. */
  feedbackPerAnswer: number;
}

export interface ConversationPage {
  conversation: ConversationRecord;
  /**
   * The page's answers, NEWEST first, each with the bytes it read (so a reader can tell an answer stored
   * larger than the store keeps now). Read a part at a time as the iteration asks for them: a reader that
   * stops early reads no further, and holds one part's records at a time.
   */
  answers: AsyncIterable<StoredAnswerView & { storedBytes: number }>;
  /** The feedback on those answers (each answer's newest `feedbackPerAnswer`). */
  feedback: FeedbackRecord[];
  /** Older answers than the page's remain: a next page (before the oldest of these) exists. */
  more: boolean;
}

/** The newest of `sizes` whose bytes add up to at most `maxBytes`, and always the first. */
function newestThatFit(sizes: readonly AnswerSize[], maxBytes: number): AnswerSize[] {
  const taken: AnswerSize[] = [];
  let used = 0;
  for (const size of sizes) {
    if (taken.length > 0 && used + size.bytes > maxBytes) break;
    taken.push(size);
    used += size.bytes;
  }
  return taken;
}

/** Consecutive runs of about READ_PART_BYTES (an answer larger than that is a part of its own). */
function parts(sizes: readonly AnswerSize[]): AnswerSize[][] {
  const runs: AnswerSize[][] = [];
  let run: AnswerSize[] = [];
  let used = 0;
  for (const size of sizes) {
    if (run.length > 0 && used + size.bytes > READ_PART_BYTES) {
      runs.push(run);
      run = [];
      used = 0;
    }
    run.push(size);
    used += size.bytes;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The chosen answers, newest first, a part at a time, with a turn of the event loop between parts. */
async function* readInParts(store: Store, chosen: readonly AnswerSize[]): AsyncGenerator<StoredAnswerView & { storedBytes: number }> {
  const bytesOf = new Map(chosen.map((size) => [size.id, size.bytes]));
  for (const [index, part] of parts(chosen).entries()) {
    if (index > 0) await nextTurn();
    for (const view of await store.answers.readBack(part.map((size) => size.id))) yield { ...view, storedBytes: bytesOf.get(view.id) ?? 0 };
  }
}

export async function conversationPage(deps: { store: Store }, caller: HistoryCaller, conversationId: string, page: ConversationPageRequest): Promise<ConversationPage | null> {
  const { store } = deps;
  const owner = ownerFor(caller.principal, caller.scope);
  const conversation = await store.conversations.findOwned(conversationId, owner);
  if (!conversation) return null;
  const sizes = await store.answers.sizesForConversation(conversation.id, { limit: page.limit + 1, ...(page.before ? { before: page.before } : {}) });
  const chosen = newestThatFit(sizes.slice(0, page.limit), page.maxBytes);
  const feedback = await store.feedback.listForAnswers(chosen.map((size) => size.id), { newestPerAnswer: page.feedbackPerAnswer });
  return { conversation, answers: readInParts(store, chosen), feedback, more: sizes.length > chosen.length };
}
