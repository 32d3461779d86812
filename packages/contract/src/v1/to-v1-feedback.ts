/** A stored feedback record -> the spec's Feedback (interface.md 2.5): a stored null comment is left out, not sent as null. */
import type { Feedback } from './request-schemas';

export function toV1Feedback(record: { id: string; rating: 'positive' | 'negative'; comment: string | null }): Feedback {
  return record.comment === null ? { id: record.id, rating: record.rating } : { id: record.id, rating: record.rating, comment: record.comment };
}
