/**
 * Core's modelFromSchema on what this adapter introspects from a real generated demo warehouse: foreign
 * keys become relations, names become labels (the fixture-table cases are core's own tests).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelFromSchema, type TableInfo } from '@askdata/core';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { openSqliteDataSource } from '../src/index';

describe('modelFromSchema on a generated demo warehouse', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'askdata-introspect-')), 'demo.sqlite');
  let tables: TableInfo[] = [];

  beforeAll(async () => {
    generateDemoWarehouse({ path, scale: 0.02, now: new Date('2026-03-10T12:00:00Z') });
    const dataSource = await openSqliteDataSource(path);
    try {
      tables = await dataSource.introspect();
    } finally {
      await dataSource.close();
    }
  });

  it('finds relations from foreign keys and humanised labels', () => {
    const model = modelFromSchema(tables, { tenancy: { contextKey: 'orgId', column: 'organisation_id' }, source: 'demo' });
    expect(Object.keys(model.entities).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
    const links = model.relations.map((relation) => `${relation.fromEntity}.${relation.fromField} -> ${relation.toEntity}.${relation.toField} (${relation.name})`);
    expect(links).toEqual(
      expect.arrayContaining([
        'orders.product_id -> products.id (product)',
        'orders.user_id -> users.id (user)',
        'reviews.product_id -> products.id (product)',
        'reviews.user_id -> users.id (user)',
        'users.organisation_id -> organisations.id (organisation)',
      ]),
    );
    expect(model.relations).toHaveLength(8);
    expect(model.entities.organisations?.tenancy).toEqual({ kind: 'scoped', columns: { orgId: 'id' } });
    expect(model.entities.orders?.tenancy).toEqual({ kind: 'scoped', columns: { orgId: 'organisation_id' } });
    expect(model.entities.orders?.fields.created_at).toMatchObject({ label: 'created at', type: 'datetime', role: 'time' });
    expect(model.entities.products?.fields.stock_level).toMatchObject({ label: 'stock level', role: 'measure', format: 'integer' });
    expect(model.entities.products?.fields.price?.format).toBe('currency');
    expect(model.entities.products?.fields.ean?.role).toBe('identifier');
    expect(model.entities.products?.displayField).toBe('title');
    expect(model.entities.users?.fields.email?.hidden).toBe(true);
    expect(model.entities.users?.fields.birth_date?.hidden).toBe(true);
    expect(model.entities.users?.defaultDate).toBe('created_at');
    expect(model.excludedTables).toBeUndefined();
  });
});
