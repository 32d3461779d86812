/**
 * The compiler option that leaves tenant predicates out (unsafeSkipTenantPredicateForTests) exists only so
 * the row-level-security proof can stand in for a compiler bug. It must be reachable only by a test that
 * hands such deps to createApp: no file outside core's compiler and pipeline names it, and no environment
 * variable, however spelled, reaches the deps the app builds from its configuration.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import { runtimeOptionsFrom } from '@askdata/service';
import request from 'supertest';
import { createApp } from '../../src/app';
import { buildDeps } from '../../src/build-deps';
import { loadConfig } from '../../src/config';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

const OPTION = 'unsafeSkipTenantPredicateForTests';
const REPO = join(__dirname, '..', '..', '..', '..');

/** Every TypeScript source file that ships (not tests, not test support) in packages/* and apps/*. */
function shippedSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const group of ['packages', 'apps']) {
    for (const workspace of readdirSync(join(REPO, group), { withFileTypes: true })) {
      if (workspace.isDirectory()) walk(join(REPO, group, workspace.name, 'src'));
    }
  }
  return files;
}

/** Spellings an operator (or an attacker with access to the environment) might try. */
const HOSTILE_ENV: Record<string, string> = {
  UNSAFE_SKIP_TENANT_PREDICATE_FOR_TESTS: 'true',
  unsafeSkipTenantPredicateForTests: 'true',
  ASKDATA_UNSAFE_SKIP_TENANT_PREDICATE_FOR_TESTS: '1',
  SKIP_TENANT_PREDICATE: 'true',
  TENANT_PREDICATE: 'off',
  NODE_ENV: 'test',
};

describe('unsafeSkipTenantPredicateForTests is reachable only from tests', () => {
  it('is named by no shipped file outside core\'s compiler and pipeline', () => {
    const naming = shippedSources().filter((file) => readFileSync(file, 'utf8').includes(OPTION)).map((file) => relative(REPO, file)).sort();
    expect(naming).toEqual([
      'packages/core/src/answer-question.ts',
      'packages/core/src/load-tenant-values.ts',
      'packages/core/src/pipeline-types.ts',
      'packages/core/src/sql/compile-query.ts',
    ]);
  });

  it('no environment variable reaches the config, the runtime options or the deps the app is built from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-hostile-env-'));
    const saved = { ...process.env };
    Object.assign(process.env, HOSTILE_ENV);
    try {
      const config = loadConfig({ ...HOSTILE_ENV, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, DATABASE_URL: `file:${join(dir, 'app.db')}`, API_KEYS: ENV_KEY });
      expect(JSON.stringify(config)).not.toMatch(/unsafe|skip/i);
      expect(JSON.stringify(runtimeOptionsFrom(config))).not.toMatch(/unsafe|skip/i);
      const deps = await buildDeps(config);
      try {
        expect(deps.answerDeps).not.toHaveProperty(OPTION);
        const logger = createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
        const app = createApp({ config, store: deps.store, answerDeps: deps.answerDeps, logger });
        const answer = await request(app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } }).expect(200);
        const explained = await request(app).get(`/api/v1/conversations/answer/${answer.body.id}/explain`).set(...auth(ENV_KEY)).expect(200);
        expect(explained.body.sql).toContain('"organisation_id" = ?');
      } finally {
        await deps.close();
      }
    } finally {
      for (const key of Object.keys(HOSTILE_ENV)) delete process.env[key];
      Object.assign(process.env, saved);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
