import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../../../test-support/postgres';

/** A fresh, empty database of either provider: a file in a temp dir, or a new PostgreSQL database. */
export interface FreshDatabase {
  url: string;
  dispose(): Promise<void>;
}

export type ProviderName = 'sqlite' | 'postgres';
export const providers: ProviderName[] = ['sqlite', 'postgres'];

export async function freshDatabase(provider: ProviderName, label: string): Promise<FreshDatabase> {
  if (provider === 'postgres') {
    const db = await createTestDatabase(`db_${label}`);
    return { url: db.url, dispose: () => db.drop() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `askdata-db-${label}-`));
  // A nested, not yet existing folder: openStore/migrate must create it.
  return { url: `file:${path.join(dir, 'nested', 'app.db')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
