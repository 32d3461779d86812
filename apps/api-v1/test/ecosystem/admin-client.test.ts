/**
 * The typed admin client (@askdata/client's createAskdataAdminClient) against the real app on a free
 * port: the review queue, teaching a word with its replay, listing and deleting, verifying an answer and
 * exporting the verified questions, the audit trail, invalidating the result cache; and a typed 403 for an
 * answer key.
 */
import { AskdataProblemError, createAskdataAdminClient, createAskdataClient } from '@askdata/client';
import { createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { listen, type Listening } from './support/listen';

const ADMIN_KEY = 'admin-key-0123456789abcdef';

describe('the admin client against the running api-v1', () => {
  let t: TestApp;
  let server: Listening;
  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('reviews, teaches, verifies, exports and audits', async () => {
    const asker = createAskdataClient({ baseUrl: server.baseUrl, apiKey: ENV_KEY });
    const admin = createAskdataAdminClient({ baseUrl: server.baseUrl, apiKey: ADMIN_KEY });
    const declined = await asker.answer({ question: 'takings by category', context: { orgId: 3 } });

    const queue = await admin.review({ reasons: ['declined'], context: { orgId: 3 }, limit: 5 });
    expect(queue.items.map((i) => i.answerId)).toContain(declined.id);
    expect(queue.terms.map((term) => term.term)).toContain('takings');

    const taught = await admin.teach({ term: 'takings', means: 'orders.revenue', context: { orgId: 3 } });
    expect(taught.replay).toMatchObject({ nowAnswered: 1, more: 0 });
    expect((await admin.listVocabulary()).items.map((e) => e.id)).toContain(taught.id);

    const answered = await asker.answer({ question: 'takings by category', context: { orgId: 3 } });
    expect(answered.type).toBe('chart');
    const verified = await admin.verify({ fromAnswerId: answered.id });
    expect(verified).toMatchObject({ question: 'takings by category', global: false, context: { orgId: 3 } });
    expect(await admin.exportVerified()).toContain('"class":"verified"');
    await admin.deleteVerified(verified.id);
    await admin.deleteVocabulary(taught.id);
    expect((await admin.listVocabulary()).items).toEqual([]);
    const audit = await admin.audit({ limit: 4 });
    expect(audit.items.map((e) => e.action)).toEqual(['vocabulary.delete', 'verified-question.delete', 'verified-question.create', 'vocabulary.create']);
  });

  it('tries a {question, sql} and saves it (issue 28)', async () => {
    const admin = createAskdataAdminClient({ baseUrl: server.baseUrl, apiKey: ADMIN_KEY });
    const input = { question: 'What did the Cycling shelf bring?', sql: "SELECT count(*) FROM orders o JOIN products p ON o.product_id = p.id WHERE p.category = 'Cycling'", context: { orgId: 3 } };
    const preview = await admin.previewVerified(input);
    expect(preview).toMatchObject({ plan: { kind: 'aggregate', entity: 'orders' }, answer: { id: 'preview', conversationId: 'preview', type: 'text' } });
    const saved = await admin.verify(input);
    expect(saved).toMatchObject({ question: input.question, global: false, context: { orgId: 3 }, plan: preview.plan });
    await admin.deleteVerified(saved.id);
    await expect(admin.previewVerified({ ...input, sql: 'SELECT * FROM secrets' })).rejects.toMatchObject({ status: 400 });
  });

  it('invalidates the result cache, with or without a reason', async () => {
    const admin = createAskdataAdminClient({ baseUrl: server.baseUrl, apiKey: ADMIN_KEY });
    const first = await admin.invalidateCache({ reason: 'nightly load finished' });
    const second = await admin.invalidateCache();
    expect(second.dataVersion).toBe(first.dataVersion + 1);
    expect(Number.isNaN(Date.parse(second.invalidatedAt))).toBe(false);
    const audit = await admin.audit({ limit: 2 });
    expect(audit.items.map((e) => [e.action, e.after])).toEqual([
      ['cache.invalidate', { dataVersion: second.dataVersion }],
      ['cache.invalidate', { dataVersion: first.dataVersion, reason: 'nightly load finished' }],
    ]);
  });

  it('gives an answer key a typed 403', async () => {
    const wrong = createAskdataAdminClient({ baseUrl: server.baseUrl, apiKey: ENV_KEY });
    const error = await wrong.review().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AskdataProblemError);
    expect((error as AskdataProblemError).status).toBe(403);
  });
});
