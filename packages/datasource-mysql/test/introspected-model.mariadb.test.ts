/**
 * Core's introspected model on what this adapter reads from a real MariaDB holding the demo warehouse,
 * with no model file: foreign keys become relations, column and table comments become descriptions,
 * the profiling queries run on MySQL's SQL, and a plain question is answered from it with the figure
 * hand-written SQL gives.
 */
import { createConnection } from 'mysql2/promise';
import { answerQuestion, createRulesPlanner, introspectModel, resolveTenantScope, type DataSource, type SemanticModel } from '@askdata/core';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import { DEMO_NOW } from '../../../test-support/demo-warehouse';
import type { TestDatabase } from '../../../test-support/postgres';
import { openMysqlDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
let model: SemanticModel;

beforeAll(async () => {
  database = await createDemoWarehouseOnMysql('introspected', 0.02);
  const admin = await createConnection({ uri: database.url });
  await admin.query("alter table products modify ean text null comment 'European article number, printed under the barcode.'");
  await admin.query("alter table reviews comment 'What customers wrote about products they bought.'");
  await admin.end();
  ds = await openMysqlDataSource(database.url);
  model = await introspectModel(ds, { tenancy: 'none', source: `introspection of ${ds.description}` });
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('the introspected model on MariaDB', () => {
  it('has the relations the foreign keys declare and the comments as descriptions', () => {
    expect(Object.keys(model.entities).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
    const links = model.relations.map((relation) => `${relation.fromEntity}.${relation.fromField} -> ${relation.toEntity}.${relation.toField}`);
    expect(links).toEqual(expect.arrayContaining(['orders.product_id -> products.id', 'orders.user_id -> users.id', 'reviews.product_id -> products.id']));
    expect(model.entities.products?.fields.ean?.description).toBe('European article number, printed under the barcode.');
    expect(model.entities.reviews?.description).toBe('What customers wrote about products they bought.');
    expect(model.entities.orders?.fields.created_at).toMatchObject({ type: 'datetime', role: 'time' });
    expect(model.entities.products?.fields.price?.format).toBe('currency');
  });

  it('answers a plain question with the figure hand-written SQL gives', async () => {
    const deps = { model, dataSource: ds, planner: createRulesPlanner({ model }), clock: () => DEMO_NOW, timezone: 'UTC', limits: { maxRows: 100, timeoutMs: 5000 } };
    const result = await answerQuestion(deps, { question: 'How many orders are there?', scope: resolveTenantScope(model, {}), history: [] });
    const [row] = (await ds.execute({ sql: 'select count(*) as n from orders', parameters: [] }, { timeoutMs: 5000, maxRows: 1 })).rows;
    expect(Number(row?.n)).toBeGreaterThan(0);
    expect(result.answer.message.replace(/,/g, '')).toContain(String(row?.n));
  });
});
