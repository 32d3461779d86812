/**
 * One acceptance environment: createApp(deps) with real dependencies on one side of the matrix.
 * - sqlite:   the generated demo warehouse file as data source, a SQLite store in a temp dir;
 * - postgres: the same warehouse copied into a fresh PostgreSQL database (timestamptz, numeric) as data
 *             source, and a store in another fresh PostgreSQL database;
 * - mysql:    the same warehouse copied into a fresh MariaDB database (datetime(3), decimal) as data
 *             source, and a SQLite store (the store runs on SQLite or PostgreSQL only);
 * - duckdb:   the same warehouse copied into a .duckdb file (TIMESTAMP, DECIMAL) as data source, a SQLite
 *             store (DuckDB is a data source engine only).
 * The clock is pinned to ACCEPTANCE_NOW and the warehouse is generated up to that same instant, so
 * "last month" and "this year" mean the same thing to the engine and to the expected SQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH, DEFAULT_SEED, ensureDemoWarehouse } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import { copySqlite } from '../../../../../test-support/copy-sqlite';
import { createTestMysqlDatabase } from '../../../../../test-support/mysql';
import { createTestDatabase, type TestDatabase } from '../../../../../test-support/postgres';
import { createApp } from '../../../src/app';
import { createApiLogger } from '../../../src/logger';
import { testConfig } from '../../support/test-app';
import { openTestStore, type TestStore } from '../../support/test-deps';
import { openDirectDuckdb, openDirectMysql, openDirectPostgres, openDirectSqlite, type Dialect, type DirectSql } from './direct-sql';

/**
 * A Tuesday in January: "last month" is December of the previous year, "this year" is 20 days old and its
 * first ISO week starts in the previous year, so year boundaries are exercised on every run.
 */
export const ACCEPTANCE_NOW = new Date('2026-01-20T09:30:00.000Z');
export const ACCEPTANCE_SCALE = 0.1;
export const ACCEPTANCE_SEED = DEFAULT_SEED;

export interface AcceptanceEnv {
  app: Express;
  direct: DirectSql;
  close(): Promise<void>;
}

/** Generated once per machine for this (scale, seed, now); generation is deterministic. */
export function acceptanceWarehousePath(): string {
  const name = `askdata-acceptance-demo-${ACCEPTANCE_SCALE}-${ACCEPTANCE_SEED}-${ACCEPTANCE_NOW.toISOString().replace(/[:.]/g, '')}.sqlite`;
  return ensureDemoWarehouse(join(tmpdir(), name), { scale: ACCEPTANCE_SCALE, seed: ACCEPTANCE_SEED, now: ACCEPTANCE_NOW }).path;
}

export async function openAcceptanceEnv(dialect: Dialect): Promise<AcceptanceEnv> {
  const warehousePath = acceptanceWarehousePath();
  let warehouseDb: TestDatabase | undefined;
  let duckdbDir: string | undefined;
  let store: TestStore | undefined;
  let answerDeps: BuiltAnswerDeps | undefined;
  let direct: DirectSql | undefined;
  try {
    let dataSourceUrl = warehousePath;
    if (dialect === 'postgres') {
      warehouseDb = await createTestDatabase('acceptance_wh');
      await copySqlite(warehousePath, { engine: 'postgres', url: warehouseDb.url });
      dataSourceUrl = warehouseDb.url;
    }
    if (dialect === 'mysql') {
      warehouseDb = await createTestMysqlDatabase('acceptance_wh');
      await copySqlite(warehousePath, { engine: 'mysql', url: warehouseDb.url });
      dataSourceUrl = warehouseDb.url;
    }
    if (dialect === 'duckdb') {
      duckdbDir = mkdtempSync(join(tmpdir(), 'askdata-acceptance-duckdb-'));
      dataSourceUrl = join(duckdbDir, 'warehouse.duckdb');
      await copySqlite(warehousePath, { engine: 'duckdb', path: dataSourceUrl });
    }
    store = await openTestStore(dialect === 'postgres' ? 'postgres' : 'sqlite');
    answerDeps = await createAnswerDeps({
      dataSourceUrl,
      semanticModelPath: DEMO_MODEL_PATH,
      timezone: 'UTC',
      maxRows: 1000,
      timeoutMs: 10_000,
      clock: () => ACCEPTANCE_NOW,
    });
    if (answerDeps.dataSource.dialect.name !== dialect) throw new Error(`expected a ${dialect} data source, got ${answerDeps.dataSource.dialect.name}`);
    direct = dialect === 'postgres' ? openDirectPostgres(dataSourceUrl) : dialect === 'mysql' ? openDirectMysql(dataSourceUrl) : dialect === 'duckdb' ? await openDirectDuckdb(dataSourceUrl) : openDirectSqlite(warehousePath);
    const config = testConfig({ DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: 1_000_000 });
    const { transport } = createMemoryTransport();
    const logger = createApiLogger({ LOG_LEVEL: 'warn', API_KEYS: config.API_KEYS, transports: [transport] });
    const app = createApp({ config, store: store.store, answerDeps, logger });
    const opened = { store, answerDeps, direct, warehouseDb, duckdbDir };
    return {
      app,
      direct,
      async close() {
        await opened.direct.close();
        await opened.answerDeps.close();
        await opened.store.cleanup();
        await opened.warehouseDb?.drop();
        if (opened.duckdbDir) rmSync(opened.duckdbDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await direct?.close();
    await answerDeps?.close();
    await store?.cleanup();
    await warehouseDb?.drop();
    if (duckdbDir) rmSync(duckdbDir, { recursive: true, force: true });
    throw error;
  }
}
