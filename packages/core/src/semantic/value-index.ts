/**
 * Distinct values of the model's indexed fields (categories, product titles, cities...), so questions can
 * name them ("laptops" -> `Laptop`). The service builds one per tenant, from that tenant's rows only
 * (load-tenant-values.ts, cached in nl/lex/tenant-value-indexes.ts): an index of every tenant's values would
 * let a caller confirm another tenant's names by how its questions are read.
 */
export interface IndexedValue {
  entity: string;
  field: string;
  value: string;
  /** Another name for `value` that a question may use (a word an operator taught); matched instead of the value's own words. */
  alias?: string;
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
