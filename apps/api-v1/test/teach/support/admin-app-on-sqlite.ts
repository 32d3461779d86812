/**
 * The admin API over a small SQLite database made from DDL, for the teach tests whose verified SQL is read
 * against the data it runs on: made before the enclosing describe's tests, removed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import request from 'supertest';
import { ADMIN_KEY, adminAppOver } from '../../support/test-app';
import { TEST_NOW, type TestStore } from '../../support/test-deps';

export interface AdminAppOnSqlite {
  /** POSTs `body` to `path` with the admin key. */
  post(path: string, body: object): request.Test;
}

export function onAdminAppOverSqlite(name: string, ddl: string): AdminAppOnSqlite {
  let dir: string | undefined;
  let app: Express | undefined;
  let deps: BuiltAnswerDeps | undefined;
  let store: TestStore | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `askdata-${name}-`));
    const path = join(dir, `${name}.sqlite`);
    const db = new Database(path);
    db.exec(ddl);
    db.close();
    deps = await createAnswerDeps({ dataSourceUrl: path, tenancy: 'none', timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
    ({ app, store } = await adminAppOver(deps));
  }, 120_000);
  afterAll(async () => {
    await deps?.close();
    await store?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    post(path, body) {
      if (!app) throw new Error('the admin app is used before its beforeAll ran');
      return request(app).post(path).set('Authorization', `Bearer ${ADMIN_KEY}`).send(body);
    },
  };
}
