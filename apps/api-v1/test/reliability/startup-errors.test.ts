/**
 * A missing or corrupt SQLite data-source file stops the real process at start-up (exit 1) with a
 * message that names the file, instead of starting and failing every question later.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ENV_KEY } from '../support/test-app';
import { startServer } from '../../../../test-support/server-process';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-startup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const envFor = (dataFile: string): Record<string, string> => ({
  DATABASE_URL: `file:${join(dir, 'app.db')}`,
  DATA_SOURCE_URL: dataFile,
  SEMANTIC_MODEL: DEMO_MODEL_PATH,
  API_KEYS: ENV_KEY,
});

describe('start-up with a bad SQLite data source', () => {
  it.each([
    ['missing', (file: string) => file],
    ['corrupt', (file: string) => (writeFileSync(file, 'definitely not a database\n'.repeat(500)), file)],
    ['empty', (file: string) => (writeFileSync(file, ''), file)],
  ])('%s file: exits 1 naming the file', async (kind, prepare) => {
    const file = prepare(join(dir, `${kind}-warehouse.sqlite`));
    const server = startServer(envFor(file));
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('cannot start');
      expect(server.output()).toContain(file);
      expect(server.output()).not.toContain('"url":"http');
    } finally {
      server.kill();
    }
  }, 40_000);
});
