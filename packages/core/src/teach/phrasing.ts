/**
 * How a verified question is recognised: the same words in the same order, whatever the case, spacing
 * or punctuation ("Revenue by category?" is "revenue by category").
 */
export function phrasingKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}
