/**
 * A plan's `timeRange.label` is written by a planner ("last month", "in 2025", "last 12 months",
 * "October 2026"). Messages need it as a phrase that fits after a clause ("...orders in October 2026"),
 * titles need it bare ("Revenue by category, last 12 months").
 */

const COUNTED_SPAN = /^(?:the\s+)?(last|past|previous)\s+(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s/i;
const STARTS_WITH_PREPOSITION = /^(in|on|during|over|since|before|after|until|till|between|from|for|through|throughout|by|at|so far|so-far)\b/i;
const STARTS_WITH_DEICTIC = /^(this|last|next|previous|past|today|yesterday|the)\b/i;
/** "2 weeks ago (week of 2 Mar 2026)", "year to date (January 1 – March 19, 2026)": complete phrases already. */
const SELF_CONTAINED = /^(?:\d+|an?|two|three|four|five|six|seven|eight|nine|ten)\s+\w+\s+ago\b|^\w+\s+to\s+date\b/i;

/** "last 12 months" -> "over the last 12 months"; "October 2026" -> "in October 2026"; "last month" stays. */
export function periodPhrase(label: string): string {
  const text = label.trim();
  if (COUNTED_SPAN.test(text)) return `over the ${text.replace(/^the\s+/i, '')}`;
  if (STARTS_WITH_PREPOSITION.test(text) || STARTS_WITH_DEICTIC.test(text) || SELF_CONTAINED.test(text)) return text;
  return `in ${text}`;
}

/** "in 2025" -> "2025"; "over the last 12 months" -> "last 12 months"; "since March" stays. */
export function periodTitle(label: string): string {
  return label.trim().replace(/^(in|during|over the|over|the)\s+/i, '');
}

/**
 * A period phrase with the note that it is still running: "this month (March 2026)" -> "this month
 * (March 2026 so far, 19 of 31 days)"; "in H1 2026" -> "in H1 2026 (so far, 78 of 181 days)".
 */
export function withPartialNote(phrase: string, note: string | undefined): string {
  if (note === undefined) return phrase;
  if (phrase.endsWith(')')) return `${phrase.slice(0, -1)} ${note})`;
  return `${phrase} (${note})`;
}
