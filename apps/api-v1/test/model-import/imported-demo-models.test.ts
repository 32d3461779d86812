/**
 * The demo warehouse described in each format (Ossie, dbt, Snowflake) and imported gives the same figures as
 * the native demo model, through the v1 API. A representative question of each class of the demo set runs
 * here; the whole set runs as `npm run eval -- --set demo-imported-<format>` (figures in docs/accuracy.md).
 */
import { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, type FixtureFormat } from '@askdata/model-import/testing';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { figuresOf, importedApp, sameFigures, type ImportedApp } from './support/imported-app';

const ANSWER_PATH = '/api/v1/conversations/answer';

/** One or two questions per class of eval/sets/demo.jsonl, each asked for the shops it makes sense for. */
const QUESTIONS: Array<[string, number[]]> = [
  ['How many orders do we have?', [1, 2]],
  ['total revenue', [1, 3]],
  ['revenue from laptops', [1]],
  ['how many orders over $500', [1, 2]],
  ['how many products have fewer than 20 units in stock', [2, 3]],
  ['orders not in the Laptop category', [1]],
  ['revenue last month', [1, 2]],
  ['revenue in 2025', [2, 3]],
  ['revenue by category', [1, 2]],
  ['orders by month this year', [3]],
  ['revenue by category and month this year', [1]],
  ['top 5 customers by spend', [1, 2]],
  ['the 3 most expensive products', [1, 3]],
  ['list products in the Laptop category with their prices', [1]],
  ['revenue by city', [2]],
  ['how many different customers placed orders last month', [1, 3]],
  ['what share of revenue comes from laptops', [1]],
  ['average order value', [2]],
  ['average rating by category', [3]],
  ['revenue this month vs last month', [1]],
  ['how many reviews have been written?', [2]],
];

let native: TestApp;
const imported = new Map<FixtureFormat, ImportedApp>();

beforeAll(async () => {
  native = await createTestApp();
  for (const format of ['ossie', 'dbt', 'snowflake'] as const) imported.set(format, await importedApp(DEMO_SHOP_FIXTURES[format], { tenancy: DEMO_SHOP_TENANCY }, testWarehousePath()));
}, 120_000);
afterAll(async () => {
  await native?.close();
  for (const app of imported.values()) await app.close();
});

const declined: string[] = [];

async function ask(app: TestApp['app'], question: string, orgId: number): Promise<unknown> {
  const response = await request(app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
  expect(response.status).toBe(200);
  const answer = response.body as Parameters<typeof figuresOf>[0];
  // A decline is a text answer too; every question here has figures, so a decline must not pass as "the same".
  if (/I will not guess|could not|cannot answer/i.test(answer.message)) declined.push(`${question} (orgId ${orgId}): ${answer.message.slice(0, 120)}`);
  return figuresOf(answer);
}

describe.each(['ossie', 'dbt', 'snowflake'] as const)('the demo model imported from %s', (format) => {
  it('answers the demo questions with the native model\'s figures, for each tenant', async () => {
    const app = imported.get(format)?.app;
    if (app === undefined) throw new Error(`no app for ${format}`);
    const differences: string[] = [];
    for (const [question, orgIds] of QUESTIONS) {
      for (const orgId of orgIds) {
        const expected = await ask(native.app, question, orgId);
        const actual = await ask(app, question, orgId);
        if (!sameFigures(expected, actual)) differences.push(`orgId ${orgId} "${question}": native ${JSON.stringify(expected).slice(0, 200)} imported ${JSON.stringify(actual).slice(0, 200)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(declined).toEqual([]);
  }, 60_000);

  it('answers only from the caller\'s tenant: no orgId is a 400, never an unscoped query', async () => {
    const app = imported.get(format)?.app;
    if (app === undefined) throw new Error(`no app for ${format}`);
    const response = await request(app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question: 'total revenue', context: {} });
    expect(response.status).toBe(400);
    expect(response.type).toBe('application/problem+json');
  });
});
