/**
 * The question's own logic words as ranking features (`word:both`, `word:or`...): closed-class words that
 * change what a question asks (conjunctions, negation, quantifiers, comparison and set words) whatever the
 * schema. The rules read some of them and not others; where a reading leaves one unread or reads it in a
 * way that is often wrong, the learned weight says how far to trust readings of questions that carry it.
 * Never a schema's names: only this list of English function words.
 */
const LOGIC_WORDS = [
  'and', 'or', 'not', 'no', 'nor', 'both', 'either', 'neither', 'each', 'every', 'all', 'any', 'only', 'also',
  'than', 'more', 'less', 'fewer', 'most', 'least', 'at least', 'at most', 'between', 'without', 'except',
  'same', 'different', 'distinct', 'other', 'another', 'whose', 'who', 'which', 'when', 'where', 'how many',
  'how much', 'per', 'average', 'total', 'sum', 'number of', 'count', 'first', 'last', 'top', 'order',
  'sorted', 'descending', 'ascending', 'alphabetical', 'with', 'have', 'has', 'did', "didn't", 'never', 'ever',
  'all the', 'as well', 'but', 'and also', 'together', 'along with', 'respectively', 'corresponding',
] as const;

const PATTERNS = LOGIC_WORDS.map((word) => ({ word, pattern: new RegExp(`(?:^|[^a-z'])${word.replace(/ /g, '\\s+')}(?=$|[^a-z'])`) }));

export function questionWordFeatures(question: string): string[] {
  const text = question.toLowerCase();
  const features = PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ word }) => `word:${word}`);
  const length = text.split(/\s+/).filter((w) => w !== '').length;
  features.push(`words:${length <= 6 ? '1-6' : length <= 10 ? '7-10' : length <= 15 ? '11-15' : '16+'}`);
  if (/\d/.test(text)) features.push('word:a-number');
  if (/["'“‘][^"'”’]+["'”’]/.test(question)) features.push('word:quoted');
  return features;
}
