/**
 * DuckDB for the engine comparison: the demo warehouse copied once into a .duckdb file next to its SQLite
 * original (reused while the SQLite file is unchanged), and the raw runner: the same compiled SQL on a
 * plain read-only connection with the statement prepared once, DuckDB's physical floor.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { copySqlite } from '../../test-support/copy-sqlite';
import { msSince, nowNs } from './clock';
import { log } from './log';
import type { RawRunner } from './raw-runner';

export async function ensureDuckdbCopy(sqlitePath: string): Promise<{ path: string; seconds: number }> {
  const path = sqlitePath.replace(/\.db$/, '.duckdb');
  if (existsSync(path) && statSync(path).mtimeMs >= statSync(sqlitePath).mtimeMs) return { path, seconds: 0 };
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
  log(`copying ${sqlitePath} into DuckDB ...`);
  const started = nowNs();
  // No foreign keys: DuckDB checks them row by row through an index, which nobody loading analytics does.
  await copySqlite(sqlitePath, { engine: 'duckdb', path, foreignKeys: false });
  return { path, seconds: msSince(started) / 1000 };
}

export async function duckdbRawRunner(path: string): Promise<RawRunner> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  await connection.run("set TimeZone = 'UTC'");
  const statements = new Map<string, DuckDBPreparedStatement>();
  return {
    kind: 'duckdb',
    async run(query) {
      let statement = statements.get(query.sql);
      if (!statement) statements.set(query.sql, (statement = await connection.prepare(query.sql)));
      statement.bind(query.parameters.map((value) => (typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : (value as string | number | boolean | null))));
      return (await statement.runAndReadAll()).currentRowCount;
    },
    async close() {
      for (const statement of statements.values()) statement.destroySync();
      connection.closeSync();
      instance.closeSync();
    },
  };
}
