/** Test helper: a fresh PostgreSQL database (shared harness) holding a small generated demo warehouse. */
import { createTestDatabase, type TestDatabase } from './postgres';
import { copySqlite } from './copy-sqlite';
import { createSmallDemoWarehouse } from './demo-warehouse';

/** `adminUrl`: another server than ASKDATA_TEST_PG_URL's (the coordinator a shard-down test starts). */
export async function createDemoWarehouseOnPostgres(prefix: string, scale?: number, adminUrl?: string): Promise<TestDatabase> {
  const database = await createTestDatabase(prefix, adminUrl);
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqlite(warehouse.path, { engine: 'postgres', url: database.url });
  } finally {
    warehouse.cleanup();
  }
  return database;
}
