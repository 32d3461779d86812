/**
 * The physical limit: the same compiled SQL executed directly, in process, on a plain connection to the
 * same database (better-sqlite3 with the statement prepared once; one pg client, no transaction wrapper).
 * Whatever the service adds on top of this is overhead.
 */
import Database from 'better-sqlite3';
import { Client } from 'pg';
import type { CompiledQuery } from '@askdata/core';

export interface RawRunner {
  readonly kind: 'sqlite' | 'postgres' | 'duckdb';
  run(query: CompiledQuery): Promise<number>;
  close(): Promise<void>;
}

export function sqliteRawRunner(path: string): RawRunner {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const statements = new Map<string, Database.Statement>();
  return {
    kind: 'sqlite',
    async run(query) {
      let statement = statements.get(query.sql);
      if (!statement) statements.set(query.sql, (statement = db.prepare(query.sql)));
      return statement.all(...query.parameters).length;
    },
    async close() {
      db.close();
    },
  };
}

export async function postgresRawRunner(url: string): Promise<RawRunner> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    async run(query) {
      return (await client.query({ text: query.sql, values: [...query.parameters] })).rows.length;
    },
    close: () => client.end(),
  };
}
