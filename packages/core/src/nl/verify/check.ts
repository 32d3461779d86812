/**
 * A verify check: a named, pure test of what was read, that declines a reading that would answer another
 * question than the one asked. Checks are data like the rules (kernel/rule.ts): each carries examples (the
 * check must decline them) and counter-examples (look-alikes it must let through), run by one generic test
 * (eval/rules/check-examples.test.ts) on the rules' example schemas. They run in one ordered catalogue
 * (verify/catalogue.ts), at one point: after the builder, and the first that finds something declines.
 */
import type { QueryPlan } from '../../plan/query-plan';
import type { BuildOutcome } from '../assemble/build-plan';
import type { Reading } from '../assemble/reading';
import type { Interpretation } from '../kernel/interpretation';
import type { ExampleSchema } from '../kernel/rule';
import type { Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import type { Coverage } from './coverage';

export interface CheckExample {
  schema: ExampleSchema;
  question: string;
}

type NonEmpty<T> = readonly [T, ...T[]];

/** Everything a check may read about one question, once the builder has run. */
export interface CheckSubject {
  /** The question as asked (cut to the longest question read), and normalised. */
  question: string;
  normalized: string;
  chunks: readonly Chunk[];
  /** What the rules decided. */
  interpretation: Interpretation;
  lexicon: Lexicon;
  /** How much of the question the rules explained (verify/coverage.ts). */
  coverage: Coverage;
  /** The reading's own confidence, and the least the planner answers with. */
  confidence: number;
  minConfidence: number;
  /** What the builder made of the interpretation, and its copy of the reading with what it added. */
  outcome: BuildOutcome;
  built: Reading;
  /** The built plan when it is valid (widened to a follow-up's scope); absent when the builder gave none or an invalid one. */
  plan: QueryPlan | undefined;
  /** In a conversation, words that point at the previous answer's rows ("of them", "those"), with that answer's plan if any. */
  earlier?: EarlierRowsReference;
  /** In a conversation, the previous plan this question builds on (a follow-up), if it is one. */
  followUpOf?: QueryPlan;
}

export interface EarlierRowsReference {
  reference: string;
  previous: QueryPlan | undefined;
  followUp: boolean;
}

/** A check's subject when there is a plan to check. */
export type PlannedSubject = CheckSubject & { plan: QueryPlan };

/** Why a check declines: reasons to say, and words of the question to name as not understood. */
export interface Finding {
  reasons: string[];
  notUnderstood?: string[];
}

interface CheckCommon {
  /** Dotted, stable, unique ("verify.dropped-part"): the decline's name in the trace and in the eval's tallies. */
  readonly name: string;
  /** One sentence: what it declines, and why that reading would be wrong. */
  readonly description: string;
  /** Questions it must let through: it, and every check before it, does not decline them. */
  readonly counterExamples: NonEmpty<CheckExample>;
}

/** Questions the check must decline, or (for a guard against a bug of our own, which no question should reach) why there are none. */
type Examples = { readonly examples: NonEmpty<CheckExample> } | { readonly examples: readonly []; readonly noExampleBecause: string };

/**
 * What a check reads decides when its finding counts:
 * - `interpretation`: only what the rules decided; a decline here does not report the builder's work.
 * - `build`: the builder's outcome.
 * - `plan`: the built plan; the check runs only when there is a valid one.
 */
export type Check = CheckCommon &
  Examples &
  (
    | { readonly reads: 'interpretation' | 'build'; test(subject: CheckSubject): Finding | undefined }
    | { readonly reads: 'plan'; test(subject: PlannedSubject): Finding | undefined }
  );

export function defineCheck(spec: Check): Check {
  return spec;
}
