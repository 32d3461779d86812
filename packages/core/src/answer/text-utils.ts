/** Small English helpers for messages, titles and headers. Kept naive on purpose: labels come from the model. */

export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** "category" -> "categories", "box" -> "boxes", "month" -> "months". Labels that already end in s stay. */
export function pluralize(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return /ss$/i.test(noun) || !/s$/i.test(noun) ? `${noun}es` : noun;
  return `${noun}s`;
}

/** "a", "a and b", "a, b and c" (or with "or"). */
export function joinList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] ?? ''}`;
}

/** Joins non-empty phrases with single spaces, so optional parts never leave double spaces. */
export function phrase(...parts: readonly (string | undefined)[]): string {
  return parts.filter((part): part is string => part !== undefined && part.trim().length > 0).join(' ');
}

/** "Number of orders" -> "number of orders", but acronyms such as "EAN" stay as they are. */
export function decapitalize(text: string): string {
  return /^[A-Z][A-Z0-9]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** A measure label as the subject of a sentence: "Revenue", "The average order value", "The number of orders". */
export function sentenceSubject(label: string): string {
  return /^(average|total|lowest|highest|earliest|latest|median|number)\b/i.test(label) ? `The ${label}` : capitalize(label);
}
