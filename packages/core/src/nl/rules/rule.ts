/**
 * A rule: a named, pure reading of one kind of phrase. It looks at the chunks and the interpretation
 * decided so far and proposes candidates; it never writes shared state. Each rule carries examples (the
 * rule must take part, and the plan must read as given) and counter-examples (look-alikes, and wrong
 * answers once given, with the outcome they must get instead: the right plan, or "decline"), run by one
 * generic test (eval/rules/rule-examples.test.ts) on small schemas of that test's own. The types make both
 * lists non-empty: a rule without examples does not compile.
 */
import type { Interpretation } from '../resolve/interpretation';
import type { Candidate } from './candidate';

/**
 * The small schemas the examples are read against (eval/rules/example-schemas.ts: SQLite databases,
 * introspected as a new user's would be). "atlas" and "firm" repeat "world" and "company" in other names.
 */
export type ExampleSchema = 'shop' | 'world' | 'atlas' | 'music' | 'company' | 'firm' | 'school' | 'flights' | 'pets' | 'library';

export interface RuleExample {
  schema: ExampleSchema;
  question: string;
  /** The plan in one line (test support's planLine), or "decline" / "clarify". */
  expect: string;
}

type NonEmpty<T> = readonly [T, ...T[]];

export interface Rule {
  /** Dotted, stable, unique: "<family>.<what it reads>" ("ranking.top-n"). */
  readonly name: string;
  /** One sentence: what it reads and what it proposes. */
  readonly description: string;
  readonly examples: NonEmpty<RuleExample>;
  readonly counterExamples: NonEmpty<RuleExample>;
  propose(decided: Interpretation): readonly Candidate[];
}
