/** loadConfig: defaults, the demo defaults, and start-up failures that name the bad variable. */
import { ConfigError } from '@askdata/env';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { parseSharedEnv, sharedEntries, SHARED_ENV_SAMPLE } from '../../../test-support/shared-env';
import { loadConfig } from '../src/config';

const ROOT = '/srv/askdata';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env, ROOT);
  } catch (error) {
    expect(error instanceof ConfigError && error.code === 'CONFIG_INVALID').toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('fills every default, with the demo data and model when DATA_SOURCE_URL is unset', () => {
    expect(loadConfig({}, ROOT)).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_URL: `file:${ROOT}/data/app.db`,
      DATA_SOURCE_URL: `${ROOT}/data/demo-warehouse.sqlite`,
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      DEMO_DATA: true,
      API_KEYS: [],
      ADMIN_API_KEYS: [],
      DEV_API_KEY_FILE: `${ROOT}/data/dev-api-key`,
      EXPLAIN_ENABLED: true,
      LOG_LEVEL: 'info',
      TIMEZONE: 'UTC',
      MAX_ROWS: 1000,
      QUERY_TIMEOUT_MS: 10_000,
      BODY_LIMIT: 64 * 1024,
      MAX_QUESTION_LENGTH: 1000,
      RATE_LIMIT_PER_MINUTE: 120,
      TRUST_PROXY_HOPS: 0,
      AUTH_FAILURES_PER_MINUTE: 30,
      RESULT_CACHE_TTL_MS: 60_000,
      RESULT_CACHE_MAX_BYTES: 64 * 1024 * 1024,
      MODEL_FILE_MAX_BYTES: 4 * 1024 * 1024,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      NL_ENGINE: 'rules',
      LLM_TIMEOUT_MS: 20_000,
      LLM_MAX_RETRIES: 2,
      LLM_MAX_REPLY_BYTES: 1024 * 1024,
      LLM_STRUCTURED_METHOD: 'functionCalling',
      LLM_INCLUDE_VALUES: false,
      TENANT_POOLS_MAX: 20,
      TENANT_POOL_IDLE_MS: 300_000,
      TENANT_POOL_CONNECTIONS: 2,
      TENANT_RLS: false,
      TENANT_TOKEN_SECRETS: [],
      TENANT_TOKEN_AUDIENCE: 'askdata',
      TENANT_TOKEN_MAX_TTL: 3600,
      TENANT_TOKEN_CONTEXT_CLAIM: { kind: 'object', claim: 'context' },
      OAUTH_CONTEXT_CLAIM: { kind: 'object', claim: 'context' },
      OAUTH_MAX_TTL: 3600,
      CORS_ORIGINS: [],
      SSE_HEARTBEAT_MS: 15_000,
    });
  });

  it('reads the embedding variables: signing secrets by kid, lifetimes, claim mappings and CORS origins', () => {
    const secret = 's'.repeat(32);
    const config = loadConfig(
      {
        TENANT_TOKEN_SECRETS: `old:${secret}, new:${secret}x`,
        TENANT_TOKEN_MAX_TTL: '15m',
        TENANT_TOKEN_CONTEXT_CLAIM: 'orgId=org_id, region=tenant_region',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
        OAUTH_ISSUER: 'https://auth.example.com/realms/shop',
        OAUTH_RESOURCE: 'https://askdata.example.com/mcp',
        OAUTH_MAX_TTL: '2h',
      },
      ROOT,
    );
    expect(config).toMatchObject({
      TENANT_TOKEN_SECRETS: [{ kid: 'old', secret }, { kid: 'new', secret: `${secret}x` }],
      TENANT_TOKEN_MAX_TTL: 900,
      TENANT_TOKEN_CONTEXT_CLAIM: { kind: 'mapping', keys: [{ contextKey: 'orgId', claim: 'org_id' }, { contextKey: 'region', claim: 'tenant_region' }] },
      CORS_ORIGINS: ['https://app.example.com', 'http://localhost:5173'],
      OAUTH_ISSUER: 'https://auth.example.com/realms/shop',
      OAUTH_RESOURCE: 'https://askdata.example.com/mcp',
      OAUTH_MAX_TTL: 7200,
    });
  });

  // Issue 35 F1: the resource URL and audience are never taken from a request, so with an issuer one must be configured.
  it('refuses OAUTH_ISSUER without OAUTH_RESOURCE or OAUTH_AUDIENCE, naming both; either one (the audience as a URL) is enough', () => {
    const issuer = { OAUTH_ISSUER: 'https://auth.example.com/realms/shop' };
    expect(() => loadConfig(issuer, ROOT)).toThrow(/OAUTH_RESOURCE: .*OAUTH_AUDIENCE/);
    expect(() => loadConfig({ ...issuer, OAUTH_AUDIENCE: 'askdata-mcp' }, ROOT)).toThrow(/OAUTH_RESOURCE/);
    expect(loadConfig({ ...issuer, OAUTH_RESOURCE: 'https://askdata.example.com/mcp' }, ROOT)).toMatchObject({ OAUTH_RESOURCE: 'https://askdata.example.com/mcp', OAUTH_MAX_TTL: 3600 });
    expect(loadConfig({ ...issuer, OAUTH_AUDIENCE: 'https://askdata.example.com/mcp' }, ROOT)).toMatchObject({ OAUTH_AUDIENCE: 'https://askdata.example.com/mcp' });
    // Without an issuer neither is needed.
    expect(loadConfig({}, ROOT).OAUTH_RESOURCE).toBeUndefined();
    expect(() => loadConfig({ ...issuer, OAUTH_RESOURCE: 'https://askdata.example.com/mcp', OAUTH_MAX_TTL: '30d' }, ROOT)).toThrow(/OAUTH_MAX_TTL/);
  });

  it('refuses a short or duplicated secret, a bad lifetime and an origin with a path, never echoing a secret', () => {
    const tooShort = 'short-secret-value';
    expect(() => loadConfig({ TENANT_TOKEN_SECRETS: `k1:${tooShort}` }, ROOT)).toThrow(/TENANT_TOKEN_SECRETS: the secret of kid "k1" must be at least 32 characters/);
    expect(() => loadConfig({ TENANT_TOKEN_SECRETS: `k1:${tooShort}` }, ROOT)).not.toThrow(new RegExp(tooShort));
    expect(() => loadConfig({ TENANT_TOKEN_SECRETS: `k1:${'a'.repeat(32)},k1:${'b'.repeat(32)}` }, ROOT)).toThrow(/listed twice/);
    expect(() => loadConfig({ TENANT_TOKEN_SECRETS: 'no-colon-here' }, ROOT)).toThrow(/must be kid:secret/);
    expect(() => loadConfig({ TENANT_TOKEN_MAX_TTL: '30d' }, ROOT)).toThrow(/TENANT_TOKEN_MAX_TTL/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' }, ROOT)).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' }, ROOT)).toThrow(/CORS_ORIGINS/);
  });

  it('parses every shared variable exactly as the shared shape does (and so as ask-legacy does)', () => {
    const v1: Record<string, unknown> = loadConfig(SHARED_ENV_SAMPLE, ROOT);
    expect(sharedEntries(v1, ROOT)).toEqual(sharedEntries(parseSharedEnv(SHARED_ENV_SAMPLE, ROOT), ROOT));
  });

  it('uses no default model for another data source, or with TENANCY=none', () => {
    expect(loadConfig({ DATA_SOURCE_URL: 'postgres://localhost/shop' }, ROOT)).toMatchObject({ SEMANTIC_MODEL: undefined, DEMO_DATA: false });
    expect(loadConfig({ TENANCY: 'none' }, ROOT)).toMatchObject({ SEMANTIC_MODEL: undefined, TENANCY: 'none' });
  });

  it('parses lists, sizes and zones, treating blank values as unset', () => {
    const config = loadConfig({ API_KEYS: ' key-aaaaaaaaaaaa , key-bbbbbbbbbbbb,', BODY_LIMIT: '1mb', TIMEZONE: 'Europe/Berlin', PORT: '' }, ROOT);
    expect(config).toMatchObject({ API_KEYS: ['key-aaaaaaaaaaaa', 'key-bbbbbbbbbbbb'], BODY_LIMIT: 1024 * 1024, TIMEZONE: 'Europe/Berlin', PORT: 3000 });
  });

  it('names every bad variable, without echoing values', () => {
    const message = failure({ PORT: 'eighty', TIMEZONE: 'Mars/Olympus', API_KEYS: 'short', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://user:pw-secret@db/x', BODY_LIMIT: '5gb' });
    for (const name of ['PORT', 'TIMEZONE', 'API_KEYS', 'LOG_LEVEL', 'DATABASE_URL', 'BODY_LIMIT']) expect(message).toContain(`${name}`);
    expect(message).not.toContain('pw-secret');
    expect(message).not.toContain('short');
  });

  it('rejects a SEMANTIC_MODEL that does not exist and out-of-range numbers', () => {
    expect(failure({ SEMANTIC_MODEL: '/nope/model.yaml' })).toContain('SEMANTIC_MODEL');
    expect(failure({ RATE_LIMIT_PER_MINUTE: '0' })).toContain('RATE_LIMIT_PER_MINUTE');
    expect(failure({ MAX_QUESTION_LENGTH: '-5' })).toContain('MAX_QUESTION_LENGTH');
  });

  it('turns the second lock on only with a role, a PostgreSQL data source and a model, naming what is missing', () => {
    const on = { DATA_SOURCE_URL: 'postgres://askdata_reader@warehouse/shop', SEMANTIC_MODEL: DEMO_MODEL_PATH, TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' };
    expect(loadConfig(on, ROOT)).toMatchObject({ TENANT_RLS: true, TENANT_RLS_ROLE: 'askdata_tenant' });
    expect(failure({ ...on, TENANT_RLS_ROLE: '' })).toContain('TENANT_RLS_ROLE: is required when TENANT_RLS=on');
    expect(failure({ ...on, DATA_SOURCE_URL: '' })).toContain('TENANT_RLS: needs a PostgreSQL data source');
    expect(failure({ ...on, TENANT_RLS_ROLE: 'postgres; reset role' })).toContain('TENANT_RLS_ROLE');
  });
});
