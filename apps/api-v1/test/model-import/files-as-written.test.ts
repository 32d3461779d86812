/**
 * Model files as the tools that write them write them (issue 40), imported and asked through the v1 API on
 * the demo warehouse: a Snowflake model whose verified queries' SQL is a double-quoted scalar continued at
 * column 1 (as Snowflake's tutorials write it), a dbt project that states no column types (typed from the
 * database, or from its manifest.json when there is no database), and, per format, import -> Ossie export ->
 * import giving the same model and the same answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportOssieText, importModel, isModelImportError } from '@askdata/model-import';
import { AS_WRITTEN_FIXTURES, DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY } from '@askdata/model-import/testing';
import { openDataSource } from '@askdata/service';
import Database from 'better-sqlite3';
import request from 'supertest';
import { auth, ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { figuresOf, importedApp, sameFigures, type ImportedApp } from './support/imported-app';

const ANSWER_PATH = '/api/v1/conversations/answer';
const dir = mkdtempSync(join(tmpdir(), 'askdata-as-written-'));
const apps: ImportedApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function appFor(source: string, options: Parameters<typeof importedApp>[1]): Promise<ImportedApp> {
  const app = await importedApp(source, options, testWarehousePath());
  apps.push(app);
  return app;
}

async function ask(app: ImportedApp, question: string, context: Record<string, unknown>): Promise<Parameters<typeof figuresOf>[0]> {
  const response = await request(app.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context });
  expect(response.status).toBe(200);
  return response.body;
}

/** One figure of the warehouse, straight from SQL. */
function figure(sql: string): number {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    return Number(Object.values(db.prepare(sql).get() as Record<string, unknown>)[0]);
  } finally {
    db.close();
  }
}
const statedNumbers = (message: string): number[] => (message.match(/-?\d[\d,]*(\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));

describe('a Snowflake semantic model whose SQL is written as Snowflake\'s tutorials write it', () => {
  it('imports, reads each verified query\'s SQL as PyYAML does, and answers', async () => {
    const app = await appFor(AS_WRITTEN_FIXTURES.snowflakeMultilineSql, { tenancy: DEMO_SHOP_TENANCY });
    expect(app.imported.report.verifiedQueries.map((query) => query.sql)).toEqual([
      'SELECT p.category, SUM(o.subtotal - o.discount) AS revenue FROM __orders AS o JOIN __products AS p ON o.product_id = p.product_id GROUP BY p.category',
      'SELECT COUNT(*) FROM __orders',
    ]);
    const answer = await ask(app, 'How many orders do we have?', { orgId: 1 });
    expect(statedNumbers(answer.message)).toContain(figure('SELECT count(*) FROM orders WHERE organisation_id = 1'));
  });
});

describe('a dbt project that states no column types', () => {
  it('was refused before: a categorical dimension typed as text cannot be summed', () => {
    // Without the database or a manifest, the measures still type the columns they add up.
    const { model, report } = importModel(AS_WRITTEN_FIXTURES.dbtUntyped, { tenancy: 'none' });
    expect(model.entities.orders?.fields.subtotal?.type).toBe('number');
    expect(report.notes.map((note) => note.message)).toContain('type of orders.subtotal: number, from the measures that add it up (no manifest or data source states it)');
    expect(model.entities.products?.fields.price?.type).toBe('string');
  });

  it('imports against its database, each column typed as the database has it, and answers', async () => {
    const dataSource = await openDataSource(testWarehousePath());
    let databaseTables;
    try {
      databaseTables = await dataSource.introspect();
    } finally {
      await dataSource.close();
    }
    const app = await appFor(AS_WRITTEN_FIXTURES.dbtUntyped, { tenancy: 'none', databaseTables });
    const { model, report } = app.imported;
    expect(model.entities.products?.fields.price?.type).toBe('number');
    expect(model.entities.products?.fields.stock_level?.type).toBe('integer');
    expect(model.entities.orders?.fields.quantity?.type).toBe('integer');
    expect(report.notes.map((note) => note.message)).toContain("type of products.price: number, from the data source's column products.price");
    const answer = await ask(app, 'total units', {});
    expect(statedNumbers(answer.message)).toContain(figure('SELECT sum(quantity) FROM orders'));
  });

  it('imports with a target/manifest.json and no database, typed as the manifest says', () => {
    const { model, report } = importModel(AS_WRITTEN_FIXTURES.dbtManifest, { tenancy: 'none' });
    expect(model.entities.products?.fields.price?.type).toBe('number');
    expect(model.entities.products?.fields.stock_level?.type).toBe('integer');
    expect(model.entities.orders?.fields.subtotal?.type).toBe('number');
    expect(report.notes.map((note) => note.message)).toContain('type of products.price: number, from target/manifest.json');
  });
});

describe.each(['ossie', 'dbt', 'snowflake'] as const)('import, export to Ossie, import again: %s', (format) => {
  it('gives the same model and the same answers', async () => {
    const first = await appFor(DEMO_SHOP_FIXTURES[format], { tenancy: DEMO_SHOP_TENANCY });
    const exported = join(dir, `${format}.ossie.yaml`);
    writeFileSync(exported, exportOssieText(first.imported.model));
    // A document askdata wrote carries its tenancy: the second import needs none stated.
    const second = await appFor(exported, {});
    expect({ ...second.imported.model, source: '' }).toEqual({ ...first.imported.model, source: '' });
    for (const question of ['total revenue', 'revenue by category', 'top 5 customers by spend', 'how many orders over $500']) {
      const [before, after] = [await ask(first, question, { orgId: 2 }), await ask(second, question, { orgId: 2 })];
      expect(sameFigures(figuresOf(before), figuresOf(after))).toBe(true);
    }
  }, 60_000);
});

it('reads a duplicate key as PyYAML does, the last one winning, with a note naming its line', () => {
  const file = join(dir, 'duplicate.snowflake.yaml');
  writeFileSync(file, 'name: shop\ntables:\n  - name: orders\n    base_table: { table: orders }\n    dimensions:\n      - { name: status, expr: status, data_type: VARCHAR }\n    description: first\n    description: orders as placed\n');
  const { model, report } = importModel(file, { tenancy: 'none' });
  expect(model.entities.orders?.description).toBe('orders as placed');
  expect(report.notes).toContainEqual({ file, path: '(line 8, column 5)', message: expect.stringMatching(/^YAML: duplicate key "description": the last one is read/) });
});

it('still reports a file that fails, with the file, line, column, offending line and reason', () => {
  const broken = join(dir, 'broken.snowflake.yaml');
  writeFileSync(broken, 'name: shop\ntables:\n  - name: orders\n    base_table: { table: orders\n  - name: users\n');
  try {
    importModel(broken, { tenancy: 'none' });
    throw new Error('imported a broken file');
  } catch (error) {
    if (!isModelImportError(error)) throw error;
    expect(error.message).toMatch(/broken\.snowflake\.yaml: \(line \d+, column \d+\): not valid YAML: .+\n\s+\d+ \| /);
  }
});
