/**
 * api-v1 over a warehouse whose answers are large: one table of 1,200 notes of 800 characters each, read
 * by introspection (TENANCY none), with a row cap of 5,000, so "show all notes" is a 1,200-row table of
 * about 1 MB as the caller sees it and 2 MB as core shapes it. The store is a real SQLite or PostgreSQL
 * store; nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryTransport } from '@askdata/http-kit';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import Database from 'better-sqlite3';
import type { Express } from 'express';
import { withFreshRateLimits } from '../../../../../test-support/fresh-rate-limits';
import { createApp } from '../../../src/app';
import { createApiLogger } from '../../../src/logger';
import { testConfig } from '../../support/test-app';
import { openTestStore, TEST_NOW, type StoreKind, type TestStore } from '../../support/test-deps';

export const NOTE_COUNT = 1200;
const NOTE_LENGTH = 800;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

function writeNotesWarehouse(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO notes (id, title, body) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (let id = 1; id <= NOTE_COUNT; id += 1) {
      const words = Array.from({ length: 160 }, (_, i) => WORDS[(id * 7 + i * 3) % WORDS.length]).join(' ');
      insert.run(id, `Note ${id}`, words.slice(0, NOTE_LENGTH));
    }
  })();
  db.close();
}

export interface NotesApp {
  app: Express;
  testStore: TestStore;
  close(): Promise<void>;
}

export async function notesApp(storeKind: StoreKind): Promise<NotesApp> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-notes-'));
  const warehouse = join(dir, 'notes.sqlite');
  writeNotesWarehouse(warehouse);
  const answerDeps: BuiltAnswerDeps = await createAnswerDeps({ dataSourceUrl: warehouse, tenancy: 'none', timezone: 'UTC', maxRows: 5000, timeoutMs: 10_000, clock: () => TEST_NOW });
  const testStore = await openTestStore(storeKind);
  const config = testConfig({ DATABASE_URL: testStore.url, RATE_LIMIT_PER_MINUTE: 100_000, LOG_LEVEL: 'warn' });
  const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
  return {
    app: createApp({ config, store: withFreshRateLimits(testStore.store), answerDeps, logger }),
    testStore,
    async close() {
      await answerDeps.close();
      await testStore.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
