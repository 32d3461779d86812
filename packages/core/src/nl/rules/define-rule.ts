/** Builds a Rule from a reading function that proposes through a private draft (rules/draft.ts). */
import type { Interpretation } from '../resolve/interpretation';
import type { Candidate } from './candidate';
import { Draft } from './draft';
import type { Rule } from './rule';

export interface RuleSpec extends Omit<Rule, 'propose'> {
  read(draft: Draft): void;
}

export function defineRule(spec: RuleSpec): Rule {
  const { read, ...meta } = spec;
  return {
    ...meta,
    propose(decided: Interpretation): readonly Candidate[] {
      const draft = new Draft(meta.name, decided);
      read(draft);
      return draft.candidates;
    },
  };
}
