/**
 * The packed client from a plain Node project (issue 18): `npm pack` packages/client, install the tarball
 * offline into a fresh project, and run the README's snippet there as written, with plain `node`, against
 * the real api-v1 on a free port. Also: CommonJS `require` works, the package brings no dependency, and
 * its .d.ts imports no @askdata package.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readmeSnippet, packedClientProject, type PackedClientProject } from '../../../../test-support/packed-client';
import { createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { listen, type Listening } from './support/listen';

jest.setTimeout(240_000);

describe('@askdata/client, packed and installed into a plain Node project', () => {
  let t: TestApp;
  let server: Listening;
  let project: PackedClientProject;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    project = await packedClientProject();
  });
  afterAll(async () => {
    project?.close();
    await server?.close();
    await t?.close();
  });

  it('runs the README snippet as written (ESM)', async () => {
    const out = await project.node('snippet.mjs', readmeSnippet('client-snippet'), { ASKDATA_URL: server.baseUrl, ASKDATA_KEY: ENV_KEY });
    // The chart's title, the explained SQL, the thread's two answers, and the 400 from the empty question.
    expect(out).toMatch(/Revenue by category/);
    expect(out).toMatch(/select /i);
    expect(out).toMatch(/ 2\n/);
    expect(out).toMatch(/400 validation-failed/);
  });

  it('is required from CommonJS too, with no dependency and declarations that import nothing of ours', async () => {
    const out = await project.node(
      'cjs.cjs',
      `const { createAskdataClient } = require('@askdata/client');
       createAskdataClient({ baseUrl: process.env.ASKDATA_URL, apiKey: process.env.ASKDATA_KEY })
         .answer({ question: 'How many orders are there?', context: { orgId: 1 } })
         .then((answer) => console.log(answer.type, typeof answer.message));`,
      { ASKDATA_URL: server.baseUrl, ASKDATA_KEY: ENV_KEY },
    );
    expect(out.trim()).toBe('text string');
    const declarations = project.declarations();
    expect(Object.keys(declarations)).toContain('index.d.ts');
    for (const [file, text] of Object.entries(declarations)) expect([file, /from ['"](@askdata|zod)/.test(text)]).toEqual([file, false]);
    const manifest = JSON.parse(readFileSync(join(project.dir, 'node_modules', '@askdata', 'client', 'package.json'), 'utf8')) as { dependencies?: object };
    expect(manifest.dependencies ?? {}).toEqual({});
  });
});
