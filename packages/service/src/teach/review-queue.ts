/**
 * GET /api/v1/admin/review: the queue (declines, clarifications, negative feedback), newest first, one
 * page at a time, with a summary of the unknown terms across the whole filtered queue: which words the
 * engine keeps missing, how often, and a few questions that used each.
 */
import { termKey } from '@askdata/core';
import type { ReviewItem, ReviewReason } from '@askdata/db';
import type { AdminDeps } from './admin-deps';
import { adminScope } from './admin-scope';

export interface TermSummary {
  term: string;
  count: number;
  examples: string[];
}

export interface ReviewQuery {
  reasons: readonly ReviewReason[];
  since?: Date;
  context?: Record<string, unknown>;
  limit: number;
  after?: { at: Date; id: string };
}

export interface ReviewPage {
  items: ReviewItem[];
  /** Terms of the whole filtered queue (declines and clarifications), most frequent first. */
  terms: TermSummary[];
}

const SUMMARY_SCAN = 5000;
const MAX_TERMS = 50;
const MAX_EXAMPLES = 3;
/** Examples quote a question up to this many characters ("…" marks a cut): a summary never grows with MAX_QUESTION_LENGTH. */
export const EXAMPLE_LENGTH = 200;

/**
 * The summary counts the unknown words of up to SUMMARY_SCAN queued answers without reading their
 * questions, then reads the first EXAMPLE_LENGTH characters of a few questions per term it shows: reading
 * 5,000 whole questions of up to MAX_QUESTION_LENGTH each would be unbounded in practice (issue 25, item 2).
 */
async function termSummary(deps: AdminDeps, filter: Parameters<AdminDeps['store']['review']['queuedTerms']>[0]): Promise<TermSummary[]> {
  const queued = await deps.store.review.queuedTerms(filter, SUMMARY_SCAN);
  const byTerm = new Map<string, { term: string; count: number; answerIds: string[] }>();
  for (const question of queued) {
    for (const term of new Set(question.unknownTerms.map(termKey))) {
      const summary = byTerm.get(term) ?? { term, count: 0, answerIds: [] };
      summary.count += 1;
      // A few more candidates than examples: repeated questions count once.
      if (summary.answerIds.length < MAX_EXAMPLES * 3) summary.answerIds.push(question.answerId);
      byTerm.set(term, summary);
    }
  }
  const shown = [...byTerm.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term)).slice(0, MAX_TERMS);
  const excerpts = await deps.store.review.questionExcerpts([...new Set(shown.flatMap((s) => s.answerIds))], EXAMPLE_LENGTH);
  const quoteOf = new Map(excerpts.map((e) => [e.answerId, e.length > EXAMPLE_LENGTH ? `${e.excerpt.slice(0, EXAMPLE_LENGTH - 1)}…` : e.excerpt]));
  return shown.map(({ term, count, answerIds }) => ({ term, count, examples: [...new Set(answerIds.flatMap((id) => quoteOf.get(id) ?? []))].slice(0, MAX_EXAMPLES) }));
}

export async function reviewQueue(deps: AdminDeps, query: ReviewQuery): Promise<ReviewPage> {
  const tenantKey = query.context && Object.keys(query.context).length > 0 ? adminScope(deps, query.context).key : undefined;
  const filter = { reasons: query.reasons, ...(query.since ? { since: query.since } : {}), ...(tenantKey !== undefined ? { tenantKey } : {}) };
  const items = await deps.store.review.list(filter, { limit: query.limit, ...(query.after ? { after: query.after } : {}) });
  const queuedReasons = query.reasons.filter((r): r is 'declined' | 'clarification' => r !== 'negative-feedback');
  const terms = queuedReasons.length === 0 ? [] : await termSummary(deps, { ...filter, reasons: queuedReasons });
  return { items, terms };
}
