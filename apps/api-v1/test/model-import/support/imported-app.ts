/**
 * createApp over a model imported from another format, as `askdata model import` writes it: the imported
 * model file in a temp dir, the runtime's answer deps on a real SQLite warehouse, a real store.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryTransport } from '@askdata/http-kit';
import { importModel, type ImportOptions, type ImportResult } from '@askdata/model-import';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import { createApp } from '../../../src/app';
import { createApiLogger } from '../../../src/logger';
import { testConfig } from '../../support/test-app';
import { openTestStore, TEST_NOW, type TestStore } from '../../support/test-deps';

export interface ImportedApp {
  app: Express;
  imported: ImportResult;
  close(): Promise<void>;
}

export async function importedApp(source: string, options: ImportOptions, warehouse: string): Promise<ImportedApp> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-imported-model-'));
  const imported = importModel(source, options);
  const semanticModelPath = join(dir, 'model.yaml');
  writeFileSync(semanticModelPath, imported.text);
  const answerDeps: BuiltAnswerDeps = await createAnswerDeps({ dataSourceUrl: warehouse, semanticModelPath, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
  const store: TestStore = await openTestStore('sqlite');
  const config = testConfig({ DATABASE_URL: store.url });
  const { transport } = createMemoryTransport();
  const logger = createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [transport] });
  return {
    app: createApp({ config, logger, store: store.store, answerDeps }),
    imported,
    async close() {
      await answerDeps.close();
      await store.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface V1Answer {
  type: string;
  message: string;
  chart?: { data: Array<{ label: string; value: number }> };
  table?: { headers: string[]; rows: unknown[][] };
}

/** A displayed cell as a value: "$1,234.50" and "1,234.5" are both 1234.5; names stay names. */
function cell(value: unknown): string | number {
  if (typeof value === 'number') return Math.round(value * 100) / 100;
  const text = String(value);
  const number = text.replace(/[$,]/g, '');
  return /^-?\d+(\.\d+)?$/.test(number) ? Math.round(Number(number) * 100) / 100 : text;
}

/** What an answer says in figures: its points, its rows, or the numbers its sentence states. */
export function figuresOf(answer: V1Answer): unknown {
  if (answer.chart) return { type: answer.type, points: answer.chart.data.map((point) => [point.label, cell(point.value)]) };
  if (answer.table) return { type: answer.type, rows: answer.table.rows.map((row) => row.map(cell)) };
  return { type: answer.type, numbers: (answer.message.match(/-?\d[\d,]*(\.\d+)?/g) ?? []).map(cell) };
}

/**
 * The same figures, judged as docs/accuracy.md judges answers: the same type, chart points and stated numbers;
 * a table with the same rows in the same order, each holding the expected cells in any column order (an
 * answer may show an extra column: a model that calls the EAN a dimension lists it too).
 */
export function sameFigures(expected: unknown, actual: unknown): boolean {
  const e = expected as { type: string; rows?: unknown[][] };
  const a = actual as { type: string; rows?: unknown[][] };
  if (e.rows === undefined || a.rows === undefined) return JSON.stringify(expected) === JSON.stringify(actual);
  if (e.type !== a.type || e.rows.length !== a.rows.length) return false;
  return e.rows.every((row, i) => {
    const pool = (a.rows?.[i] ?? []).map((value) => JSON.stringify(value));
    return row.every((value) => {
      const at = pool.indexOf(JSON.stringify(value));
      if (at < 0) return false;
      pool.splice(at, 1);
      return true;
    });
  });
}
