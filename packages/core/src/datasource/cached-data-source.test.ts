import { resultCacheKey } from './cached-data-source';

const query = { sql: 'select count(*) as n from orders where organisation_id = ? and created_at >= ?', parameters: [1, '2026-02-01'] };

describe('resultCacheKey', () => {
  it('differs by tenant even for the same SQL and parameters (a database or schema per tenant)', () => {
    expect(resultCacheKey('SQLite demo', '{"orgId":1}', query, { maxRows: 1000 })).not.toBe(resultCacheKey('SQLite demo', '{"orgId":2}', query, { maxRows: 1000 }));
  });

  it('differs by every part that changes the rows: data source, SQL, parameters, row cap, per-query state', () => {
    const base = resultCacheKey('a', 't', query, { maxRows: 1000 });
    expect(resultCacheKey('b', 't', query, { maxRows: 1000 })).not.toBe(base);
    expect(resultCacheKey('a', 't', { ...query, sql: `${query.sql} ` }, { maxRows: 1000 })).not.toBe(base);
    expect(resultCacheKey('a', 't', { ...query, parameters: [2, '2026-02-01'] }, { maxRows: 1000 })).not.toBe(base);
    expect(resultCacheKey('a', 't', query, { maxRows: 10 })).not.toBe(base);
    expect(resultCacheKey('a', 't', { ...query, session: { searchPath: 'tenant_2' } } as typeof query, { maxRows: 1000 })).not.toBe(base);
    expect(resultCacheKey('a', 't', { ...query }, { maxRows: 1000 })).toBe(base);
  });

  it('tells values apart that JSON would write alike', () => {
    const at = new Date('2026-02-01T00:00:00.000Z');
    const keyOf = (value: unknown) => resultCacheKey('a', 't', { sql: 's', parameters: [value] }, { maxRows: 1 });
    expect(keyOf(at)).not.toBe(keyOf(at.toISOString()));
    expect(keyOf(10n)).not.toBe(keyOf('10'));
    expect(keyOf(new Uint8Array([1, 2]))).not.toBe(keyOf({ 0: 1, 1: 2 }));
  });
});
