/** Test helper: a fresh MariaDB/MySQL database (shared harness) holding a small generated demo warehouse. */
import type { TestDatabase } from './postgres';
import { copySqliteToMysql } from './copy-sqlite-to-mysql';
import { createSmallDemoWarehouse } from './demo-warehouse';
import { createTestMysqlDatabase } from './mysql';

export async function createDemoWarehouseOnMysql(prefix: string, scale?: number): Promise<TestDatabase> {
  const database = await createTestMysqlDatabase(prefix);
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqliteToMysql(warehouse.path, database.url);
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    warehouse.cleanup();
  }
  return database;
}
