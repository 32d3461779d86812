/** Test helper: a fresh MariaDB/MySQL database (shared harness) holding a small generated demo warehouse. */
import type { TestDatabase } from './postgres';
import { copySqlite } from './copy-sqlite';
import { createSmallDemoWarehouse } from './demo-warehouse';
import { createTestMysqlDatabase } from './mysql';

export async function createDemoWarehouseOnMysql(prefix: string, scale?: number): Promise<TestDatabase> {
  const database = await createTestMysqlDatabase(prefix);
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqlite(warehouse.path, { engine: 'mysql', url: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    warehouse.cleanup();
  }
  return database;
}
