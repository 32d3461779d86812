/**
 * The typed intents a question is read into: what to measure, which rows to keep, how to break down, rank
 * and sort. Rules propose them (rules/), the resolver decides which hold (resolve/), and the builder turns the
 * decided ones into a QueryPlan (assemble/). They name model elements only, never words of the question,
 * except `text` fields, which quote the words for messages.
 */
import type { FieldRef, Presentation, SortDirection, TimeGrain } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import type { DateRangeMatch } from '../time/date-phrases';

export type MeasureIntent =
  | { kind: 'model'; entity: string; measure: string }
  | { kind: 'count'; entity: string }
  | { kind: 'aggregate'; aggregation: Aggregation; fields: FieldRef[] }
  /** "how many different customers": distinct rows of `entity`, counted through the base entity's rows. */
  | { kind: 'distinct'; entity: string; via?: string };

export type CompareOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';

/** `at`: the first chunk of the words it was read from (resolve/apply.ts), so "or" can say which conditions it joins. */
export type FilterIntent = { at?: number } & (
  /** "laptops", "not in Audio"; `all`: "both cats and dogs" (each value must hold, not either). */
  /** `everyValue`: "male and female" names every value the column holds, so it restricts nothing. */
  | { kind: 'values'; choices: Array<{ field: FieldRef; values: string[] }>; negate: boolean; all?: boolean; joinedByAnd?: boolean; everyValue?: boolean }
  /**
   * `alternatives`: with eq (or neq), more values that also hold ("aged 32 or 33"). `against`: the field is
   * compared with that figure of the same field over all rows, not with `value` ("above the average price"),
   * or, with `per`, over the rows that share the row's value of that field ("the cheapest product in each category").
   */
  | { kind: 'compare'; op: CompareOp; value: number; high?: number; alternatives?: number[]; money: boolean; fields: FieldRef[]; text: string; against?: 'avg' | 'max' | 'min'; per?: FieldRef[] }
  /** "with at least 10 flights", "more than one pet": how many rows of `entity` point at the subject. */
  | { kind: 'count'; entity: string; op: CompareOp; value: number; high?: number; text: string }
  /**
   * "without any concerts", "who have a pet", "that did not have a concert in 2014". `period`: the
   * question's period is on the related rows' own date ("customers who did not order in the last 6
   * months" = no order dated in those months), not on the subject's.
   */
  | { kind: 'exists'; entity: string; negate: boolean; text: string; period?: DateRangeMatch }
  /** "with no manager listed", "not returned yet": the column is empty. */
  | { kind: 'missing'; field: FieldRef; text: string }
);

export type GroupIntent =
  | { kind: 'grain'; grain: TimeGrain; fields: FieldRef[]; trend?: boolean }
  | { kind: 'entity'; entity: string; at?: number }
  | { kind: 'field'; fields: FieldRef[]; text: string; at?: number };

export type Subject = { kind: 'entity'; entity: string; plural: boolean } | { kind: 'field'; fields: FieldRef[]; plural: boolean; text: string };

/** A column named without a role (a list column, or a date field meaning "which date"), and whether it was named in the plural. */
export interface FieldMention {
  fields: FieldRef[];
  plural: boolean;
  /** The words that named the field, where a rule kept them ("closed", "date of enrolment"). */
  text?: string;
}

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
  /** Fields the ranking word itself measures, as an adjective ("the highest building" -> height). */
  measured?: FieldRef[];
}

/**
 * How to sort the rows ("ordered by age", "in descending order"); no fields means "what the list shows".
 * `byDate`: "newest first", "from oldest to newest": the direction of the rows' own date (or year), used
 * when no field the words measure ("oldest" singer by age) belongs to the rows.
 */
export interface SortIntent {
  fields?: FieldRef[];
  direction: SortDirection;
  explicitDirection: boolean;
  byDate?: SortDirection;
}

/** "how many orders per customer", "average revenue per city": average the measure over the groups of a field. */
export interface PerGroupIntent {
  /** Chunk index of the group named after "per"; the group intent recorded there is averaged over. */
  at: number;
  /** How the question asked for it: an average word, a count word, or neither ("revenue per customer" = a ratio). */
  cue: 'average' | 'count' | 'none';
  /** The entity the words after "per" name, when they name one ("per customer"). */
  entity?: string;
  /** "per month", "per day": the time grain named after "per"; its grain group is the one aggregated over. */
  grain?: TimeGrain;
  /** "the busiest month": the largest (or smallest) of the figures per grain, not their average. */
  rollup?: 'max' | 'min';
}

/** Marks a question carries: each is either said or not. */
export type Mark =
  /** "singers from France or older than 40": the question's two conditions are alternatives (an `any`). */
  | 'orConditions'
  /** "vs" / "compare": the values or periods named are compared side by side. */
  | 'versus'
  /** "what share of revenue comes from laptops": the filters define the part, the measure the whole. */
  | 'share'
  /** "tax as a share of revenue": the first measure as a percentage of the second. */
  | 'percentOf'
  /** "customers who spent more than the average customer": each group's figure above the average over the groups. */
  | 'aboveAverageGroup'
  /** "products that sold less than the average product": below it. */
  | 'belowAverageGroup'
  /** "list", "show", "which": the question asks for rows. */
  | 'listVerb'
  /** "all the information about hiring": every column, keys included. */
  | 'allColumns'
  /** "the different countries of singers": each combination of the asked fields once. */
  | 'distinct'
  /** "which product ...": a ranking without N returns one row. */
  | 'singular'
  /** "what about", "instead", "only": a follow-up cue somewhere in the question. */
  | 'cue';

export type { Presentation, SortDirection, TimeGrain, Aggregation, FieldRef };
