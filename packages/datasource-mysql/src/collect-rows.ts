/**
 * The few driver calls the data source makes, as promises over mysql2's callback API (its promise
 * wrapper hides the row events collectRows needs).
 *
 * collectRows runs one prepared statement (values bound by the server, never spliced into the text) and
 * keeps at most `cap` of its rows. sql_select_limit already caps a query without its own LIMIT; a query
 * whose own LIMIT is larger still returns more, and those rows are read off the wire and dropped, so memory
 * holds the cap whatever the SQL says. A prepared statement is exactly one statement: text that smuggles a
 * second one is a syntax error, with or without parameters.
 */
import type { Connection, ExecuteValues, Pool, PoolConnection } from 'mysql2';

export type Row = Record<string, unknown>;

function bindable(value: unknown): ExecuteValues {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof Date) return value;
  throw new Error(`a ${typeof value} cannot be bound as a MySQL parameter`);
}

export function collectRows(connection: PoolConnection, text: string, values: readonly unknown[], cap: number): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const rows: Row[] = [];
    const command = connection.execute(text, values.map(bindable));
    command.on('result', (row: Row) => {
      if (rows.length < cap) rows.push(row);
    });
    command.on('error', reject);
    command.on('end', () => resolve(rows));
  });
}

/** A statement of our own without values (transaction control, settings). */
export function plainQuery(connection: Connection | PoolConnection | Pool, text: string): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    connection.query(text, (error: Error | null, rows: unknown) => (error ? reject(error) : resolve(Array.isArray(rows) ? (rows as Row[]) : [])));
  });
}

export function getConnection(pool: Pool): Promise<PoolConnection> {
  return new Promise((resolve, reject) => pool.getConnection((error, connection) => (error ? reject(error) : resolve(connection))));
}

export function endPool(pool: Pool): Promise<void> {
  return new Promise((resolve, reject) => pool.end((error) => (error ? reject(error) : resolve())));
}
