/**
 * The builder's own copy of the decided interpretation, which it may extend while it builds (a subject
 * inferred from the values, a label column added, the default it chose and the confidence that cost). It
 * has no chunks: the builder works from intents and never reads the question's words again.
 */
import type { FieldMention, FilterIntent, GroupIntent, MeasureIntent, RankIntent, Subject } from '../intents';
import type { Interpretation, Penalty, Understood } from '../kernel/interpretation';
import { type ChoiceScript, Choices } from '../kernel/choices';

type Decided = Omit<Interpretation, 'chunks' | 'claimed'>;

export type Reading = { -readonly [K in keyof Decided]: Decided[K] } & {
  subjects: Subject[];
  fieldMentions: FieldMention[];
  measures: MeasureIntent[];
  filters: FilterIntent[];
  groups: GroupIntent[];
  ranking?: RankIntent;
  penalties: Penalty[];
  understood: Understood[];
  problems: string[];
  /** Choices the builder made that the words did not state outright (an inferred subject, a link it went through). */
  decisions: Array<{ rule: string; reason: string }>;
  /** Where the words left several readings open, the option this build took (kernel/choices.ts). */
  choices: Choices;
};

/** A private copy: the arrays and the ranking the builder may change are copied, everything else is shared. */
export function readingOf(at: Interpretation, script: ChoiceScript = []): Reading {
  const { chunks: _chunks, claimed: _claimed, ...decided } = at;
  return {
    ...decided,
    subjects: [...at.subjects],
    fieldMentions: [...at.fieldMentions],
    measures: [...at.measures],
    filters: [...at.filters],
    groups: [...at.groups],
    ...(at.ranking === undefined ? {} : { ranking: { ...at.ranking } }),
    penalties: [...at.penalties],
    understood: at.understood.map((u) => ({ ...u })),
    problems: [...at.problems],
    decisions: [],
    choices: new Choices(script),
  };
}
