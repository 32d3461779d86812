/**
 * DATA_SOURCE_URL picks the adapter by its scheme: mysql:// and mariadb:// open the MySQL adapter on a
 * real MariaDB (the test harness's server), and neither is taken for a SQLite path or the demo warehouse.
 */
import { createTestMysqlDatabase } from '../../../test-support/mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { openDataSource } from './open-data-source';
import { isDemoSource } from './runtime';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestMysqlDatabase('open_data_source');
});
afterAll(async () => {
  await database?.drop();
});

describe('openDataSource', () => {
  it.each(['mysql', 'mariadb', 'MariaDB'])('opens %s:// URLs with the MySQL adapter', async (scheme) => {
    const url = database.url.replace(/^mysql:/, `${scheme}:`);
    const dataSource = await openDataSource(`  ${url} `);
    try {
      expect(dataSource.dialect.name).toBe('mysql');
      await expect(dataSource.ping()).resolves.toBeUndefined();
      expect(isDemoSource(url)).toBe(false);
    } finally {
      await dataSource.close();
    }
  });
});
