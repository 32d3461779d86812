/**
 * One statement through PostgreSQL's extended protocol (Parse/Bind/Execute), whatever its parameters. pg
 * uses the simple protocol for a query without values, and the simple protocol runs every statement in the
 * string; the extended protocol accepts exactly one, so a second statement is a syntax error instead of a
 * write. `queryMode: 'extended'` (pg >= 8.12) forces it; @types/pg does not declare the option yet.
 */
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';

export type ExtendedQuery = <R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]) => Promise<QueryResult<R>>;

export function extendedQuery(client: PoolClient): ExtendedQuery {
  return <R extends QueryResultRow>(text: string, values: unknown[] = []) => {
    const config: QueryConfig<unknown[]> & { queryMode: 'extended' } = { text, values, queryMode: 'extended' };
    return client.query<R>(config);
  };
}
