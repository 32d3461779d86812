/**
 * The importer's tests that hold a plan's rows against its SQL's rows: a small SQLite database made from
 * DDL for the enclosing test file, its introspected model (no tenancy, as the eval's databases have it),
 * and both ways of reading rows, each row as JSON so that rows compare as wholes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compileQuery, introspectModel, resolveTenantScope, scopePlan, validatePlan, type DataSource, type SemanticModel, type ValidPlan } from '@askdata/core';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { sqlToPlan } from '../../src';

export interface RowsOptions {
  /** Each cell before the row is written as JSON (e.g. numbers kept as text read as numbers). */
  cell?: (value: unknown) => unknown;
  /** Rows in the order the query gave them; sorted by default, for statements without ORDER BY. */
  ordered?: boolean;
}

export interface SqliteFixture {
  readonly model: SemanticModel;
  readonly dataSource: DataSource;
  scope(): ReturnType<typeof resolveTenantScope>;
  /** The statement's own rows, read by better-sqlite3. */
  sqlRows(sql: string, options?: RowsOptions): string[];
  /** The statement imported, validated, scoped and compiled by askdata, then run on the data source. */
  planRows(sql: string, options?: RowsOptions & { internal?: boolean }): Promise<string[]>;
  /** The rows a plan already validated returns. */
  rowsOfPlan(plan: ValidPlan, options?: RowsOptions): Promise<string[]>;
}

const asJson = (rows: unknown[][], options: RowsOptions): string[] => {
  const written = rows.map((row) => JSON.stringify(options.cell ? row.map(options.cell) : row));
  return options.ordered ? written : written.sort();
};

/** Makes the database from `ddl` before the file's tests and removes it after them. */
export function onSqliteFixture(name: string, ddl: string): SqliteFixture {
  const dir = mkdtempSync(join(tmpdir(), `askdata-${name}-`));
  const path = join(dir, `${name}.sqlite`);
  let dataSource: DataSource | undefined;
  let model: SemanticModel | undefined;

  beforeAll(async () => {
    const db = new Database(path);
    db.exec(ddl);
    db.close();
    dataSource = await openSqliteDataSource(path);
    model = await introspectModel(dataSource, { tenancy: 'none' });
  });
  afterAll(async () => {
    await dataSource?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ready = (): { dataSource: DataSource; model: SemanticModel } => {
    if (!dataSource || !model) throw new Error('the SQLite fixture is read before its beforeAll ran');
    return { dataSource, model };
  };
  const fixture: SqliteFixture = {
    get model() {
      return ready().model;
    },
    get dataSource() {
      return ready().dataSource;
    },
    scope: () => resolveTenantScope(ready().model, {}),
    sqlRows(sql, options = {}) {
      const db = new Database(path, { readonly: true });
      try {
        return asJson(db.prepare(sql).raw(true).all() as unknown[][], options);
      } finally {
        db.close();
      }
    },
    async rowsOfPlan(plan, options = {}) {
      const { dataSource: source, model: semantic } = ready();
      const query = compileQuery(scopePlan(plan, semantic, fixture.scope()), semantic, source.dialect, { maxRows: 1000 });
      const result = await source.execute(query, { timeoutMs: 10_000, maxRows: 1000 });
      return asJson(result.rows.map((row) => Object.values(row)), options);
    },
    async planRows(sql, options = {}) {
      const { dataSource: source, model: semantic } = ready();
      const plan = validatePlan(sqlToPlan(sql, semantic).plan, semantic, { dialect: source.dialect, ...(options.internal ? { internal: true } : {}) });
      return fixture.rowsOfPlan(plan, options);
    },
  };
  return fixture;
}
