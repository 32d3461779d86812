/**
 * The text the data source runs for a compiled query: the compiled SELECT wrapped so that at most
 * maxRows + 1 rows come back whatever the query's own limit says (one more than allowed, so a cut answer
 * is known to be cut); wrapping also makes a smuggled second statement a syntax error. Exported so that
 * a plan check (EXPLAIN of what really runs, test/sharded/partition-pruning.ts) reads the same text.
 */
export function cappedQueryText(sql: string, maxRows: number): string {
  return `select * from (${sql}) as "capped" limit ${maxRows + 1}`;
}
