/** Test helper: a fresh PostgreSQL database (shared harness) holding a small generated demo warehouse. */
import { createTestDatabase, type TestDatabase } from './postgres';
import { copySqlite } from './copy-sqlite';
import { createSmallDemoWarehouse } from './demo-warehouse';

export async function createDemoWarehouseOnPostgres(prefix: string, scale?: number): Promise<TestDatabase> {
  const database = await createTestDatabase(prefix);
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqlite(warehouse.path, { engine: 'postgres', url: database.url });
  } finally {
    warehouse.cleanup();
  }
  return database;
}
