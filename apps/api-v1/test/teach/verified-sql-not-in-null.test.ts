/**
 * Issue 41 through the real v1 API: verified SQL with `k NOT IN (SELECT link ...)` is read as "no related
 * row", which is the SQL's meaning only while the subquery returns no NULL. Where the tenant's rows hold
 * one, saving and previewing are a 400 naming the NOT IN; where they hold none, the SQL is saved and
 * answers with its own rows.
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

describe('verified SQL with NOT IN over a link that may hold NULL (issue 41)', () => {
  let dir: string;
  let app: Express;
  let deps: BuiltAnswerDeps;
  let store: TestStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-not-in-'));
    const path = join(dir, 'clubs.sqlite');
    const db = new Database(path);
    db.exec(`
      CREATE TABLE club (id INTEGER PRIMARY KEY, club_name TEXT NOT NULL);
      CREATE TABLE membership (id INTEGER PRIMARY KEY, club_id INTEGER REFERENCES club (id), role TEXT NOT NULL);
      INSERT INTO club (id, club_name) VALUES (1, 'Chess'), (2, 'Rowing'), (3, 'Choir');
      INSERT INTO membership (club_id, role) VALUES (1, 'captain'), (2, 'member'), (NULL, 'member');
    `);
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
  ])('refuses %s of NOT IN over memberships, one of which has no club, with a 400 naming it', async (_what, path) => {
    const res = await post(path, { question: 'Which clubs have no members?', sql: 'SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership)' });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain('NOT IN with a subquery whose column holds NULL (membership.club_id)');
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });

  it('saves NOT IN whose subquery holds no NULL, and answers with the SQL\'s rows', async () => {
    const question = 'Which clubs have no captain?';
    const sql = "SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership WHERE role = 'captain')";
    const preview = await post(`${VERIFIED}/preview`, { question, sql });
    expect(preview.status).toBe(200);
    expect([...preview.body.answer.table.rows].sort()).toEqual([['Choir'], ['Rowing']]);
    expect((await post(VERIFIED, { question, sql })).status).toBe(201);
  });
});
