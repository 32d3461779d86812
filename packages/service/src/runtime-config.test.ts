/** The shared runtime config: demo defaults, blank-means-unset, and the mapping onto openRuntime's options. */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { parseEnv } from '@askdata/http-kit';
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
      expect(runtimeOptionsFrom(config)).toEqual({ databaseUrl: `file:${ROOT}/data/app.db`, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000 });
    }
  });

  it('passes another data source through, with no default model, and TENANCY=none', () => {
    const config = parse({ DATA_SOURCE_URL: 'postgres://reader@warehouse/shop', TENANCY: 'none', MAX_ROWS: '10', QUERY_TIMEOUT_MS: '500', TIMEZONE: 'Europe/Berlin' });
    expect(config).toMatchObject({ DEMO_DATA: false, SEMANTIC_MODEL: undefined });
    expect(runtimeOptionsFrom(config)).toEqual({
      databaseUrl: `file:${ROOT}/data/app.db`,
      dataSourceUrl: 'postgres://reader@warehouse/shop',
      tenancy: 'none',
      timezone: 'Europe/Berlin',
      maxRows: 10,
      timeoutMs: 500,
    });
  });

  it('uses no demo model with TENANCY=none on the demo data', () => {
    expect(parse({ TENANCY: 'none' })).toMatchObject({ DEMO_DATA: true, SEMANTIC_MODEL: undefined });
  });
});
