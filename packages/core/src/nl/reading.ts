/**
 * A Reading is the planner's working state for one question: the chunks, which of them a detector has
 * explained, and the intents found so far (measures, filters, groupings, ranking, period...). Detectors
 * are pure functions that take a Reading and fill it in; build-plan turns the intents into a QueryPlan.
 */
import type { FieldRef, Presentation, SortDirection, TimeGrain } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import type { DateRangeMatch } from '../time/date-phrases';
import type { Keyword } from './lex/keywords';
import type { LexEntry, Lexicon } from './lex/lexicon';
import type { Chunk } from './lex/segment';

export type MeasureIntent =
  | { kind: 'model'; entity: string; measure: string }
  | { kind: 'count'; entity: string }
  | { kind: 'aggregate'; aggregation: Aggregation; fields: FieldRef[] }
  /** "how many different customers": distinct rows of `entity`, counted through the base entity's rows. */
  | { kind: 'distinct'; entity: string; via?: string };

export type CompareOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';

export type FilterIntent =
  /** "laptops", "not in Audio"; `all`: "both cats and dogs" (each value must hold, not either). */
  | { kind: 'values'; choices: Array<{ field: FieldRef; values: string[] }>; negate: boolean; all?: boolean; joinedByAnd?: boolean }
  /** `alternatives`: with eq (or neq), more values that also hold ("aged 32 or 33"). */
  | { kind: 'compare'; op: CompareOp; value: number; high?: number; alternatives?: number[]; money: boolean; fields: FieldRef[]; text: string }
  /** "with at least 10 flights", "more than one pet": how many rows of `entity` point at the subject. */
  | { kind: 'count'; entity: string; op: CompareOp; value: number; high?: number; text: string }
  /** "without any concerts", "who have a pet", "that did not have a concert in 2014". */
  | { kind: 'exists'; entity: string; negate: boolean; text: string }
  /** "with no manager listed", "not returned yet": the column is empty. */
  | { kind: 'missing'; field: FieldRef; text: string };

export type GroupIntent =
  | { kind: 'grain'; grain: TimeGrain; fields: FieldRef[]; trend?: boolean }
  | { kind: 'entity'; entity: string; at?: number }
  | { kind: 'field'; fields: FieldRef[]; text: string; at?: number };

export type Subject = { kind: 'entity'; entity: string; plural: boolean } | { kind: 'field'; fields: FieldRef[]; plural: boolean; text: string };

export interface RankIntent {
  direction: SortDirection;
  limit?: number;
  /** "highest"/"lowest": may mean max/min when nothing is ranked. */
  aggregation?: 'max' | 'min';
  /** "most common", "least frequent": rank by the number of rows. */
  count?: boolean;
  /** "cheapest", "most expensive": rank the subject by its money field. */
  money?: boolean;
  /** Rank rows of the subject by one of its own fields ("top 5 products by price"). */
  fields?: FieldRef[];
  /** The ranking word names the field itself ("the biggest bonus"): one row's value, never a total. */
  direct?: boolean;
}

/** "how many orders per customer", "average revenue per city": average the measure over the groups of a field. */
export interface PerGroupIntent {
  /** Chunk index of the group named after "per"; the group intent recorded there is averaged over. */
  at: number;
  /** How the question asked for it: an average word, a count word, or neither ("revenue per customer" = a ratio). */
  cue: 'average' | 'count' | 'none';
}

