import { databaseNameOfUrl, unavailableNames } from './unavailable-names';

describe('names a 503 may repeat', () => {
  it('takes the database from a server URL, never the host, user or password', () => {
    expect(databaseNameOfUrl('postgres://askdata:s3cret@db.internal:5432/warehouse')).toBe('warehouse');
    expect(databaseNameOfUrl('mysql://root@127.0.0.1:3306/shop_eu?ssl=true')).toBe('shop_eu');
    expect(databaseNameOfUrl('postgres://db.internal:5432/sales%20eu')).toBe('sales eu');
    expect(databaseNameOfUrl('postgres://db.internal:5432/')).toBeUndefined();
    expect(databaseNameOfUrl('not a url')).toBeUndefined();
  });

  it('keeps only identifier-like dataSource and shard details', () => {
    expect(unavailableNames({ dataSource: 'warehouse', shard: 'shard_2', host: 'db.internal', missing: 'database' })).toEqual({ dataSource: 'warehouse', shard: 'shard_2' });
    expect(unavailableNames({ dataSource: 'sales eu', shard: 'shard 2' })).toEqual({ dataSource: 'sales eu', shard: 'shard 2' });
    expect(unavailableNames({ dataSource: 'a"b', shard: 'x'.repeat(200) })).toEqual({});
    expect(unavailableNames({ dataSource: ' padded', shard: 'line\nbreak' })).toEqual({});
    expect(unavailableNames({ dataSource: 42 })).toEqual({});
  });
});
