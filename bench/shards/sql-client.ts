/** One plain connection to a PostgreSQL or MariaDB database, for building the benchmark's data and reading plans. */
import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { ShardEngine } from './generate-sql';

export interface SqlClient {
  /** Rows of one statement; `parameters` bind `$n` (PostgreSQL) or `?` (MariaDB). */
  query(sql: string, parameters?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function openSqlClient(engine: ShardEngine, url: string): Promise<SqlClient> {
  if (engine === 'postgres') {
    const client = new Client({ connectionString: url });
    await client.connect();
    return {
      query: async (sql, parameters = []) => (await client.query({ text: sql, values: [...parameters] })).rows as Record<string, unknown>[],
      close: () => client.end(),
    };
  }
  const connection = await createConnection({ uri: url });
  return {
    query: async (sql, parameters = []) => {
      const [rows] = await connection.query(sql, [...parameters]);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    close: () => connection.end(),
  };
}

export async function withSqlClient<T>(engine: ShardEngine, url: string, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await openSqlClient(engine, url);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** The server URL with another database in its path. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates `database` (dropping an earlier one of that name) on the server at `serverUrl`; returns its URL. */
export async function createDatabase(engine: ShardEngine, serverUrl: string, database: string): Promise<string> {
  await withSqlClient(engine, serverUrl, async (client) => {
    await client.query(`drop database if exists ${database}`);
    await client.query(`create database ${database}`);
  });
  return databaseUrl(serverUrl, database);
}
