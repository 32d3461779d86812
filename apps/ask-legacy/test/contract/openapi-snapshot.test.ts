/**
 * The OpenAPI documents ask-legacy serves are pinned: openapi-snapshots/ holds them as they were before
 * the contract moved into its own package (default config, without and with ASK_LEGACY_TOKEN), and the
 * documents served now must equal them, except for `$id`s. A contract change is therefore always a
 * reviewed change to these files (regenerate one with `curl localhost:3001/openapi.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { jsonDifferences } from '../../../../test-support/json-diff';
import { createTestApp, type TestApp } from '../support/test-app';

const snapshot = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'openapi-snapshots', name), 'utf8'));

describe('ask-legacy OpenAPI document snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['legacy.json', {}],
    ['legacy-token-required.json', { ASK_LEGACY_TOKEN: 'legacy-token-0123456789' }],
  ])('%s: the served document differs from the snapshot only in $ids', async (name, config) => {
    const res = await request(t.rebuild({ config })).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(jsonDifferences(snapshot(name), res.body, { ignoreKeys: ['$id'] })).toEqual([]);
  });
});
