/**
 * Issue 35 (third hostile review), F9: a problem+json body quotes at most a short prefix of any input. A field
 * name, a query parameter or a value of 3,000 characters comes back cut to its first characters, marked with
 * an ellipsis; the problem still says where and why.
 * Before: the whole input was echoed in `issues` (a 3,000-character cursor, an unknown field's name).
 */
import request from 'supertest';
import { MAX_QUOTED_CHARS } from '@askdata/http-kit';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const LONG = 'A'.repeat(3_000);
/** The longest run of the long input that a body quotes. */
const longestQuote = (body: unknown): number => Math.max(0, ...(JSON.stringify(body).match(/A{20,}/g) ?? []).map((run) => run.length));

describe('problem bodies quote a short prefix of the input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a 3,000-character cursor', `/api/v1/conversations?context.orgId=1&cursor=${LONG}`],
    ['a 3,000-character cursor on a conversation', `/api/v1/conversations/conv_x?context.orgId=1&cursor=${LONG}`],
    ['a 3,000-character unknown query parameter', `/api/v1/conversations?context.orgId=1&${LONG}=1`],
    ['a 3,000-character context value', `/api/v1/conversations?context.orgId=${LONG}`],
  ])('%s', async (_name, url) => {
    const res = await request(t.app).get(url).set(...auth(ENV_KEY));
    expectProblem(res, 400, 'validation-failed');
    expect(res.body.issues.length).toBeGreaterThan(0);
    expect(longestQuote(res.body)).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
    expect(JSON.stringify(res.body).length).toBeLessThan(2_000);
  });

  it('a 3,000-character unknown field in a body: cut, marked, still at its path', async () => {
    const res = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders?', context: { orgId: 1 }, [LONG]: 1 });
    expectProblem(res, 400, 'validation-failed');
    expect(res.body.issues).toEqual([{ path: expect.stringMatching(/^body\.A+…$/), message: 'is not a known field' }]);
    expect(longestQuote(res.body)).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
  });
});
