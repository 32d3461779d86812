/**
 * Issue 40 through the real v1 API: verified SQL whose text comparison the plan would widen (SQL's `=`
 * compares letter case, the plan's does not) is a 400 naming the comparison, on saving and on preview,
 * and the same comparison on a column with no other case of its value is saved and answers. The database
 * is a SQLite file shaped like spider's bike_1, whose weather.events holds both 'Fog' and 'fog'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { ADMIN_KEY, adminAppOver } from '../support/test-app';
import { TEST_NOW, type TestStore } from '../support/test-deps';

const VERIFIED = '/api/v1/admin/verified-questions';

describe('verified SQL compared by letter case (issue 40)', () => {
  let dir: string;
  let app: Express;
  let deps: BuiltAnswerDeps;
  let store: TestStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-letter-case-'));
    const path = join(dir, 'bike.sqlite');
    const db = new Database(path);
    db.exec('CREATE TABLE weather (id INTEGER PRIMARY KEY, date TEXT NOT NULL, events TEXT, city TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO weather (date, events, city) VALUES (?, ?, ?)');
    for (const row of [['2015-01-01', 'Fog', 'San Francisco'], ['2015-01-02', 'fog', 'Palo Alto'], ['2015-01-03', 'Rain', 'San Francisco'], ['2015-01-04', null, 'Palo Alto']]) insert.run(...row);
    db.close();
    deps = await createAnswerDeps({ dataSourceUrl: path, tenancy: 'none', timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
    ({ app, store } = await adminAppOver(deps));
  }, 120_000);
  afterAll(async () => {
    await deps?.close();
    await store?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: object) => request(app).post(path).set('Authorization', `Bearer ${ADMIN_KEY}`).send(body);

  it.each([
    ['saving', VERIFIED],
    ['a preview', `${VERIFIED}/preview`],
  ])('refuses %s of EVENTS != \'Fog\' with a 400 naming the comparison, as the column also holds \'fog\'', async (_what, path) => {
    const res = await post(path, { question: 'Which days had no fog?', sql: "SELECT date FROM weather WHERE EVENTS != 'Fog'" });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain("text compared by letter case (weather.events != 'Fog'): 'Fog' also matches 'fog' in weather.events");
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });

  it('saves a text equality on a column with no other case of its value, and answers with the SQL\'s rows', async () => {
    const question = 'Which days were recorded in Palo Alto?';
    const preview = await post(`${VERIFIED}/preview`, { question, sql: "SELECT date FROM weather WHERE city = 'Palo Alto'" });
    expect(preview.status).toBe(200);
    expect(preview.body.answer.table.rows).toEqual([['2 Jan 2015'], ['4 Jan 2015']]);
    expect((await post(VERIFIED, { question, sql: "SELECT date FROM weather WHERE city = 'Palo Alto'" })).status).toBe(201);
  });
});
