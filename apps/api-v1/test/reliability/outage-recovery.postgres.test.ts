/**
 * Faults, for real: a private PostgreSQL serving as BOTH the data source and the app store is stopped
 * with `pg_ctl stop` mid-run and started again. While it is down every request that needs it gets a 503
 * problem+json (never a 500 or a hang), /healthz stays 200 (the process is alive) and /readyz answers 503
 * naming both checks; once it is back the same app answers again without a restart.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, ENV_KEY } from '../support/test-app';
import { recordFigure } from '../../../../test-support/figures';
import { startPostgresRuntime, type PostgresRuntime } from './support/postgres-runtime';

const QUESTION = { question: 'How many orders are there?', context: { orgId: 1 } };
const ask = (env: PostgresRuntime) =>
  request(env.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).timeout(15_000).send(QUESTION);

let env: PostgresRuntime;
beforeAll(async () => {
  env = await startPostgresRuntime();
}, 120_000);
afterAll(async () => {
  await env?.close();
});

describe('postgres outage (data source and store on one private server)', () => {
  it('answers 503 while PostgreSQL is stopped, stays alive, reports readiness, and recovers by itself', async () => {
    const before = await ask(env);
    expect(before.status).toBe(200);
    const answerId = (before.body as { id: string }).id;

    const stoppedAt = Date.now();
    env.pg.stop();

    const during = await ask(env);
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBeDefined();
    expect(['store-unavailable', 'datasource-unavailable']).toContain(String((during.body as { type: string }).type).split(':').pop());
    expect(JSON.stringify(during.body)).not.toMatch(/127\.0\.0\.1|stack|at \w+ \(/);

    // Feedback needs only the store: the same outage, the store's own problem.
    const feedback = await request(env.app).post(`/api/v1/conversations/answer/${answerId}/feedback`).set(...auth(ENV_KEY)).timeout(15_000).send({ rating: 'positive' });
    expectProblem(feedback, 503, 'store-unavailable');

    const health = await request(env.app).get('/healthz').timeout(10_000);
    expect(health.status).toBe(200);
    const ready = await request(env.app).get('/readyz').timeout(10_000);
    expectProblem(ready, 503, 'not-ready');
    expect((ready.body as { checks: unknown }).checks).toEqual({ store: 'unavailable', dataSource: 'unavailable', knowledge: 'unavailable' });
    const errors = env.logLines.filter((line) => line.includes('"level":"error"') && line.includes('request failed'));
    expect(errors.map((line) => line.slice(0, 600))).toEqual([]);

    env.pg.start();
    const backAt = Date.now();
    let recovered: request.Response | undefined;
    while (Date.now() - backAt < 30_000) {
      const attempt = await ask(env);
      if (attempt.status === 200) {
        recovered = attempt;
        break;
      }
      expect(attempt.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveryMs = Date.now() - backAt;
    expect(recovered?.status).toBe(200);
    expect((recovered?.body as { content?: unknown }).content ?? recovered?.body).toBeDefined();
    expect((await request(env.app).get('/readyz')).status).toBe(200);
    const later = await request(env.app).post(`/api/v1/conversations/answer/${answerId}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'negative' });
    expect(later.status).toBe(201);
    recordFigure('postgres-outage', { downMs: backAt - stoppedAt, recoveryAfterStartMs: recoveryMs });
  }, 90_000);
});
