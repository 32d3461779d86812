/**
 * loadConfig: the legacy defaults, the token rules, and that every shared variable is parsed exactly as
 * the shared shape in @askdata/service parses it (api-v1's config test checks the same), so the two apps
 * cannot drift.
 */
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

describe('ask-legacy loadConfig', () => {
  it('defaults to port 3001, no token, and the shared demo defaults', () => {
    expect(loadConfig({}, ROOT).ASK_LEGACY_TOKEN).toBeUndefined();
    expect(loadConfig({}, ROOT)).toMatchObject({
      PORT: 3001,
      HOST: '0.0.0.0',
      ORG_RATE_LIMIT_PER_MINUTE: 600,
      TRUST_PROXY_HOPS: 0,
      DATABASE_URL: `file:${ROOT}/data/app.db`,
      DATA_SOURCE_URL: `${ROOT}/data/demo-warehouse.sqlite`,
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      DEMO_DATA: true,
      RATE_LIMIT_PER_MINUTE: 120,
      RESULT_CACHE_TTL_MS: 60_000,
      RESULT_CACHE_MAX_BYTES: 64 * 1024 * 1024,
      MODEL_FILE_MAX_BYTES: 4 * 1024 * 1024,
      BODY_LIMIT: 64 * 1024,
      MAX_QUESTION_LENGTH: 1000,
      TENANT_POOLS_MAX: 20,
      TENANT_POOL_IDLE_MS: 300_000,
      TENANT_POOL_CONNECTIONS: 2,
    });
  });

  it('parses every shared variable exactly as the shared shape does (and so as api-v1 does)', () => {
    const legacy: Record<string, unknown> = loadConfig(SHARED_ENV_SAMPLE, ROOT);
    expect(sharedEntries(legacy, ROOT)).toEqual(sharedEntries(parseSharedEnv(SHARED_ENV_SAMPLE, ROOT), ROOT));
  });

  it('accepts a strong token and rejects a short or malformed one without echoing it', () => {
    expect(loadConfig({ ASK_LEGACY_TOKEN: 'a-long-enough-token-1234' }, ROOT).ASK_LEGACY_TOKEN).toBe('a-long-enough-token-1234');
    const short = failure({ ASK_LEGACY_TOKEN: 'tiny-secret' });
    expect(short).toContain('ASK_LEGACY_TOKEN');
    expect(short).not.toContain('tiny-secret');
    expect(failure({ ASK_LEGACY_TOKEN: 'has spaces in the middle of it' })).toContain('ASK_LEGACY_TOKEN');
    expect(loadConfig({ ASK_LEGACY_TOKEN: '' }, ROOT).ASK_LEGACY_TOKEN).toBeUndefined();
  });

  it('names bad values of its own and of the shared variables', () => {
    const message = failure({ PORT: 'x', ORG_RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY_HOPS: '99', MAX_ROWS: 'lots' });
    for (const name of ['PORT', 'ORG_RATE_LIMIT_PER_MINUTE', 'TRUST_PROXY_HOPS', 'MAX_ROWS']) expect(message).toContain(name);
  });

  it('shares the second lock\'s settings: on only with a role and a PostgreSQL data source', () => {
    const on = { DATA_SOURCE_URL: 'postgres://askdata_reader@warehouse/shop', SEMANTIC_MODEL: DEMO_MODEL_PATH, TENANT_RLS: 'on', TENANT_RLS_ROLE: 'askdata_tenant' };
    expect(loadConfig(on, ROOT)).toMatchObject({ TENANT_RLS: true, TENANT_RLS_ROLE: 'askdata_tenant' });
    expect(loadConfig({}, ROOT)).toMatchObject({ TENANT_RLS: false });
    expect(failure({ ...on, TENANT_RLS_ROLE: ' ' })).toContain('TENANT_RLS_ROLE');
    expect(failure({ ...on, DATA_SOURCE_URL: 'file:/srv/shop.sqlite' })).toContain('TENANT_RLS: needs a PostgreSQL data source');
  });
});
