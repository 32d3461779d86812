/** Test helper: a .duckdb file in a temp dir holding a small generated demo warehouse (same rows as SQLite's). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySqlite } from './copy-sqlite';
import { createSmallDemoWarehouse } from './demo-warehouse';

export interface DuckdbWarehouse {
  path: string;
  cleanup(): void;
}

export async function createDemoWarehouseOnDuckdb(scale?: number): Promise<DuckdbWarehouse> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-duckdb-'));
  const path = join(dir, 'demo.duckdb');
  const warehouse = createSmallDemoWarehouse(scale);
  try {
    await copySqlite(warehouse.path, { engine: 'duckdb', path });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    warehouse.cleanup();
  }
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
