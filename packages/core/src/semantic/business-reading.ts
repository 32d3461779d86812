/**
 * A business reading of the schema made at introspection (issue 38): a word people use, the field or
 * measure it was given to, the rule that gave it, why (the evidence) and how sure the rule is.
 */
export interface BusinessReading {
  /** Dotted, stable: "<family>.<what it reads>" ("dates.event-verb"). */
  rule: string;
  entity: string;
  field: string;
  /** The entity the words name as a whole, when they name the row a key points at (a role: "driver"). */
  target?: string;
  /** The words that now name the field. */
  words: readonly string[];
  evidence: string;
  /** 0..1: how often the rule is right where it applies. */
  confidence: number;
}
