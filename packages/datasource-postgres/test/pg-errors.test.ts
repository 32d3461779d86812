/**
 * The error mapping's reading of postgres_fdw: the shard a coordinator could not reach is named in the
 * details (and only the database's name stands for the data source, never its host). The errors are
 * built as pg builds them from a server's ErrorResponse (code and message); the real ones are met in
 * apps/api-v1/test/reliability/pg-shard-down.postgres.test.ts with a shard server stopped.
 */
import { databaseName, toCoreError, unreachableShard } from '../src/pg-errors';

const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });
const source = { description: 'postgres://askdata@db.internal:5432/warehouse', dataSource: 'warehouse' };

describe('a shard that cannot be reached', () => {
  it('is the foreign server postgres_fdw names in 08001', () => {
    expect(unreachableShard(serverError('08001', 'could not connect to server "shard_1"'))).toBe('shard_1');
    expect(unreachableShard(serverError('08001', 'could not connect to server "eu ""west"""'))).toBe('eu "west"');
  });

  it('is not guessed from other errors', () => {
    expect(unreachableShard(serverError('08006', 'FATAL:  terminating connection due to administrator command\nserver closed the connection unexpectedly'))).toBeUndefined();
    expect(unreachableShard(serverError('42P01', 'could not connect to server "shard_1"'))).toBeUndefined();
    expect(unreachableShard(new Error('could not connect to server "shard_1"'))).toBeUndefined();
  });

  it('is named with the data source in DATASOURCE_UNAVAILABLE\'s details', () => {
    expect(toCoreError(serverError('08001', 'could not connect to server "shard_2"'), source, 1000)).toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', details: { dataSource: 'warehouse', shard: 'shard_2' } });
    expect(toCoreError(serverError('08006', 'server closed the connection unexpectedly'), source, 1000).details).toEqual({ dataSource: 'warehouse' });
    expect(toCoreError(serverError('3D000', 'database "warehouse" does not exist'), source, 1000).details).toEqual({ dataSource: 'warehouse', missing: 'database' });
  });
});

it('the data source is the database\'s name from the URL, without host, user or password', () => {
  expect(databaseName('postgres://askdata:secret@db.internal:5432/sales_eu')).toBe('sales_eu');
  // A name that does not look like an identifier is not repeated to callers (core's unavailable-names.ts).
  expect(databaseName('postgres://askdata:secret@db.internal:5432/sales%20eu')).toBe('postgres');
  expect(databaseName('postgres://askdata@db.internal')).toBe('postgres');
});
