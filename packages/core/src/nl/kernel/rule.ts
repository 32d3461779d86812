/**
 * A rule: a named, pure reading of one kind of phrase. It looks at the chunks and the interpretation
 * decided so far (through its draft) and proposes candidates; it never writes shared state. Each rule carries examples (the
 * rule must take part, and the plan must read as given) and counter-examples (look-alikes, and wrong
 * answers once given, with the outcome they must get instead: the right plan, or "decline"), run by one
 * generic test (eval/rules/rule-examples.test.ts) on small schemas of that test's own. The types make both
 * lists non-empty: a rule without examples does not compile.
 */
import type { Keyword } from '../lex/keywords';
import type { Chunk } from '../lex/segment';

/** A kind of chunk a rule starts from: a grammar keyword of a kind, or a chunk of a kind. */
export type ChunkSignal = `keyword:${Keyword['kind']}` | `chunk:${Chunk['kind']}`;

/** The signals a question's chunks give, worked out once per question. */
export function signalsOf(chunks: readonly Chunk[]): ReadonlySet<ChunkSignal> {
  const signals = new Set<ChunkSignal>();
  for (const chunk of chunks) {
    signals.add(`chunk:${chunk.kind}`);
    if (chunk.kind === 'keyword') signals.add(`keyword:${chunk.keyword.kind}`);
  }
  return signals;
}
import type { Draft } from './draft';

/**
 * The small schemas the examples are read against (eval/rules/example-schemas.ts: SQLite databases,
 * introspected as a new user's would be). "atlas" and "firm" repeat "world" and "company" in other names.
 */
export type ExampleSchema = 'shop' | 'world' | 'atlas' | 'music' | 'company' | 'firm' | 'school' | 'flights' | 'pets' | 'library' | 'regions' | 'districts' | 'ledger' | 'store';

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
  /**
   * The kinds of chunk every reading of this rule starts from ("keyword:rank" for a ranking word). A
   * question with none of them is not given to the rule at all; absent means every question is.
   */
  readonly startsFrom?: readonly ChunkSignal[];
  /** Reads the question and proposes through the draft; it never writes shared state. */
  read(draft: Draft): void;
}
