/** The shared runtime config: demo defaults, blank-means-unset, and the mapping onto openRuntime's options. */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ConfigError, parseEnv } from '@askdata/env';
import { z } from 'zod';
import { runtimeEnvShape, runtimeOptionsFrom, withDemoDefaults } from './runtime-config';

const ROOT = '/srv/askdata';
const schema = z.object(runtimeEnvShape(ROOT)).transform(withDemoDefaults(ROOT));
const parse = (env: Readonly<Record<string, string | undefined>>) => parseEnv(schema, env);

describe('runtime config', () => {
  it('serves the demo warehouse with the demo model when DATA_SOURCE_URL is unset or blank', () => {
    for (const env of [{}, { DATA_SOURCE_URL: '', SEMANTIC_MODEL: ' ' }]) {
      const config = parse(env);
      expect(config).toMatchObject({ DEMO_DATA: true, DATA_SOURCE_URL: `${ROOT}/data/demo-warehouse.sqlite`, SEMANTIC_MODEL: DEMO_MODEL_PATH });
      expect(runtimeOptionsFrom(config)).toEqual({ databaseUrl: `file:${ROOT}/data/app.db`, semanticModelPath: DEMO_MODEL_PATH, modelFileMaxBytes: 4 * 1024 * 1024, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, engine: { kind: 'rules' }, tenantPools: { max: 20, idleMs: 300_000, connections: 2 }, resultCache: { ttlMs: 60_000, maxBytes: 64 * 1024 * 1024 } });
    }
  });

  it('passes another data source through, with no default model, and TENANCY=none', () => {
    const config = parse({ DATA_SOURCE_URL: 'postgres://reader@warehouse/shop', TENANCY: 'none', MAX_ROWS: '10', QUERY_TIMEOUT_MS: '500', TIMEZONE: 'Europe/Berlin' });
    expect(config).toMatchObject({ DEMO_DATA: false, SEMANTIC_MODEL: undefined });
    expect(runtimeOptionsFrom(config)).toEqual({
      databaseUrl: `file:${ROOT}/data/app.db`,
      dataSourceUrl: 'postgres://reader@warehouse/shop',
      modelFileMaxBytes: 4 * 1024 * 1024,
      tenancy: 'none',
      timezone: 'Europe/Berlin',
      maxRows: 10,
      timeoutMs: 500,
      engine: { kind: 'rules' },
      tenantPools: { max: 20, idleMs: 300_000, connections: 2 },
      resultCache: { ttlMs: 60_000, maxBytes: 64 * 1024 * 1024 },
    });
  });

  it('reads the database strategy\'s pool limits, and refuses ones that cannot work', () => {
    const config = parse({ TENANT_POOLS_MAX: '3', TENANT_POOL_IDLE_MS: '60000', TENANT_POOL_CONNECTIONS: '1' });
    expect(runtimeOptionsFrom(config).tenantPools).toEqual({ max: 3, idleMs: 60_000, connections: 1 });
    for (const [name, value] of [['TENANT_POOLS_MAX', '0'], ['TENANT_POOL_IDLE_MS', '10'], ['TENANT_POOL_CONNECTIONS', 'many']] as const) {
      expect(() => parse({ [name]: value })).toThrow(name);
    }
  });

  it('reads the result cache settings: RESULT_CACHE_TTL_MS=0 turns it off, sizes take units', () => {
    expect(runtimeOptionsFrom(parse({ RESULT_CACHE_TTL_MS: '0', RESULT_CACHE_MAX_BYTES: '512kb' })).resultCache).toEqual({ ttlMs: 0, maxBytes: 512 * 1024 });
    expect(() => parse({ RESULT_CACHE_TTL_MS: '-1' })).toThrow(/RESULT_CACHE_TTL_MS/);
    expect(() => parse({ RESULT_CACHE_MAX_BYTES: '1kb' })).toThrow(/RESULT_CACHE_MAX_BYTES/);
    expect(runtimeOptionsFrom(parse({ MODEL_FILE_MAX_BYTES: '512kb' })).modelFileMaxBytes).toBe(512 * 1024);
    expect(() => parse({ MODEL_FILE_MAX_BYTES: 'huge' })).toThrow(/MODEL_FILE_MAX_BYTES/);
  });

  it('uses no demo model with TENANCY=none on the demo data', () => {
    expect(parse({ TENANCY: 'none' })).toMatchObject({ DEMO_DATA: true, SEMANTIC_MODEL: undefined });
  });

  describe('NL_ENGINE and the LLM settings', () => {
    const SECRET = 'sk-live-0123456789secret';
    const llmEnv = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b', LLM_API_KEY: SECRET };

    function configError(env: Record<string, string>): { message: string; paths: string[] } {
      try {
        parse(env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return { message: error.message, paths: error.issues.map((issue) => issue.path) };
      }
      throw new Error('expected a configuration error');
    }

    it('defaults to the offline rules engine and ignores LLM_* then', () => {
      expect(runtimeOptionsFrom(parse({})).engine).toEqual({ kind: 'rules' });
      expect(runtimeOptionsFrom(parse({ ...llmEnv, NL_ENGINE: 'rules' })).engine).toEqual({ kind: 'rules' });
    });

    it('maps llm and hybrid with every setting and its defaults', () => {
      expect(runtimeOptionsFrom(parse({ ...llmEnv, NL_ENGINE: 'hybrid' })).engine).toEqual({
        kind: 'hybrid',
        llm: { baseUrl: llmEnv.LLM_BASE_URL, model: 'qwen2.5:7b', apiKey: SECRET, timeoutMs: 20_000, maxRetries: 2, maxReplyBytes: 1024 * 1024, structuredMethod: 'functionCalling', includeValues: false },
      });
      const custom = parse({ NL_ENGINE: 'llm', LLM_BASE_URL: 'https://api.openai.com/v1', LLM_MODEL: 'gpt-4o-mini', LLM_TIMEOUT_MS: '5000', LLM_MAX_RETRIES: '0', LLM_STRUCTURED_METHOD: 'jsonSchema', LLM_INCLUDE_VALUES: 'true', LLM_MAX_REPLY_BYTES: '256kb' });
      expect(runtimeOptionsFrom(custom).engine).toEqual({
        kind: 'llm',
        llm: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', timeoutMs: 5000, maxRetries: 0, maxReplyBytes: 256 * 1024, structuredMethod: 'jsonSchema', includeValues: true },
      });
    });

    it('stops start-up naming each missing variable when llm or hybrid has no provider', () => {
      const hybrid = configError({ NL_ENGINE: 'hybrid', LLM_API_KEY: SECRET });
      expect(hybrid.paths.sort()).toEqual(['LLM_BASE_URL', 'LLM_MODEL']);
      expect(hybrid.message).toContain('LLM_MODEL: is required when NL_ENGINE=hybrid');
      expect(configError({ NL_ENGINE: 'llm', LLM_BASE_URL: 'http://127.0.0.1:8000/v1' }).paths).toEqual(['LLM_MODEL']);
      expect(configError({ NL_ENGINE: 'llm', LLM_MODEL: 'm', LLM_BASE_URL: ' ' }).paths).toEqual(['LLM_BASE_URL']);
    });

    it('rejects bad values by name and never repeats the API key', () => {
      const bad = configError({ ...llmEnv, NL_ENGINE: 'gpt', LLM_BASE_URL: `ftp://${SECRET}@host`, LLM_MAX_RETRIES: '50', LLM_STRUCTURED_METHOD: 'jsonMode', LLM_INCLUDE_VALUES: 'yes' });
      expect(bad.paths.sort()).toEqual(['LLM_BASE_URL', 'LLM_INCLUDE_VALUES', 'LLM_MAX_RETRIES', 'LLM_STRUCTURED_METHOD', 'NL_ENGINE']);
      expect(bad.message).not.toContain(SECRET);
      expect(configError({ NL_ENGINE: 'hybrid', LLM_API_KEY: SECRET }).message).not.toContain(SECRET);
    });
  });

  describe('TENANT_RLS and TENANT_RLS_ROLE', () => {
    const pg = { DATA_SOURCE_URL: 'postgres://askdata_reader@warehouse/shop', SEMANTIC_MODEL: DEMO_MODEL_PATH };

    function issues(env: Record<string, string>): string[] {
      try {
        parse(env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
      throw new Error('expected a configuration error');
    }

    it('is off by default, and maps on with its role onto the runtime options', () => {
      expect(parse(pg).TENANT_RLS).toBe(false);
      expect(parse(pg).TENANT_RLS_ROLE).toBeUndefined();
      expect(runtimeOptionsFrom(parse(pg)).tenantRls).toBeUndefined();
      // A role named while the lock is off is checked but not used.
      expect(runtimeOptionsFrom(parse({ ...pg, TENANT_RLS: 'off', TENANT_RLS_ROLE: 'askdata_tenant' })).tenantRls).toBeUndefined();
      for (const on of ['on', 'ON', ' On ']) {
        expect(runtimeOptionsFrom(parse({ ...pg, TENANT_RLS: on, TENANT_RLS_ROLE: 'askdata_tenant' })).tenantRls).toEqual({ role: 'askdata_tenant' });
      }
    });

    it('stops start-up, naming the variable, where the lock cannot hold', () => {
      expect(issues({ ...pg, TENANT_RLS: 'on' })).toEqual(['TENANT_RLS_ROLE: is required when TENANT_RLS=on']);
      expect(issues({ TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' })).toEqual([expect.stringMatching(/^TENANT_RLS: needs a PostgreSQL data source/)]);
      expect(issues({ ...pg, DATA_SOURCE_URL: '/data/shop.sqlite', TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' })).toEqual([expect.stringMatching(/^TENANT_RLS: needs a PostgreSQL data source/)]);
      expect(issues({ DATA_SOURCE_URL: pg.DATA_SOURCE_URL, TENANCY: 'none', TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' })).toEqual(['TENANT_RLS: cannot be on with TENANCY=none: there is no tenant to lock to']);
      expect(issues({ DATA_SOURCE_URL: pg.DATA_SOURCE_URL, TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' })).toEqual([expect.stringMatching(/^TENANT_RLS: needs SEMANTIC_MODEL/)]);
    });

    it('refuses values that are not on/off or a plain role name', () => {
      expect(issues({ ...pg, TENANT_RLS: 'yes' })).toEqual(['TENANT_RLS: must be on or off']);
      for (const role of ['Askdata', 'none', 'pg_read_all_data', 'x; drop table orders', 'public']) {
        expect(issues({ ...pg, TENANT_RLS: 'on', TENANT_RLS_ROLE: role })).toEqual([expect.stringMatching(/^TENANT_RLS_ROLE: /)]);
      }
    });
  });
});
