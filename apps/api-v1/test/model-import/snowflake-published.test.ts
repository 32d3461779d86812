/**
 * A Snowflake semantic view as teams publish it, imported with `--tenancy none`, answers plain questions on
 * its own data through the v1 API: a measure's total, the same in one year, a measure by a field of a
 * related table, and the ratio metric it defines. Expected figures come from SQL on the same warehouse.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLISHED_FIXTURES } from '@askdata/model-import/testing';
import request from 'supertest';
import { auth, ENV_KEY } from '../support/test-app';
import { buildCoffeeWarehouse, queryWarehouse } from './support/coffee-warehouse';
import { figuresOf, importedApp, type ImportedApp } from './support/imported-app';

const ANSWER_PATH = '/api/v1/conversations/answer';
let dir: string;
let warehouse: string;
let coffee: ImportedApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-coffee-'));
  warehouse = join(dir, 'coffee.sqlite');
  buildCoffeeWarehouse(warehouse);
  coffee = await importedApp(PUBLISHED_FIXTURES.coffeeSnowflake, { tenancy: 'none' }, warehouse);
}, 60_000);
afterAll(async () => {
  await coffee?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = async (question: string) => {
  const response = await request(coffee.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: {} });
  expect(response.status).toBe(200);
  return response.body as { type: string; message: string; chart?: { type: string; data: Array<{ label: string; value: number }> } };
};
const money = (value: unknown) => Math.round(Number(value) * 100) / 100;
const sql = (text: string) => queryWarehouse(warehouse, text);

describe('a Snowflake semantic view imported and asked through the v1 API', () => {
  it('gives a measure\'s total', async () => {
    const [expected] = sql('SELECT SUM(AMOUNT_USD) AS revenue FROM SHIPMENTS');
    const answer = await ask('What is the total revenue?');
    expect(answer.type).toBe('text');
    expect(figuresOf(answer)).toEqual({ type: 'text', numbers: [money(expected?.revenue)] });
  });

  it('gives the same measure in one year', async () => {
    const [expected] = sql("SELECT SUM(AMOUNT_USD) AS revenue FROM SHIPMENTS WHERE SHIPPED_ON >= '2025-01-01' AND SHIPPED_ON < '2026-01-01'");
    const answer = await ask('revenue in 2025');
    expect(figuresOf(answer)).toEqual({ type: 'text', numbers: [money(expected?.revenue), 2025] });
  });

  it('breaks the measure down by a field of a related table', async () => {
    const expected = sql('SELECT p.PLAN_NAME AS plan, SUM(s.AMOUNT_USD) AS revenue FROM SHIPMENTS s JOIN PLANS p ON p.PLAN_ID = s.PLAN_ID GROUP BY p.PLAN_NAME');
    const answer = await ask('revenue by plan name');
    expect(answer.chart?.type).toBe('bar');
    const points = new Map(answer.chart?.data.map((point) => [point.label, money(point.value)]));
    expect(points).toEqual(new Map(expected.map((row) => [row.plan, money(row.revenue)])));
  });

  it('computes the ratio metric the view defines (revenue over bags shipped)', async () => {
    const [expected] = sql('SELECT SUM(AMOUNT_USD) * 1.0 / SUM(BAGS) AS per_bag FROM SHIPMENTS');
    const answer = await ask('revenue per bag');
    expect(figuresOf(answer)).toEqual({ type: 'text', numbers: [money(expected?.per_bag)] });
  });

  it('filters on a field of a related table', async () => {
    const [expected] = sql("SELECT COUNT(*) AS n FROM SHIPMENTS s JOIN CUSTOMERS c ON c.CUSTOMER_ID = s.CUSTOMER_ID WHERE c.REGION = 'North'");
    const answer = await ask('how many shipments to customers in the North region');
    expect(figuresOf(answer)).toEqual({ type: 'text', numbers: [Number(expected?.n)] });
  });
});
