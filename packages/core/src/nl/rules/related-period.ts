/**
 * A period right after the words that name related rows ("did not order in the last 6 months", "without
 * any loans in 2025") is about those rows: it filters their own date inside the existence, not the
 * subject's date. Only when the related rows have a date of their own; otherwise the period stays the
 * question's (a year column, the subject's date).
 */
import type { DateRangeMatch } from '../../time/date-phrases';
import type { Draft } from '../kernel/draft';
import { defaultDateOf } from '../lex/lexicon';

export function periodOfRelatedRows(draft: Draft, at: number, entity: string): DateRangeMatch | undefined {
  const chunk = draft.state.chunks[at];
  if (chunk === undefined || chunk.kind !== 'time' || draft.used(at)) return undefined;
  return defaultDateOf(draft.state.lexicon.entity(entity)) === undefined ? undefined : chunk.range;
}
