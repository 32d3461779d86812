/**
 * One app store for several real app processes (replicas) in a test: a SQLite file in a temp dir, or a
 * fresh PostgreSQL database (ASKDATA_TEST_PG_URL, from the Jest global setup). Nothing is shared with
 * other test files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './postgres';

export interface ReplicaStore {
  url: string;
  drop(): Promise<void>;
}

export async function replicaStore(kind: 'sqlite' | 'postgres', label: string): Promise<ReplicaStore> {
  if (kind === 'postgres') {
    const database = await createTestDatabase(label);
    return { url: database.url, drop: () => database.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), `askdata-${label}-`));
  return { url: `file:${join(dir, 'app.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Sends `count` requests, `concurrency` at a time, spreading them over `bases` in turn; returns [base index, status] per request. */
export async function spread(bases: readonly string[], count: number, concurrency: number, send: (base: string) => Promise<Response>): Promise<Array<[number, number]>> {
  const results: Array<[number, number]> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next % bases.length;
        next += 1;
        const res = await send(bases[index] as string);
        await res.arrayBuffer();
        results.push([index, res.status]);
      }
    }),
  );
  return results;
}
