/**
 * Issue 25, items 10 and 11, on the legacy POST /ask: requestContext (as an object, or as a string holding
 * one) may not hold a "__proto__" key, and an orgId that is not exactly an organisation id is a 400
 * ("1.9999999999999999" and "2.00000000000000001" answered as organisation 2). Bodies go as raw JSON text.
 */
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../../test-support/problem-assertions';
import { ASK_PATH, createTestApp, type TestApp } from '../support/test-app';

describe('legacy requestContext keys and values (issue 25, items 10 and 11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (requestContextJson: string, conversationId = 'ctx-values') =>
    request(t.app).post(ASK_PATH).set('Content-Type', 'application/json').send(`{"question":"How many orders are there?","conversationId":"${conversationId}","requestContext":${requestContextJson}}`);

  it.each([
    ['an object', '{"userId":"u-1","orgId":1,"__proto__":{"orgId":2}}'],
    ['an object of only that key', '{"__proto__":{"orgId":1}}'],
    ['a string', JSON.stringify('{"userId":"u-1","orgId":1,"__proto__":{"orgId":2}}')],
  ])('refuses a "__proto__" key in requestContext as %s', async (_form, requestContext) => {
    const res = await ask(requestContext);
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.requestContext.__proto__']);
    expect((res.body.issues as Array<{ message: string }>)[0]!.message).toMatch(/is not a tenancy key/);
  });

  it('answers an exact orgId, as a number or as its digits, for that organisation', async () => {
    const one = await ask('{"userId":"u-1","orgId":1}', 'ctx-one');
    const two = await ask('{"userId":"u-1","orgId":2}', 'ctx-two');
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.message).not.toBe(two.body.message);
    expect((await ask('{"userId":"u-1","orgId":"2"}', 'ctx-two-text')).body.message).toBe(two.body.message);
  });

  it.each([
    ['in the body', '{"userId":"u-1","orgId":1.9999999999999999}', 'body'],
    ['in a requestContext string', JSON.stringify('{"userId":"u-1","orgId":2.00000000000000001}'), 'body.requestContext'],
  ])('refuses a JSON number that JSON.parse would round to 2, %s', async (_where, requestContext, path) => {
    const res = await ask(requestContext);
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual([path]);
    expect((res.body.issues as Array<{ message: string }>)[0]!.message).toMatch(/which JSON\.parse would read as 2/);
  });

  it.each(['"1.9999999999999999"', '"2.00000000000000001"', '"01"', '" 1"', '"1e0"', '"1.0"', '9007199254740993', '1.5'])('refuses orgId %s with a 400 naming context.orgId', async (orgId) => {
    const res = await ask(`{"userId":"u-1","orgId":${orgId}}`);
    expectProblem(res, 400, 'context-invalid');
    expect(issuePaths(res)).toEqual(['context.orgId']);
  });
});
