/** The store's decisions on business readings (issue 38), on both providers: kept per data source, replaced by a later decision, audited. */
import { openStore } from '../src/prisma-store';
import type { NewReadingDecision, Store } from '../src/store';
import { freshDatabase, providers, type FreshDatabase } from './support/test-databases';

const actor = { apiKeyId: null, principal: 'env:admin' };
const reading = (dataSource: string, decision: 'accepted' | 'rejected'): NewReadingDecision => ({
  dataSource,
  readingId: 'names.pay-by:customers.payment_method_code',
  decision,
  rule: 'names.pay-by',
  entity: 'customers',
  field: 'payment_method_code',
  words: ['pay by', 'paid with'],
  evidence: 'its name says how a payment is made',
  confidence: 0.85,
});

describe.each(providers)('reading decisions on %s', (provider) => {
  let database: FreshDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await freshDatabase(provider, 'readings');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });

  it('keeps one decision per reading and data source, the latest, with its words; each audited', async () => {
    await store.readingDecisions.decide(reading('sqlite:/data/a.sqlite', 'accepted'), actor);
    const rejected = await store.readingDecisions.decide(reading('sqlite:/data/a.sqlite', 'rejected'), actor);
    expect(rejected).toMatchObject({ decision: 'rejected', words: ['pay by', 'paid with'], confidence: 0.85, decidedAt: expect.any(Date) });
    await store.readingDecisions.decide(reading('sqlite:/data/b.sqlite', 'accepted'), actor);

    expect((await store.readingDecisions.list('sqlite:/data/a.sqlite')).map((d) => d.decision)).toEqual(['rejected']);
    expect((await store.readingDecisions.list('sqlite:/data/b.sqlite')).map((d) => d.decision)).toEqual(['accepted']);
    expect(await store.readingDecisions.list('sqlite:/data/none.sqlite')).toEqual([]);
    const audit = await store.audit.list({ limit: 10 });
    expect(audit.map((entry) => entry.action)).toEqual(['reading.accept', 'reading.reject', 'reading.accept']);
    expect(audit[1]).toMatchObject({ before: expect.objectContaining({ decision: 'accepted' }), after: expect.objectContaining({ decision: 'rejected' }) });
  });
});
