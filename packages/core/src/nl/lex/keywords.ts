/**
 * The closed-class vocabulary of questions as the reader sees it: each family of phrases
 * (vocabulary/keyword-phrases.ts) and the typed keyword it means (a comparison, a ranking, an aggregation,
 * a breakdown word, a grain, a negation, a presentation, a list verb, a follow-up cue, or noise).
 */
import type { Aggregation } from '../../semantic/model-schema';
import type { Presentation, SortDirection, TimeGrain } from '../../plan/query-plan';
import { KEYWORD_PHRASES, type KeywordFamily } from '../../vocabulary/keyword-phrases';

export type Keyword =
  | { kind: 'compare'; op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' }
  | { kind: 'compare-post'; op: 'gte' | 'lte' } // "3 or more"
  | { kind: 'between' }
  | { kind: 'and' }
  | { kind: 'money' }
  | { kind: 'rank'; direction: SortDirection; aggregation?: 'max' | 'min'; money?: boolean; count?: boolean }
  | { kind: 'recent'; direction: SortDirection }
  | { kind: 'aggregate'; aggregation: Aggregation | 'howmuch' }
  | { kind: 'distinct' }
  | { kind: 'share' } // "what share of", "percentage of"
  | { kind: 'versus'; verb: boolean } // "vs", "compared to"; verb: "compare" (the things compared follow)
  | { kind: 'group' }
  | { kind: 'grain'; grain: TimeGrain; adverb: boolean; line?: boolean }
  | { kind: 'negate' }
  | { kind: 'present'; presentation: Presentation }
  | { kind: 'list' }
  | { kind: 'cue' }
  /** "order by", "sorted by", "in order of": the field to sort by follows. */
  | { kind: 'sort' }
  /** "ascending", "in descending order", "alphabetical", "reverse alphabetical order". */
  | { kind: 'direction'; direction: SortDirection }
  /** "both ... and ...": every one of the values must hold (an intersection). */
  | { kind: 'both' }
  /** "all the information about", "everything about": every column of the rows, keys included. */
  | { kind: 'everything' }
  /** "departing from", "arriving at": which of two roles (source or destination) a value or link plays. */
  | { kind: 'role'; role: 'source' | 'destination' }
  | { kind: 'noise' };

/** What each family of phrases (vocabulary/keyword-phrases.ts) means to the reader. */
const MEANINGS: { readonly [family in KeywordFamily]: Keyword } = {
  greaterThan: { kind: 'compare', op: 'gt' },
  atLeast: { kind: 'compare', op: 'gte' },
  lessThan: { kind: 'compare', op: 'lt' },
  atMost: { kind: 'compare', op: 'lte' },
  equalTo: { kind: 'compare', op: 'eq' },
  orMore: { kind: 'compare-post', op: 'gte' },
  orLess: { kind: 'compare-post', op: 'lte' },
  between: { kind: 'between' },
  and: { kind: 'and' },
  money: { kind: 'money' },
  rankHigh: { kind: 'rank', direction: 'desc' },
  rankHighestValue: { kind: 'rank', direction: 'desc', aggregation: 'max' },
  rankLow: { kind: 'rank', direction: 'asc' },
  rankLowestValue: { kind: 'rank', direction: 'asc', aggregation: 'min' },
  mostOften: { kind: 'rank', direction: 'desc', count: true },
  leastOften: { kind: 'rank', direction: 'asc', count: true },
  mostExpensive: { kind: 'rank', direction: 'desc', money: true },
  cheapest: { kind: 'rank', direction: 'asc', money: true },
  latest: { kind: 'recent', direction: 'desc' },
  earliest: { kind: 'recent', direction: 'asc' },
  total: { kind: 'aggregate', aggregation: 'sum' },
  average: { kind: 'aggregate', aggregation: 'avg' },
  median: { kind: 'aggregate', aggregation: 'median' },
  howMany: { kind: 'aggregate', aggregation: 'count' },
  howMuch: { kind: 'aggregate', aggregation: 'howmuch' },
  distinct: { kind: 'distinct' },
  share: { kind: 'share' },
  versus: { kind: 'versus', verb: false },
  compareVerb: { kind: 'versus', verb: true },
  groupBy: { kind: 'group' },
  daily: { kind: 'grain', grain: 'day', adverb: true },
  weekly: { kind: 'grain', grain: 'week', adverb: true },
  monthly: { kind: 'grain', grain: 'month', adverb: true },
  quarterly: { kind: 'grain', grain: 'quarter', adverb: true },
  yearly: { kind: 'grain', grain: 'year', adverb: true },
  overTime: { kind: 'grain', grain: 'month', adverb: true, line: true },
  dayNoun: { kind: 'grain', grain: 'day', adverb: false },
  weekNoun: { kind: 'grain', grain: 'week', adverb: false },
  monthNoun: { kind: 'grain', grain: 'month', adverb: false },
  quarterNoun: { kind: 'grain', grain: 'quarter', adverb: false },
  yearNoun: { kind: 'grain', grain: 'year', adverb: false },
  negation: { kind: 'negate' },
  sortBy: { kind: 'sort' },
  ascending: { kind: 'direction', direction: 'asc' },
  descending: { kind: 'direction', direction: 'desc' },
  both: { kind: 'both' },
  sourceRole: { kind: 'role', role: 'source' },
  destinationRole: { kind: 'role', role: 'destination' },
  everything: { kind: 'everything' },
  asTable: { kind: 'present', presentation: 'table' },
  asBarChart: { kind: 'present', presentation: 'bar' },
  asLineChart: { kind: 'present', presentation: 'line' },
  asText: { kind: 'present', presentation: 'text' },
  listVerb: { kind: 'list' },
  followUpCue: { kind: 'cue' },
  noise: { kind: 'noise' },
};

const table = (Object.keys(MEANINGS) as KeywordFamily[]).map((family): [readonly string[], Keyword] => [KEYWORD_PHRASES[family], MEANINGS[family]]);

/**
 * One phrase, one meaning: a phrase listed under two kinds would be read by whichever entry came first, and
 * the other would be silently dead. The table is checked when it loads, so such a conflict cannot ship.
 */
export function indexKeywords(entries: ReadonlyArray<readonly [readonly string[], Keyword]>): { keywords: Map<string, Keyword>; longest: number } {
  const keywords = new Map<string, Keyword>();
  const conflicts: string[] = [];
  let longest = 1;
  for (const [phrases, keyword] of entries) {
    for (const phrase of phrases) {
      const existing = keywords.get(phrase);
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(keyword)) conflicts.push(`"${phrase}" is both ${JSON.stringify(existing)} and ${JSON.stringify(keyword)}`);
      if (existing === undefined) keywords.set(phrase, keyword);
      longest = Math.max(longest, phrase.split(' ').length);
    }
  }
  if (conflicts.length > 0) throw new Error(`The keyword table gives a phrase two meanings: ${conflicts.join('; ')}`);
  return { keywords, longest };
}

const { keywords, longest } = indexKeywords(table);

/** The keyword spelled by `phrase` (lower-case words joined by one space), if any. */
export function keywordOf(phrase: string): Keyword | undefined {
  return keywords.get(phrase);
}

export const MAX_KEYWORD_WORDS = longest;
