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

export async function reviewQueue(deps: AdminDeps, query: ReviewQuery): Promise<ReviewPage> {
  const tenantKey = query.context && Object.keys(query.context).length > 0 ? adminScope(deps, query.context).key : undefined;
  const filter = { reasons: query.reasons, ...(query.since ? { since: query.since } : {}), ...(tenantKey !== undefined ? { tenantKey } : {}) };
  const items = await deps.store.review.list(filter, { limit: query.limit, ...(query.after ? { after: query.after } : {}) });
  const queuedReasons = query.reasons.filter((r): r is 'declined' | 'clarification' => r !== 'negative-feedback');
  const queued = queuedReasons.length === 0 ? [] : await deps.store.review.queued({ ...filter, reasons: queuedReasons }, SUMMARY_SCAN);
  const byTerm = new Map<string, TermSummary>();
  for (const question of queued) {
    for (const term of new Set(question.unknownTerms.map(termKey))) {
      const summary = byTerm.get(term) ?? { term, count: 0, examples: [] };
      summary.count += 1;
      if (summary.examples.length < MAX_EXAMPLES && !summary.examples.includes(question.question)) summary.examples.push(question.question);
      byTerm.set(term, summary);
    }
  }
  const terms = [...byTerm.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term)).slice(0, MAX_TERMS);
  return { items, terms };
}
