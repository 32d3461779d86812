/**
 * A taught term as it is matched: NFKC, lower case, single spaces. Two posts that differ only in case or
 * spacing are the same term (409), and the review queue groups unknown words the same way.
 */
export const MAX_TERM_LENGTH = 60;

export function termKey(term: string): string {
  return term.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Why a term cannot be taught, or undefined. Terms are words, not patterns: letters, digits, spaces, - and '. */
export function termProblem(term: string): string | undefined {
  const key = termKey(term);
  if (key.length === 0) return 'The term is empty.';
  if (key.length > MAX_TERM_LENGTH) return `The term is longer than ${MAX_TERM_LENGTH} characters.`;
  if (!/^[\p{L}\p{N}][\p{L}\p{N}\p{M} '’-]*$/u.test(key)) return 'A term is one or more words: letters, digits, spaces, hyphens and apostrophes.';
  if (!/\p{L}/u.test(key)) return 'A term needs at least one letter: numbers are read as numbers.';
  return undefined;
}
