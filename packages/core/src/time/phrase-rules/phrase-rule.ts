/**
 * The shape every date-phrase rule shares. A rule is a global regular expression over the lower-cased
 * question and a resolver from a match to a range of local dates; the finder (date-phrases.ts) runs all
 * rules, combines their matches ("since X", "between X and Y"), keeps the longest where they overlap and
 * turns local dates into instants in the caller's zone.
 */
import type { LocalDate } from '../calendar';
import type { Unit } from '../units';

/** A period in local dates: `start` inclusive, `end` exclusive; an absent bound is open. */
export interface LocalRange {
  start?: LocalDate;
  end?: LocalDate;
  /** How a message states it on its own: "on March 3, 2026", "last month (February 2026)". */
  label: string;
  /** How it reads inside a longer phrase ("since March 3, 2026"); the label when absent. */
  name?: string;
  /**
   * A date only inside "since/before/between X and Y" ("since 2025", "since 3/15", "since Christmas"):
   * alone, "2025" may be an amount, "3/15" a fraction and "christmas" part of a product name.
   */
  needsContext?: boolean;
  /**
   * For a date written without a year ("March", "Q1", "March 3rd", "Christmas"): the same date in
   * `year`, so "from Q1 to Q3 2025" reads Q1 in 2025.
   */
  withYear?: (year: number) => LocalRange | undefined;
  /** "same period/month/... last year": re-resolved against another period of the question when there is one. */
  sameAs?: 'period' | Unit;
  /**
   * "the previous quarter", "the quarter before that", "the year after that": the whole unit just before
   * (-1) or after (+1) another period of the question or, in a conversation, the previous question's
   * (step-rules.ts). With `needsAnchor` the phrase is no date without one ("the month before" what?);
   * without it the range as resolved stands ("the previous quarter" alone is last quarter).
   */
  step?: { unit: Unit; by: -1 | 1; needsAnchor: boolean };
}

/**
 * `point` rules name a date ("March 3", "2025", "Christmas"): "from <point>" reads "since <point>".
 * `period` rules are spans relative to today ("last month"): "from last month" reads "last month".
 */
export type RuleKind = 'point' | 'period';

export interface PhraseRule {
  kind: RuleKind;
  /** Global (`g`) regular expression over the lower-cased text. */
  pattern: RegExp;
  resolve(match: RegExpExecArray, today: LocalDate): LocalRange | undefined;
}

/** A match of a rule (or of a combination of matches) in the text: character span [from, to). */
export interface Candidate {
  from: number;
  to: number;
  kind: RuleKind;
  range: LocalRange;
}

/** Something that finds candidates in lower-cased text: our rule tables, or an adapter around a library. */
export type CandidateFinder = (lower: string, today: LocalDate) => Candidate[];

/** The candidates of a rule table. */
export function ruleFinder(rules: readonly PhraseRule[]): CandidateFinder {
  return (lower, today) => {
    const found: Candidate[] = [];
    for (const rule of rules) {
      rule.pattern.lastIndex = 0;
      for (let m = rule.pattern.exec(lower); m !== null; m = rule.pattern.exec(lower)) {
        const range = rule.resolve(m, today);
        if (range !== undefined) found.push({ from: m.index, to: m.index + m[0].length, kind: rule.kind, range });
      }
    }
    return found;
  };
}
