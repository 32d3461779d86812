/**
 * The trace of how a planner read one question: every candidate a rule proposed, whether it was chosen
 * and why the others lost; the builder's decisions (defaults it chose); what verification found left over.
 * It is part of the answer record and of the explain output, so a wrong answer can say which rule made it.
 */
export interface TraceEntry {
  /** Which part of the engine wrote it. */
  step: 'lex' | 'rule' | 'build' | 'verify';
  /** The rule or decision's name ("ranking.superlative-word", "build.default-measure", "verify.unexplained-words"). */
  rule: string;
  /** The words it is about, as asked (empty for a default that explains no words). */
  words: string;
  reason: string;
  chosen: boolean;
  /** For a candidate that lost: why. */
  lostBecause?: string;
}
