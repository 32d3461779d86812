/**
 * A pooled connection the server drops (KILL CONNECTION, as a restart or an idle timeout would) costs at
 * most one question, answered as DATASOURCE_UNAVAILABLE (a 503 to callers), never as a bug; the pool
 * then opens a fresh, read-only session by itself.
 */
import type { DataSource } from '@askdata/core';
import { createTestMysqlDatabase, withMysqlAdmin } from '../../../test-support/mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { openMysqlDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
const opts = { timeoutMs: 5000, maxRows: 10 };
const sessionId = async (): Promise<number> => Number((await ds.execute({ sql: 'select connection_id() as id', parameters: [] }, opts)).rows[0]?.id);

beforeAll(async () => {
  database = await createTestMysqlDatabase('recovery');
  ds = await openMysqlDataSource(database.url, { maxConnections: 1 });
});
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('MariaDB data source after the server drops its connection', () => {
  it('fails at most one query as DATASOURCE_UNAVAILABLE, then serves on a new read-only session', async () => {
    const before = await sessionId();
    await withMysqlAdmin((admin) => admin.query(`KILL CONNECTION ${before}`));
    const first = await ds.execute({ sql: 'select 1 as one', parameters: [] }, opts).then(
      (result) => result.rows,
      (error: unknown) => error,
    );
    if (!Array.isArray(first)) expect(first).toMatchObject({ code: 'DATASOURCE_UNAVAILABLE' });
    const after = await sessionId();
    expect(after).not.toBe(before);
    await expect(ds.execute({ sql: 'select @@session.tx_read_only as ro', parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ ro: 1 }] });
  });
});
