/**
 * The closed-class vocabulary of questions (English grammar words, not model words): comparisons,
 * rankings, aggregations, breakdown words, grains, negation, presentation, list verbs, follow-up cues,
 * and noise words that carry no meaning for a query.
 */
import type { Aggregation } from '../../semantic/model-schema';
import type { Presentation, SortDirection, TimeGrain } from '../../plan/query-plan';

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

const table: Array<[string[], Keyword]> = [
  [['over', 'above', 'more than', 'greater than', 'higher than', 'bigger than', 'larger than', 'exceeding', 'in excess of', '>', 'later than', 'after'], { kind: 'compare', op: 'gt' }],
  [['at least', 'no less than', 'not less than', 'minimum of', '>=', 'not lower than', 'not below', 'not under', 'no lower than', 'no fewer than', 'not fewer than', 'not earlier than', 'not before'], { kind: 'compare', op: 'gte' }],
  [['under', 'below', 'less than', 'fewer than', 'lower than', 'cheaper than', 'smaller than', '<', 'earlier than'], { kind: 'compare', op: 'lt' }],
  [['at most', 'no more than', 'not more than', 'up to', 'maximum of', '<=', 'not higher than', 'not greater than', 'not above', 'not over', 'no higher than', 'no greater than', 'not later than', 'not after'], { kind: 'compare', op: 'lte' }],
  [['exactly', 'equal to', 'equals', 'equalling', '='], { kind: 'compare', op: 'eq' }],
  [['or more', 'or above', 'or higher', 'plus'], { kind: 'compare-post', op: 'gte' }],
  [['or less', 'or fewer', 'or below', 'or lower'], { kind: 'compare-post', op: 'lte' }],
  [['between'], { kind: 'between' }],
  [['and', '&'], { kind: 'and' }],
  [['$', '€', '£', 'usd', 'eur', 'gbp', 'dollar', 'dollars', 'buck', 'bucks', 'euro', 'euros', 'pound', 'pounds'], { kind: 'money' }],
  [['top', 'best', 'most', 'greatest'], { kind: 'rank', direction: 'desc' }],
  [['highest', 'biggest', 'largest', 'maximum', 'max'], { kind: 'rank', direction: 'desc', aggregation: 'max' }],
  [['bottom', 'worst', 'least', 'fewest'], { kind: 'rank', direction: 'asc' }],
  [['lowest', 'smallest', 'minimum', 'min'], { kind: 'rank', direction: 'asc', aggregation: 'min' }],
  [['most common', 'most frequent', 'commonest', 'most often', 'most frequently', 'most times', 'the most times', 'most number of times', 'most used', 'most commonly used', 'most popular'], { kind: 'rank', direction: 'desc', count: true }],
  [['least common', 'least frequent', 'rarest', 'least often', 'least frequently', 'fewest times', 'the fewest times', 'least times', 'least used', 'least commonly used', 'least popular'], { kind: 'rank', direction: 'asc', count: true }],
  [['most expensive', 'priciest', 'dearest'], { kind: 'rank', direction: 'desc', money: true }],
  [['cheapest', 'least expensive', 'lowest priced', 'lowest-priced'], { kind: 'rank', direction: 'asc', money: true }],
  [['latest', 'newest', 'most recent', 'recent', 'last'], { kind: 'recent', direction: 'desc' }],
  [['oldest', 'earliest', 'first'], { kind: 'recent', direction: 'asc' }],
  [['total', 'sum', 'sum of', 'in total', 'overall total'], { kind: 'aggregate', aggregation: 'sum' }],
  [['average', 'avg', 'mean', 'typical'], { kind: 'aggregate', aggregation: 'avg' }],
  [['median'], { kind: 'aggregate', aggregation: 'median' }],
  [['how many', 'how many times', 'number of times', 'the number of times', 'number of', 'count of', 'count', 'count the number of', 'count number of', 'return the number of', 'the total number of', 'what is the total number of'], { kind: 'aggregate', aggregation: 'count' }],
  [['how much'], { kind: 'aggregate', aggregation: 'howmuch' }],
  [['distinct', 'different', 'unique'], { kind: 'distinct' }],
  [['share', 'share of', 'percentage', 'percentage of', 'percent', 'percent of', 'proportion', 'proportion of', 'fraction of', '%', '% of'], { kind: 'share' }],
  [['vs', 'versus', 'compared to', 'compared with', 'compare to', 'compare with', 'as opposed to', 'against'], { kind: 'versus', verb: false }],
  [['compare', 'comparing', 'comparison of', 'comparison between', 'contrast'], { kind: 'versus', verb: true }],
  [['by', 'per', 'each', 'every', 'for each', 'for every', 'in each', 'across', 'broken down by', 'break down by', 'breakdown by', 'split by', 'grouped by', 'group by', 'by each'], { kind: 'group' }],
  [['daily', 'day by day'], { kind: 'grain', grain: 'day', adverb: true }],
  [['weekly', 'week by week'], { kind: 'grain', grain: 'week', adverb: true }],
  [['monthly', 'month by month', 'month over month'], { kind: 'grain', grain: 'month', adverb: true }],
  [['quarterly', 'quarter by quarter'], { kind: 'grain', grain: 'quarter', adverb: true }],
  [['yearly', 'annual', 'annually', 'year by year', 'year over year'], { kind: 'grain', grain: 'year', adverb: true }],
  [['over time', 'trend', 'trends', 'trend of', 'evolution of', 'evolution', 'time series'], { kind: 'grain', grain: 'month', adverb: true, line: true }],
  [['day', 'days', 'date'], { kind: 'grain', grain: 'day', adverb: false }],
  [['week', 'weeks'], { kind: 'grain', grain: 'week', adverb: false }],
  [['month', 'months'], { kind: 'grain', grain: 'month', adverb: false }],
  [['quarter', 'quarters'], { kind: 'grain', grain: 'quarter', adverb: false }],
  [['year', 'years'], { kind: 'grain', grain: 'year', adverb: false }],
  [['not', 'not in', 'excluding', 'exclude', 'excluded', 'except', 'except for', 'other than', 'without', 'apart from', 'but not', 'besides', 'non', 'isnt', 'arent', 'dont', 'doesnt', 'didnt', 'havent', 'hasnt', 'wasnt', 'werent', 'outside', 'outside of', 'never', 'no', 'none', 'not a single', 'not any', 'without any', 'with no', 'have no', 'has no', 'do not have', 'does not have', 'did not have', 'have not', 'has not', 'had not', 'not have'], { kind: 'negate' }],
  [['order by', 'ordered by', 'sort by', 'sorted by', 'sort', 'sorted', 'in order of', 'ordered according to', 'sorted according to', 'sort according to', 'order according to', 'arranged by', 'sort the results by', 'order the results by'], { kind: 'sort' }],
  [['ascending', 'asc', 'increasing', 'ascending order', 'in ascending order', 'in increasing order', 'increasing order', 'alphabetical', 'alphabetically', 'alphabetical order', 'in alphabetical order', 'ascending alphabetical order', 'in ascending alphabetical order', 'lexicographical order', 'lexicographic order', 'in lexicographical order', 'from low to high', 'from lowest to highest', 'from smallest to largest', 'from least to most'], { kind: 'direction', direction: 'asc' }],
  [['descending', 'desc', 'decreasing', 'descending order', 'in descending order', 'in decreasing order', 'decreasing order', 'reverse alphabetical order', 'reversed alphabetical order', 'in reverse alphabetical order', 'descending alphabetical order', 'in descending alphabetical order', 'reverse lexicographical order', 'reversed lexicographical order', 'in reversed lexicographical order', 'in reverse lexicographical order', 'reverse order', 'in reverse order', 'from high to low', 'from highest to lowest', 'from largest to smallest', 'from most to least'], { kind: 'direction', direction: 'desc' }],
  [['both'], { kind: 'both' }],
  [['depart', 'departs', 'departed', 'departing', 'departing from', 'depart from', 'departs from', 'departure', 'departures', 'leave', 'leaves', 'leaving', 'leaving from', 'originating', 'originating from', 'originate', 'outbound', 'from airport', 'departure from', 'departures from', 'take off from', 'source', 'origin', 'from the city of', 'from city'], { kind: 'role', role: 'source' }],
  [['arrive', 'arrives', 'arrived', 'arriving', 'arriving at', 'arriving in', 'arrive at', 'arrive in', 'arrives at', 'arrival', 'arrivals', 'land', 'lands', 'landed', 'landing', 'landing at', 'landing in', 'land in', 'land at', 'inbound', 'going to', 'go to', 'goes to', 'fly to', 'flying to', 'bound for', 'into', 'destined for', 'destination', 'destinations', 'have destination', 'with destination', 'fly to'], { kind: 'role', role: 'destination' }],
  [['all the information', 'all information', 'all the info', 'all info', 'all the details', 'all details', 'everything', 'all columns', 'all the columns', 'all fields', 'all the fields', 'all attributes', 'all the attributes', 'all the data', 'all data'], { kind: 'everything' }],
  [['as a table', 'in a table', 'as table', 'table', 'tabular', 'as a list', 'in a list'], { kind: 'present', presentation: 'table' }],
  [['as a chart', 'chart', 'graph', 'bar chart', 'bar graph', 'bars', 'as bars', 'pie chart', 'column chart', 'plot', 'as a bar chart', 'as a graph'], { kind: 'present', presentation: 'bar' }],
  [['line chart', 'line graph', 'as a line', 'as a line chart'], { kind: 'present', presentation: 'line' }],
  [['as text', 'as a number', 'in words'], { kind: 'present', presentation: 'text' }],
  [['list', 'show', 'show me', 'display', 'give me', 'find', 'which', 'what are', 'which are', 'who', 'who are', 'get me', 'fetch', 'view', 'see', 'tell me', 'let me see', 'look up', 'all', 'return', 'give', 'provide', 'identify', 'retrieve'], { kind: 'list' }],
  [['what about', 'how about', 'and what about', 'instead', 'only', 'just', 'also', 'same', 'now', 'but', 'it', 'that', 'them', 'those', 'same for', 'again', 'then'], { kind: 'cue' }],
  [
    [
      'the', 'a', 'an', 'of', 'in', 'on', 'for', 'at', 'to', 'from', 'with', 'within', 'is', 'are', 'was', 'were', 'be', 'been', 'being',
      'do', 'does', 'did', 'done', 'we', 'our', 'ours', 'us', 'i', 'my', 'me', 'you', 'your', 'have', 'has', 'had', 'there', 'get', 'got',
      'make', 'made', 'tell', 'please', 'what', 'whats', 'how', 'this', 'these', 'its', 'so', 'far', 'ever', 'overall',
      'can', 'could', 'would', 'should', 'will', 'shall', 'may', 'might', 'value', 'values', 'amount', 'figure', 'figures', 'number',
      'data', 'stats', 'statistics', 'any', 'some', 'much', 'many', 'they', 'their', 'he', 'she', 'his', 'her',
      'as', 'about', 'during', 'out', 'up', 'in there', 'than', 'or', 'while', 'where', 'when', 'whose', 'whom', 'if',
      'kindly', 'want', 'need', 'know', 'like', 'id like', 'would like', 'hey', 'hi', 'hello', 'thanks', 'thank you', 'ok', 'okay',
      'currently', 'right now', 'up to now', 'altogether', 'whole', 'entire', 'altogether', 'respectively', 'each one',
      'level', 'levels', 'generated', 'brought in', 'come', 'comes', 'came', 'coming', 'happen', 'happened', 'record', 'recorded', 'receive', 'received',
      'had we', 'doing', 'looking', 'look', 'shown', 'showing', 'listed', 'listing', 'broken', 'down', 'split', 'grouped',
      'weve', 'ive', 'were', 'theyve', 'new', 'single', 'live', 'lives', 'living', 'reside', 'based', 'left', 'place', 'places',
      'collected', 'collect', 'given', 'bring', 'brings', 'brought', 'bring in', 'generate', 'generates', 'generated', 'develop',
      'developed', 'catalog', 'catalogue', 'gear', 'break down', 'break', 'total of', 'did', 'go', 'went', 'perform', 'performed', 'look like',
      'in terms of', 'provided', 'provides', 'respectively', 'as well as', 'along with', 'together with', 'also show', 'also list',
      'corresponding', 'correspond', 'corresponds', 'corresponding to', 'each of them', 'of each', 'for all', 'of all', 'every one',
      'there are', 'is there', 'are there', 'do we have', 'does it have', 'in the database', 'in the data', 'in our records', 'listed',
      'information', 'amount of', 'the amount of', 'yet', 'so far', 'ever', 'already', 'across all', 'across all the', 'as well', 'in each one', 'each one', 'for each one', 'of them', 'each of them', 'details about', 'please list', 'either', 'ones', 'one', 'whom',
    ],
    { kind: 'noise' },
  ],
];

/**
 * One phrase, one meaning: a phrase listed under two kinds would be read by whichever entry came first, and
 * the other would be silently dead. The table is checked when it loads, so such a conflict cannot ship.
 */
export function indexKeywords(entries: ReadonlyArray<[string[], Keyword]>): { keywords: Map<string, Keyword>; longest: number } {
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
