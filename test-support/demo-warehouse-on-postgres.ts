/** Test helper: a fresh PostgreSQL database (shared harness) holding a small generated demo warehouse. */
import { createTestDatabase, type TestDatabase } from './postgres';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres';
import { createSmallDemoWarehouse } from './demo-warehouse';

export async function createDemoWarehouseOnPostgres(prefix: string, scale?: number): Promise<TestDatabase> {
  const database = await createTestDatabase(prefix);
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqliteToPostgres(warehouse.path, database.url);
  } finally {
    warehouse.cleanup();
  }
  return database;
}
