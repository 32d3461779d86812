/**
 * Issue 25, items 3 and 4, through the real app: a word taught to mean "orders.constructor" (or
 * "__proto__", "valueOf", "hasOwnProperty", "toString") was a 201, and from then on every answer of every
 * tenant was a 500 while /readyz said 200; "__proto__.x" was a 500 on the POST itself; a verified plan with a
 * measure or dimension named "constructor" was a 201 and a 500 when asked. Now each is a 400 naming the
 * problem, an entry already in a store written before the check is skipped and logged while every tenant
 * keeps its answers, and a knowledge load that fails is reported by /readyz.
 */
import Database from 'better-sqlite3';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const ADMIN = '/api/v1/admin';
const actor = { apiKeyId: null, principal: 'env:admin-test' };

const BUILT_INS = ['constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'toString', 'isPrototypeOf', '__defineGetter__', 'prototype'];
const MEANINGS = [...BUILT_INS.flatMap((name) => [`orders.${name}`, name, `${name}.x`, `users.${name}`]), { field: 'products.constructor', value: 'Laptop' }, { field: '__proto__.title', value: 'Laptop' }];

describe('built-in names taught through the admin API (SQLite store)', () => {
  let t: TestApp;
  const ask = (question: string, orgId: number) => request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
  const admin = (path: string) => request(t.app).post(`${ADMIN}${path}`).set(...auth(ADMIN_KEY));
  /** Every tenant still gets its answer (a chart), not a 500. */
  const expectEveryTenantAnswers = async (): Promise<void> => {
    for (const orgId of [1, 2, 3]) {
      const res = await ask('revenue by category', orgId);
      expect(res.status).toBe(200);
      expect(res.body.type).toBe('chart');
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
  });
  afterAll(() => t.close());

  it('refuses every meaning that names a built-in with a 400, for every tenant and globally, and answers stay up', async () => {
    for (const means of MEANINGS) {
      for (const context of [undefined, { orgId: 2 }]) {
        const res = await admin('/vocabulary').send({ term: 'zzword', means, ...(context ? { context } : {}) });
        expectProblem(res, 400, 'validation');
        expect(res.body).toMatchObject({ issues: [{ path: 'means' }], detail: expect.stringMatching(/has no|is not an entity/) });
      }
    }
    expect((await request(t.app).get(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY))).body.items).toEqual([]);
    await expectEveryTenantAnswers();
  });

  it('refuses a verified plan whose measure, dimension or field names a built-in with a 400', async () => {
    for (const name of BUILT_INS) {
      const plans = [
        { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: name }] },
        { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'orders', field: name } }] },
        { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: name, measure: 'revenue' }] },
        { kind: 'list', entity: name, fields: [{ entity: 'orders', field: 'id' }] },
      ];
      for (const plan of plans) {
        const res = await admin('/verified-questions').send({ question: `zz ${name} question`, plan, context: { orgId: 1 } });
        expectProblem(res, 400, 'validation');
        expect(res.body.detail).toMatch(/^The plan does not fit the model: .*unknown (measure|field|entity)/);
      }
    }
    await expectEveryTenantAnswers();
  });

  it('skips and logs entries naming built-ins that a store written before the check already holds; /readyz stays ready', async () => {
    const { store } = t.testStore;
    const planWith = (measure: string) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure }], dimensions: [{ field: { entity: 'products', field: 'category' } }] });
    for (const [i, means] of ['orders.constructor', '__proto__', 'orders.valueOf', 'orders.hasOwnProperty', 'orders.toString', { field: 'products.__proto__', value: 'x' }].entries()) {
      await store.knowledge.addVocabulary({ term: `zzword${i}`, termKey: `zzword${i}`, means, tenantKey: '', context: null }, actor);
    }
    const verified = await store.knowledge.addVerified(
      { question: 'revenue by category', questionKey: 'revenue by category', plan: planWith('constructor'), periods: [], tenantKey: '', context: null, sourceAnswerId: null },
      actor,
    );
    await store.knowledge.addVerified(
      { question: 'dimension trap', questionKey: 'dimension trap', plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'orders', field: 'toString' } }] }, periods: [], tenantKey: '{"orgId":2}', context: { orgId: 2 }, sourceAnswerId: null },
      actor,
    );
    // A good entry next to them still applies.
    await store.knowledge.addVocabulary({ term: 'takings', termKey: 'takings', means: 'orders.revenue', tenantKey: '', context: null }, actor);

    await expectEveryTenantAnswers();
    expect((await ask('takings by category', 3)).body.type).toBe('chart');
    const trap = await ask('dimension trap', 2);
    expect(trap.status).toBe(200);
    expect((await store.answers.findById(trap.body.id as string))?.meta.verifiedQuestionId).toBeUndefined();
    const skipped = t.logLines.filter((line) => line.includes('taught entry skipped'));
    expect(skipped.join('\n')).toContain(verified.record.id);
    expect(skipped).toHaveLength(8);
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ store: 'ok', dataSource: 'ok', knowledge: 'ok' });
  });

  it('reports a knowledge load that fails on /readyz, and keeps answering with the entries last loaded', async () => {
    const db = new Database(t.testStore.url.replace(/^file:/, ''));
    try {
      // The store still answers its ping and the version, but the entries cannot be read.
      db.exec('ALTER TABLE "VerifiedQuestion" RENAME TO "VerifiedQuestionAway"; UPDATE "KnowledgeVersion" SET "version" = "version" + 1 WHERE "id" = 1;');
      const ready = await request(t.app).get('/readyz');
      expectProblem(ready, 503, 'not-ready');
      expect(ready.body.checks).toMatchObject({ store: 'ok', dataSource: 'ok', knowledge: 'unavailable' });
      await expectEveryTenantAnswers();
      expect((await ask('takings by category', 1)).body.type).toBe('chart');
      expect(t.logLines.some((line) => line.includes('taught entries could not be loaded'))).toBe(true);
    } finally {
      db.exec('ALTER TABLE "VerifiedQuestionAway" RENAME TO "VerifiedQuestion"');
      db.close();
    }
    expect((await request(t.app).get('/readyz')).status).toBe(200);
  });
});
