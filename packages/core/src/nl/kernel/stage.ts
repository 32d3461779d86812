/**
 * A stage of the rule catalogue (rules/catalogue.ts): the rules the resolver runs against the same decided
 * interpretation. Each stage holds one rule, so the order of the stages is the precedence.
 */
import type { Rule } from './rule';

export interface Stage {
  readonly name: string;
  readonly rules: readonly Rule[];
}
