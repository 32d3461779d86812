import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_MODEL_PATH, generateDemoWarehouse } from '@askdata/demo-data';
import { distinctValuesSql, loadIndexedValues, loadModelFile, modelFromSchema, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult } from '@askdata/core';
import { openSqliteDataSource } from '../src/index';

const dir = mkdtempSync(join(tmpdir(), 'askdata-values-'));

/** Records every query the loader sends, while a real SQLite data source answers it. */
function recording(dataSource: DataSource): { dataSource: DataSource; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  return {
    queries,
    dataSource: {
      ...dataSource,
      dialect: dataSource.dialect,
      description: dataSource.description,
      execute: (query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> => {
        queries.push(query);
        return dataSource.execute(query, options);
      },
    },
  };
}

describe('loadIndexedValues', () => {
  it('loads the demo categories, titles and cities, never hidden fields', async () => {
    const path = join(dir, 'demo.sqlite');
    generateDemoWarehouse({ path, scale: 0.02, now: new Date('2026-03-10T12:00:00Z') });
    const real = await openSqliteDataSource(path);
    try {
      const { dataSource, queries } = recording(real);
      const values = await loadIndexedValues(loadModelFile(DEMO_MODEL_PATH), dataSource);
      const of = (entity: string, field: string): string[] => values.filter((value) => value.entity === entity && value.field === field).map((value) => value.value);
      expect(of('products', 'category')).toEqual(expect.arrayContaining(['Laptop', 'Audio', 'Fiction', 'Camping']));
      expect(of('products', 'title')).toEqual(expect.arrayContaining(['Apple Watch', 'MacBook Air']));
      expect(of('users', 'city')).toContain('Denver');
      expect(values.some((value) => value.field === 'email' || value.field === 'birth_date')).toBe(false);
      expect(new Set(of('products', 'category')).size).toBe(of('products', 'category').length);
      for (const query of queries) {
        expect(query.parameters).toEqual([]);
        expect(query.sql).toMatch(/^SELECT DISTINCT "[a-z_]+" AS "value" FROM "[a-z_]+" WHERE "[a-z_]+" IS NOT NULL$/);
      }
    } finally {
      await real.close();
    }
  });

  it('quotes odd identifiers and skips fields with too many distinct values', async () => {
    const path = join(dir, 'odd.sqlite');
    const db = new Database(path);
    db.exec('CREATE TABLE "we""ird table" (id INTEGER PRIMARY KEY, "sh""ape" TEXT, colour TEXT)');
    const insert = db.prepare('INSERT INTO "we""ird table" ("sh""ape", colour) VALUES (?, ?)');
    for (let i = 0; i < 30; i++) insert.run(i % 3 === 0 ? 'round' : i % 3 === 1 ? "it's square" : null, `colour ${i}`);
    db.close();
    const dataSource = await openSqliteDataSource(path);
    try {
      const model = modelFromSchema(await dataSource.introspect(), { tenancy: 'none' });
      const entity = model.entities.we_ird_table;
      const field = entity?.fields.sh_ape;
      if (entity === undefined || field === undefined) throw new Error('introspection lost the odd table');
      expect(distinctValuesSql(entity, field)).toBe('SELECT DISTINCT "sh""ape" AS "value" FROM "we""ird table" WHERE "sh""ape" IS NOT NULL');
      const values = await loadIndexedValues(model, dataSource, { maxPerField: 10 });
      expect(values.map((value) => value.value).sort()).toEqual(["it's square", 'round']);
      expect(values.every((value) => value.field === 'sh_ape')).toBe(true);
    } finally {
      await dataSource.close();
    }
  });
});
