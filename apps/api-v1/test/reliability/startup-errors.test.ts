/**
 * A missing or corrupt SQLite data-source file stops the real process at start-up (exit 1) with a
 * message that names the file, instead of starting and failing every question later; so does a model
 * file that is too large or an alias bomb, with the report `askdata model import` prints.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
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

// Issue 35 (third hostile review), F6 and F7: SEMANTIC_MODEL is read within the same bounds as an import.
describe('start-up with a hostile model file', () => {
  const modelEnv = (model: string, extra: Record<string, string> = {}): Record<string, string> => ({ ...envFor(testWarehousePath()), SEMANTIC_MODEL: model, ...extra });

  it('refuses an alias bomb with the file, line, column, the offending line and the reason, and no stack trace', async () => {
    const bomb = join(dir, 'bomb.yaml');
    const levels = ['a0: &a0 [x]', ...Array.from({ length: 10 }, (_, index) => `a${index + 1}: &a${index + 1} [${Array(9).fill(`*a${index}`).join(', ')}]`)];
    writeFileSync(bomb, `tenancy: none\n${levels.join('\n')}\n`);
    const server = startServer(modelEnv(bomb));
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`api-v1: cannot start: Semantic model ${bomb} is invalid (1 problem):`);
      expect(server.output()).toMatch(/\(line \d+, column \d+\): not valid YAML: aliases stand for more than 10000 nodes[^\n]*\n +\d+ \| a\d+: &a\d+ \[\*a\d+/);
      expect(server.output()).not.toMatch(/ReferenceError|\n\s+at |"stack"/);
    } finally {
      server.kill();
    }
  }, 40_000);

  it('refuses a model file larger than MODEL_FILE_MAX_BYTES before reading it', async () => {
    const server = startServer(modelEnv(DEMO_MODEL_PATH, { MODEL_FILE_MAX_BYTES: '1kb' }));
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/\(file\): the file is \d+ bytes, larger than the 1024 bytes a model file may be \(MODEL_FILE_MAX_BYTES\); it was not read/);
    } finally {
      server.kill();
    }
  }, 40_000);
});
