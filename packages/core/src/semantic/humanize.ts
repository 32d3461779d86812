/**
 * Words from identifiers: "created_at" -> "created at", "salePrice" -> "sale price", "HTTPStatus" ->
 * "http status". Plus the tiny English singular/plural rules labels need ("categories" <-> "category").
 * Deliberately small: the model file can always override a label.
 */
import { lookupTable } from './name-record';

/** Splits snake_case, kebab-case, spaces and camelCase/PascalCase into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** "created_at" -> "created at". */
export function humanize(name: string): string {
  return splitWords(name).join(' ');
}

/** "order_items" -> "order_items" as a safe identifier key: lower snake case, never starting with a digit. */
export function toIdentifier(name: string): string {
  const key = splitWords(name).join('_');
  if (key.length === 0) return 'unnamed';
  return /^[0-9]/.test(key) ? `_${key}` : key;
}

const invariant = new Set(['data', 'news', 'series', 'species', 'info', 'information', 'equipment', 'staff', 'metadata', 'feedback']);
const irregular = lookupTable<string>({ person: 'people', child: 'children', man: 'men', woman: 'women', mouse: 'mice', foot: 'feet', tooth: 'teeth', analysis: 'analyses', index: 'indices' });
const irregularSingular = lookupTable<string>(Object.fromEntries(Object.entries(irregular).map(([one, many]) => [many, one])));

/** Applies a word rule to the last word of a phrase ("order item" -> "order items"). */
function onLastWord(phrase: string, rule: (word: string) => string): string {
  const words = phrase.split(' ');
  const last = words.pop() ?? '';
  return [...words, rule(last)].join(' ');
}

export function pluralize(phrase: string): string {
  return onLastWord(phrase, (word) => {
    const lower = word.toLowerCase();
    if (invariant.has(lower)) return word;
    if (irregular[lower] !== undefined) return irregular[lower];
    if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
    if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
    return `${word}s`;
  });
}

export function singularize(phrase: string): string {
  return onLastWord(phrase, (word) => {
    const lower = word.toLowerCase();
    if (invariant.has(lower)) return word;
    if (irregularSingular[lower] !== undefined) return irregularSingular[lower];
    if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
    if (/(ss|x|z|ch|sh)es$/i.test(word)) return word.slice(0, -2);
    if (/(ss|us|is)$/i.test(word)) return word;
    if (/s$/i.test(word) && word.length > 2) return word.slice(0, -1);
    return word;
  });
}

/** True when the phrase already reads as a plural ("orders", "people"). */
export function isPlural(phrase: string): boolean {
  return singularize(phrase) !== phrase;
}
