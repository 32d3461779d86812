/**
 * An Interpretation is what has been decided about one question so far: which chunks the chosen
 * candidates cover, and the intents they contributed. It is immutable: the resolver makes a new one after
 * each stage, and a rule only ever reads one (resolve/draft.ts gives a rule a private working copy for its
 * own proposals). The builder reads the final one.
 */
import type { Aggregation } from '../../semantic/model-schema';
import type { DateRangeMatch } from '../../time/date-phrases';
import type { FieldMention, FilterIntent, GroupIntent, MeasureIntent, PerGroupIntent, Presentation, RankIntent, SortDirection, SortIntent, Subject } from '../intents';
import type { Lexicon } from '../lex/lexicon';
import { type QuestionFacts, questionFacts } from '../lex/question-facts';
import type { Chunk } from '../lex/segment';
import type { FieldRef } from '../../plan/query-plan';

/** A phrase the answer says it understood, with the chunk index it starts at (reported in question order). */
export interface Understood {
  at: number;
  text: string;
}

/** Where a phrase that explains no words of its own (a default) is reported: after the question's words. */
export const AFTER_THE_QUESTION = Number.MAX_SAFE_INTEGER;

/** Confidence lost to a default or a guess, and why. */
export interface Penalty {
  amount: number;
  why: string;
  /** The rule or decision that cost it. */
  rule: string;
}

export interface Interpretation {
  readonly chunks: readonly Chunk[];
  readonly lexicon: Lexicon;
  readonly facts: QuestionFacts;
  /** Which chunks a chosen candidate covers. */
  readonly claimed: readonly boolean[];
  readonly understood: readonly Understood[];
  readonly measures: readonly MeasureIntent[];
  /** An aggregation word with nothing after it ("and the average?"); "howmuch" = the default money measure. */
  readonly pendingAggregation?: Aggregation | 'howmuch';
  readonly filters: readonly FilterIntent[];
  readonly groups: readonly GroupIntent[];
  readonly ranking?: RankIntent;
  readonly sort?: SortIntent;
  readonly recency?: { direction: SortDirection; limit?: number };
  readonly subjects: readonly Subject[];
  /** Fields named without a role: list columns, or date fields meaning "which date". */
  readonly fieldMentions: readonly FieldMention[];
  /** Date fields named as nouns ("signup date"): they must be used by a period or a grain. */
  readonly dateNouns: ReadonlyArray<{ fields: FieldRef[]; text: string }>;
  /** Event verbs (date-field synonyms such as "sold", "signed up") and the measure each implies. */
  readonly verbs: readonly MeasureIntent[];
  readonly time?: DateRangeMatch;
  /** "in 2014 or 2015": more whole years after the period, as alternatives. */
  readonly timeYears?: readonly number[];
  /** Periods to compare ("this month vs last month"). */
  readonly periods: readonly DateRangeMatch[];
  readonly versus: boolean;
  /** Its two conditions are joined by "or" (rules/or-conditions.ts): either may hold. */
  readonly orConditions: boolean;
  /** The chunk of that "or": the conditions read before it are one side, those after the other. */
  readonly orAt?: number;
  readonly share: boolean;
  readonly percentOf: boolean;
  readonly aboveAverageGroup: boolean;
  readonly belowAverageGroup: boolean;
  readonly listVerb: boolean;
  readonly allColumns: boolean;
  readonly distinct: boolean;
  readonly singular: boolean;
  readonly cue: boolean;
  readonly perGroup?: PerGroupIntent;
  readonly presentation?: Presentation;
  /** Why this cannot be answered (declines with these reasons). */
  readonly problems: readonly string[];
  readonly penalties: readonly Penalty[];
}

/** The same shape with assignable fields: only the resolver's and a draft's private copies are written. */
export type WorkingInterpretation = { -readonly [K in keyof Interpretation]: Interpretation[K] };

export function createInterpretation(chunks: readonly Chunk[], lexicon: Lexicon): Interpretation {
  return {
    chunks,
    lexicon,
    facts: questionFacts(chunks),
    claimed: chunks.map(() => false),
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
    orConditions: false,
    share: false,
    percentOf: false,
    aboveAverageGroup: false,
    belowAverageGroup: false,
    listVerb: false,
    allColumns: false,
    distinct: false,
    singular: false,
    cue: false,
    problems: [],
    penalties: [],
  };
}

/**
 * A private copy to write: one object spread. Arrays are shared with the original and never mutated in
 * place: every write replaces the array (resolve/apply.ts), so the original stays as it was.
 */
export function workingCopy(interpretation: Interpretation): WorkingInterpretation {
  return { ...interpretation };
}

/** Index of the next chunk after `index` that is not noise (and not claimed), or -1. */
export function nextMeaningful(at: Interpretation, index: number): number {
  for (let i = index + 1; i < at.chunks.length; i++) {
    if (at.claimed[i]) return -1;
    const chunk = at.chunks[i]!;
    if (!(chunk.kind === 'keyword' && chunk.keyword.kind === 'noise')) return i;
  }
  return -1;
}

/** Index of the previous chunk before `index` that is not noise (and not claimed), or -1. */
export function previousMeaningful(at: Interpretation, index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    if (at.claimed[i]) return -1;
    const chunk = at.chunks[i]!;
    if (!(chunk.kind === 'keyword' && chunk.keyword.kind === 'noise')) return i;
  }
  return -1;
}

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
