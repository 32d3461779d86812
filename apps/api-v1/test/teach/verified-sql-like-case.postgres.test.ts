/**
 * Issue 40, LIKE on PostgreSQL, through the real v1 API: SQL's LIKE compares letter case there, a plan's
 * contains does not (ILIKE), so verified SQL whose LIKE the plan would widen ('%fog%' over 'Fog' and 'fog')
 * is a 400 naming the LIKE, on saving and on preview; a LIKE whose column holds no other case of what it
 * matches is saved and answers with the rows PostgreSQL gives the SQL itself. (On SQLite, whose LIKE ignores
 * case as the plan does, the same LIKE is accepted: packages/sql-import/test/text-case.test.ts.)
 */
import { Client } from 'pg';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { ADMIN_KEY, adminAppOver } from '../support/test-app';
import { TEST_NOW, type TestStore } from '../support/test-deps';

const VERIFIED = '/api/v1/admin/verified-questions';

describe('verified SQL with LIKE on PostgreSQL, which compares letter case (issue 40)', () => {
  let database: TestDatabase;
  let app: Express;
  let deps: BuiltAnswerDeps;
  let store: TestStore;

  beforeAll(async () => {
    database = await createTestDatabase('like_case');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(`
      create table weather (id integer primary key, date date not null, events text, city text not null);
      insert into weather values
        (1, '2015-01-01', 'Fog', 'San Francisco'), (2, '2015-01-02', 'fog', 'Palo Alto'), (3, '2015-01-03', 'Rain', 'San Francisco'),
        (4, '2015-01-04', 'Fog-Rain', 'Mountain View'), (5, '2015-01-05', null, 'Palo Alto');
    `);
    await client.end();
    deps = await createAnswerDeps({ dataSourceUrl: database.url, tenancy: 'none', timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
    ({ app, store } = await adminAppOver(deps));
  }, 120_000);
  afterAll(async () => {
    await deps?.close();
    await store?.cleanup();
    await database?.drop();
  });

  const post = (path: string, body: object) => request(app).post(path).set('Authorization', `Bearer ${ADMIN_KEY}`).send(body);

  /** PostgreSQL's own rows for `sql`, each as its values joined, sorted. */
  async function sqlRows(sql: string): Promise<string[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(sql)).rows.map((row) => Object.values(row).join('|')).sort();
    } finally {
      await client.end();
    }
  }

  it('uses a dialect whose LIKE matches case, and whose LIKE really does', async () => {
    expect(deps.dataSource.dialect.likeMatchesCase).toBe(true);
    expect(await sqlRows("SELECT city FROM weather WHERE events LIKE '%fog%'")).toEqual(['Palo Alto']);
  });

  it.each([
    ['saving', VERIFIED],
    ['a preview', `${VERIFIED}/preview`],
  ])('refuses %s of events LIKE \'%%fog%%\' with a 400 naming the LIKE, as the column also holds \'Fog\'', async (_what, path) => {
    const res = await post(path, { question: 'Which cities had fog?', sql: "SELECT city FROM weather WHERE events LIKE '%fog%'" });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain("text compared by letter case (weather.events LIKE '%fog%'): '%fog%' also matches 'Fog' in weather.events");
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });

  it('refuses NOT LIKE the same way: the plan would drop the rows holding another case of the value', async () => {
    const res = await post(`${VERIFIED}/preview`, { question: 'Which cities had no fog?', sql: "SELECT city FROM weather WHERE events NOT LIKE '%Fog%'" });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain("(weather.events NOT LIKE '%Fog%'): '%Fog%' also matches 'fog' in weather.events");
  });

  it('saves a LIKE whose matches all hold its value in its case, and answers with PostgreSQL\'s rows for the SQL', async () => {
    const sql = "SELECT city FROM weather WHERE events LIKE '%Rain%'";
    const question = 'Which cities had rain?';
    const preview = await post(`${VERIFIED}/preview`, { question, sql });
    expect(preview.status).toBe(200);
    const planRows = (preview.body.answer.table.rows as string[][]).map((row) => row.join('|')).sort();
    expect(planRows).toEqual(await sqlRows(sql));
    expect(planRows).toEqual(['Mountain View', 'San Francisco']);
    expect((await post(VERIFIED, { question, sql })).status).toBe(201);
  });
});
