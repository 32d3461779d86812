/**
 * The packed client's legacy half from a plain Node project: the README's /ask snippet, run as written
 * with plain `node` against the real ask-legacy on a free port (issue 18: "cover the legacy /ask too").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readmeSnippet, packedClientProject, type PackedClientProject } from '../../../test-support/packed-client';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(240_000);

describe('@askdata/client legacy /ask, packed and installed into a plain Node project', () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  let project: PackedClientProject;
  beforeAll(async () => {
    t = await createTestApp();
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    project = await packedClientProject();
  });
  afterAll(async () => {
    project?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
  });

  it('runs the README /ask snippet as written', async () => {
    const out = await project.node('legacy.mjs', readmeSnippet('legacy-client-snippet'), { ASKDATA_LEGACY_URL: baseUrl });
    expect(out).toMatch(/^text There (were|was) [\d,]+ orders?/);
  });

  it('turns a refused request into an AskdataProblemError with the problem\u2019s status and issues', async () => {
    const out = await project.node(
      'legacy-error.mjs',
      `import { createLegacyAskClient, AskdataProblemError } from '@askdata/client';
       try {
         await createLegacyAskClient({ baseUrl: process.env.ASKDATA_LEGACY_URL }).ask({ question: '', conversationId: 'c-1', requestContext: { orgId: 1 } });
       } catch (error) {
         console.log(error instanceof AskdataProblemError, error.status, error.issues.map((issue) => issue.path).join(','));
       }`,
      { ASKDATA_LEGACY_URL: baseUrl },
    );
    expect(out.trim()).toBe('true 400 body.question');
  });
});