export interface Reading {
  readonly chunks: readonly Chunk[];
  readonly used: boolean[];
  readonly lexicon: Lexicon;
  /** Explained phrases with the chunk index they start at (reported in question order). */
  understood: Array<{ at: number; text: string }>;
  measures: MeasureIntent[];
  /** An aggregation word with nothing after it ("and the average?"); "howmuch" = the default money measure. */
  pendingAggregation?: Aggregation | 'howmuch';
  filters: FilterIntent[];
  groups: GroupIntent[];
  ranking?: RankIntent;
  /** "ordered by age", "in descending order": how to sort the rows; no fields means "what the list shows". */
  /**
   * `byDate`: "newest first", "from oldest to newest": the direction of the rows' own date (or year), used
   * when no field the words measure ("oldest" singer by age) belongs to the rows.
   */
  sort?: { fields?: FieldRef[]; direction: SortDirection; explicitDirection: boolean; byDate?: SortDirection };
  recency?: { direction: SortDirection; limit?: number };
  subjects: Subject[];
  /** Fields named without a role: list columns, or date fields meaning "which date". */
  fieldMentions: FieldRef[][];
  /** Date fields named as nouns ("signup date"): they must be used by a period or a grain. */
  dateNouns: Array<{ fields: FieldRef[]; text: string }>;
  /** Event verbs (date-field synonyms such as "sold", "signed up") and the measure each implies. */
  verbs: MeasureIntent[];
  time?: DateRangeMatch;
  /** "in 2014 or 2015": more whole years after the period, as alternatives. */
  timeYears?: number[];
  /** Periods to compare ("this month vs last month"): two or more time chunks joined by a comparison. */
  periods: DateRangeMatch[];
  /** "vs" / "compare": the values or periods named are compared side by side. */
  versus: boolean;
  /** "what share of revenue comes from laptops": the filters define the part, the measure the whole. */
  share: boolean;
  perGroup?: PerGroupIntent;
  listVerb: boolean;
  /** "all the information about hiring": every column, keys included. */
  allColumns?: boolean;
  /** "the different countries of singers": each combination of the asked fields once. */
  distinct?: boolean;
  /** "which product ...": a ranking without N returns one row. */
  singular?: boolean;
  cue: boolean;
  presentation?: Presentation;
  /** Why this cannot be answered (declines with these reasons). */
  problems: string[];
  /** Two or more equally good readings: ask which. */
  clarify?: { message: string; options: string[] };
  /** Confidence lost to defaults and guesses (each 0..1). */
  penalties: number[];
}

export function createReading(chunks: readonly Chunk[], lexicon: Lexicon): Reading {
  return {
    chunks,
    used: chunks.map(() => false),
    lexicon,
    understood: [],
    measures: [],
    filters: [],
    groups: [],
    subjects: [],
    fieldMentions: [],
    verbs: [],
    dateNouns: [],
    periods: [],
    versus: false,
    share: false,
    listVerb: false,
    cue: false,
    problems: [],
    penalties: [],
  };
}

export function isNoise(chunk: Chunk | undefined): boolean {
  return chunk !== undefined && chunk.kind === 'keyword' && chunk.keyword.kind === 'noise';
}

export function keywordKind<K extends Keyword['kind']>(chunk: Chunk | undefined, kind: K): Extract<Keyword, { kind: K }> | undefined {
  if (chunk === undefined || chunk.kind !== 'keyword' || chunk.keyword.kind !== kind) return undefined;
  return chunk.keyword as Extract<Keyword, { kind: K }>;
}

/** Index of the next chunk after `index` that is not noise (and not used), or -1. */
export function nextMeaningful(reading: Reading, index: number): number {
  for (let i = index + 1; i < reading.chunks.length; i++) {
    if (reading.used[i]) return -1;
    if (!isNoise(reading.chunks[i])) return i;
  }
  return -1;
}

/** Index of the previous chunk before `index` that is not noise (and not used), or -1. */
export function previousMeaningful(reading: Reading, index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    if (reading.used[i]) return -1;
    if (!isNoise(reading.chunks[i])) return i;
  }
  return -1;
}

/** Marks chunks as explained and records the phrase they form. */
export function consume(reading: Reading, indexes: readonly number[], phrase?: string): void {
  for (const i of indexes) reading.used[i] = true;
  const text = phrase ?? indexes.map((i) => reading.chunks[i]!.text).join(' ').replace(/\$ (?=\d)/g, '$');
  if (text.length > 0) reading.understood.push({ at: Math.min(...indexes), text });
}

export const fieldEntries = (entries: readonly LexEntry[]): FieldRef[] =>
  entries.flatMap((e) => (e.kind === 'field' && !e.hidden ? [{ entity: e.entity, field: e.field }] : []));
export const hiddenEntries = (entries: readonly LexEntry[]): boolean => entries.length > 0 && entries.every((e) => e.kind === 'field' && e.hidden);
export const measureEntries = (entries: readonly LexEntry[]): Array<{ entity: string; measure: string }> =>
  entries.flatMap((e) => (e.kind === 'measure' ? [{ entity: e.entity, measure: e.measure }] : []));
export const entityEntries = (entries: readonly LexEntry[]): string[] => entries.flatMap((e) => (e.kind === 'entity' ? [e.entity] : []));

/** The fields a filter intent names (none for counts and existence, which name an entity). */
export function intentFields(intent: FilterIntent): FieldRef[] {
  switch (intent.kind) {
    case 'values':
      return intent.choices.map((c) => c.field);
    case 'compare':
      return intent.fields;
    case 'missing':
      return [intent.field];
    case 'count':
    case 'exists':
      return [];
  }
}
