/**
 * Issue 12, item 2: the legacy limits must not let one client deny service to others. orgId and userId come
 * from an unauthenticated body, so no limit is keyed on them alone: the per-organisation limit counts per
 * (client address, organisation). Addresses are simulated behind one trusted proxy (X-Forwarded-For).
 */
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { ASK_PATH, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const body = (orgId: number, conversationId: string) => ({ question: 'How many orders are there?', conversationId, requestContext: { userId: 'u-1', orgId } });

describe('ask-legacy limit model', () => {
  it('690 requests for org 1 from six addresses in a minute do not lock a seventh address out of org 1', async () => {
    const defaults = loadConfig({});
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: defaults.RATE_LIMIT_PER_MINUTE, ORG_RATE_LIMIT_PER_MINUTE: defaults.ORG_RATE_LIMIT_PER_MINUTE, TRUST_PROXY_HOPS: 1 } });
    expect(690).toBeGreaterThan(defaults.ORG_RATE_LIMIT_PER_MINUTE);
    const statuses: number[] = [];
    for (let batch = 0; batch < 23; batch += 1) {
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => request(app).post(ASK_PATH).set('X-Forwarded-For', `198.51.100.${(batch * 30 + i) % 6}`).send(body(1, `flood-${(batch * 30 + i) % 6}`))),
      );
      statuses.push(...responses.map((res) => res.status));
    }
    expect(statuses).toHaveLength(690);
    // 115 per address: under the per-address limit, so all of them are answered.
    expect(statuses.filter((s) => s === 200)).toHaveLength(690);
    const seventh = await request(app).post(ASK_PATH).set('X-Forwarded-For', '203.0.113.77').send(body(1, 'seventh'));
    expect(seventh.status).toBe(200);
    expect(seventh.body.type).toBe('text');
  }, 120_000);

  it('the per-organisation limit is a fairness limit per address: one address cannot spend all of its budget on one organisation', async () => {
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 1000, ORG_RATE_LIMIT_PER_MINUTE: 5, TRUST_PROXY_HOPS: 1 } });
    const from = (address: string, orgId: number) => request(app).post(ASK_PATH).set('X-Forwarded-For', address).send(body(orgId, `fair-${orgId}`));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await from('192.0.2.10', 1)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await from('192.0.2.10', 2)).status).toBe(200);
    expect((await from('192.0.2.11', 1)).status).toBe(200);
  });

  it('an address over its own limit is stopped whatever organisation it names', async () => {
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 3, ORG_RATE_LIMIT_PER_MINUTE: 600, TRUST_PROXY_HOPS: 1 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await request(app).post(ASK_PATH).set('X-Forwarded-For', '192.0.2.20').send(body((i % 3) + 1, `addr-${i}`))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await request(app).post(ASK_PATH).set('X-Forwarded-For', '192.0.2.21').send(body(1, 'other'))).status).toBe(200);
  });
});
