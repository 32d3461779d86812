/**
 * A candidate is one rule's proposal: the chunks it explains, the intents it contributes, and why. Rules
 * only propose; the resolver (resolve/resolver.ts) decides which candidates hold and applies their
 * contributions, and keeps the others in the trace with the reason they lost.
 */
import type { Aggregation } from '../../semantic/model-schema';
import type { DateRangeMatch } from '../../time/date-phrases';
import type { FieldRef } from '../../plan/query-plan';
import type { FilterIntent, GroupIntent, Mark, MeasureIntent, PerGroupIntent, Presentation, RankIntent, SortDirection, SortIntent, Subject } from '../intents';

export type Contribution =
  | { kind: 'measure'; measure: MeasureIntent }
  | { kind: 'pending-aggregation'; aggregation: Aggregation | 'howmuch' }
  | { kind: 'filter'; filter: FilterIntent }
  | { kind: 'group'; group: GroupIntent }
  /** "revenue trend by quarter": a named grain replaces the trend's default month. */
  | { kind: 'drop-trend-groups' }
  /**
   * `refines`: the rule read the ranking already decided and returns it refined ("top 3 most expensive
   * products"); without it, a second ranking is a conflict the resolver does not settle by order.
   */
  | { kind: 'ranking'; ranking: RankIntent; refines: boolean }
  | { kind: 'recency'; direction: SortDirection; limit?: number }
  | { kind: 'sort'; sort: SortIntent; refines: boolean }
  | { kind: 'subject'; subject: Subject }
  | { kind: 'field-mention'; fields: FieldRef[]; plural: boolean; text?: string }
  | { kind: 'date-noun'; fields: FieldRef[]; text: string }
  | { kind: 'verb'; measure: MeasureIntent }
  | { kind: 'time'; range: DateRangeMatch; years?: number[] }
  | { kind: 'period'; range: DateRangeMatch }
  | { kind: 'mark'; mark: Mark; value: boolean }
  /** Where the "or" between conditions stands (rules/or-conditions.ts). */
  | { kind: 'or-at'; at: number }
  | { kind: 'per-group'; perGroup: PerGroupIntent }
  | { kind: 'presentation'; presentation: Presentation }
  | { kind: 'problem'; message: string }
  | { kind: 'penalty'; amount: number; why: string }
  /** A phrase to report as understood apart from the covered words ("on average", "total X (default)"). */
  | { kind: 'understood'; at: number; text: string };

export interface Candidate {
  /** The rule that proposed it. */
  rule: string;
  /** Chunk indexes it explains (sorted); may be empty for a default that explains no words. */
  covers: readonly number[];
  contributions: readonly Contribution[];
  /** Why the rule proposes this, in words ("a number before a numeric field is a value of it"). */
  reason: string;
  /** How the answer reports the covered words as understood; the words themselves by default. */
  phrase?: string;
  /** The covered words carry no meaning of their own (a list verb, a cue): claimed but not reported. */
  silent?: boolean;
}

/** What a rule hands the draft: everything but its own name, which the draft adds. */
export type Proposal = Omit<Candidate, 'rule'>;
