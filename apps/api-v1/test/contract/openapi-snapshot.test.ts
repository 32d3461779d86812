/**
 * The OpenAPI documents api-v1 serves are pinned: openapi-snapshots/ holds them as they were before the
 * contract moved into its own package (default config, with and without the explain endpoint), and the
 * documents served now must equal them, except for `$id`s. A contract change is therefore always a
 * reviewed change to these files (regenerate one with `curl localhost:3000/openapi.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { jsonDifferences } from '../../../../test-support/json-diff';
import { createTestApp, type TestApp } from '../support/test-app';

const snapshot = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'openapi-snapshots', name), 'utf8'));

describe('api-v1 OpenAPI document snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['v1.json', {}],
    ['v1-explain-disabled.json', { EXPLAIN_ENABLED: false }],
  ])('%s: the served document differs from the snapshot only in $ids', async (name, config) => {
    const res = await request(t.rebuild({ config })).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(jsonDifferences(snapshot(name), res.body, { ignoreKeys: ['$id'] })).toEqual([]);
  });
});
