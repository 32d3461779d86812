/**
 * What a problem body may quote of a request (issue 35, F9): a short prefix. Issue paths carry field and
 * parameter names the caller chose, and messages may carry values; a 3,000-character name came back whole.
 * Cut here, where every problem body is written, so no route or schema has to remember it.
 */
import type { ErrorIssue } from '@askdata/core';

/** Long enough for any real field path or reason, short enough that an echo costs nothing. */
export const MAX_QUOTED_CHARS = 200;
/** Details are our own sentences, but some name what the caller sent (a path, a key). */
export const MAX_DETAIL_CHARS = 1_000;

/** `text` cut to at most `max` characters, the last an ellipsis when cut (never half a surrogate pair). */
export function quotePrefix(text: string, max: number = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

export function quoteIssue(issue: ErrorIssue): ErrorIssue {
  return { ...issue, path: quotePrefix(issue.path), message: quotePrefix(issue.message) };
}
