/**
 * Distinct values of the model's indexed fields (categories, product titles, cities...), so questions can
 * name them ("laptops" -> `Laptop`). Built once at start (semantic/build-value-index.ts), read on every
 * question. Matching a value only adds a filter (which scope() still restricts to the caller's tenant);
 * the index is never used to show values to a caller, so it cannot leak one tenant's catalogue to another.
 */
export interface IndexedValue {
  entity: string;
  field: string;
  value: string;
}

export interface ValueMatch extends IndexedValue {
  /** 1 = exact (case-insensitive); lower for plural/typo matches. */
  score: number;
  /** Number of question tokens the match covers. */
  tokenCount: number;
}

export interface ValueIndex {
  /** All values of one field (for suggestions and tests). */
  valuesOf(entity: string, field: string): readonly string[];
  /** Best matches for a phrase (already lower-cased, space separated), best first. */
  match(phrase: string): ValueMatch[];
  /** Total number of distinct values held. */
  readonly size: number;
}
