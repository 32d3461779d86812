/**
 * "Embed in your app", end to end in a real Chromium against the built server `npm start` runs: a team's backend (its own server and origin) mints a
 * tenant token for tenant 1 with the client's createTenantToken(); its page loads the typed client and asks
 * askdata directly, cross-origin, with that token (JSON and streamed). askdata allows that origin through
 * CORS_ORIGINS; the answers are tenant 1's figures; the page cannot switch to tenant 2 (403); and the same
 * page served from an origin not on the list cannot call askdata at all.
 */
import { join } from 'node:path';
import { createTenantToken } from '@askdata/client';
import { build } from 'esbuild';
import express from 'express';
import { launchChromium, type Browser } from '../ecosystem/support/browser';
import { startBuiltApp, type BuiltApp } from '../ecosystem/support/built-app';
import { listen, type Listening } from '../ecosystem/support/listen';
import { ENV_KEY } from '../support/test-app';
import { createStoreKey, SECRET, SECRET_KID } from './support/tokens';

jest.setTimeout(120_000);

const CLIENT_ENTRY = join(__dirname, '..', '..', '..', '..', 'packages', 'client', 'src', 'index.ts');
const QUESTION = 'Revenue by category';

/** The team's page: fetch a token from its own backend, then ask askdata directly with the typed client. */
const PAGE_SCRIPT = `
import { createAskdataClient } from './askdata-client.mjs';
const out = document.getElementById('out');
try {
  const { token, askdataUrl } = await (await fetch('/token')).json();
  const client = createAskdataClient({ baseUrl: askdataUrl, apiKey: token });
  const answer = await client.answer({ question: ${JSON.stringify(QUESTION)} });
  const stages = [];
  const streamed = await client.answerStream({ question: ${JSON.stringify(QUESTION)} }, { onEvent: (e) => stages.push(e.type === 'response.progress' ? e.data.stage : e.type) });
  let otherTenant;
  try { await client.answer({ question: ${JSON.stringify(QUESTION)}, context: { orgId: 2 } }); otherTenant = 'answered'; } catch (error) { otherTenant = error.status + ' ' + error.slug; }
  out.textContent = JSON.stringify({ answer, streamed, stages, otherTenant });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error) });
}
out.dataset.done = 'true';
`;

describe('embedding: a browser asks with a token its backend minted (chromium, on the built server)', () => {
  let askdata: BuiltApp;
  let backend: Listening;
  let browser: Browser;
  beforeAll(async () => {
    const bundle = await build({ entryPoints: [CLIENT_ENTRY], bundle: true, format: 'esm', platform: 'browser', write: false, conditions: ['askdata-source'], logLevel: 'silent' });
    let owner = { id: '' };
    let askdataUrl = '';
    const team = express();
    team.get('/', (_req, res) => res.type('html').send('<!doctype html><title>Team app</title><pre id="out"></pre><script type="module" src="/page.mjs"></script>'));
    team.get('/page.mjs', (_req, res) => res.type('text/javascript').send(PAGE_SCRIPT));
    team.get('/askdata-client.mjs', (_req, res) => res.type('text/javascript').send(bundle.outputFiles[0]!.text));
    // The backend decides the tenant from its own session (here: always tenant 1) and signs for it.
    team.get('/token', async (_req, res) => {
      const token = await createTenantToken({ keyId: owner.id, context: { orgId: 1 }, ttlSeconds: 300, secret: { kid: SECRET_KID, secret: SECRET } });
      res.json({ token, askdataUrl });
    });
    // The backend first: askdata allows its origin from the start, as an operator configures it.
    backend = await listen(team);
    askdata = await startBuiltApp({ TENANT_TOKEN_SECRETS: `${SECRET_KID}:${SECRET}`, TENANT_TOKEN_MAX_TTL: '1h', CORS_ORIGINS: backend.baseUrl });
    askdataUrl = askdata.baseUrl;
    owner = await askdata.withStore((store) => createStoreKey(store, { name: 'team backend' }));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await askdata?.stop();
    await backend?.close();
  });

  async function runPage(origin: string): Promise<Record<string, unknown>> {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${origin}/`);
      await page.waitForSelector('#out[data-done="true"]');
      return JSON.parse((await page.textContent('#out')) ?? '{}') as Record<string, unknown>;
    } finally {
      await page.close();
    }
  }

  it('gets tenant 1\'s answer from an allowed origin, streamed too, and cannot switch tenants', async () => {
    const result = (await runPage(backend.baseUrl)) as { answer: { chart: { data: unknown[] } }; streamed: { chart: { data: unknown[] } }; stages: string[]; otherTenant: string; error?: string };
    expect(result.error).toBeUndefined();
    const tenant1 = await askdata.call<{ chart: { data: unknown[] } }>('POST', '/api/v1/conversations/answer', ENV_KEY, { question: QUESTION, context: { orgId: 1 } });
    const tenant2 = await askdata.call<{ chart: { data: unknown[] } }>('POST', '/api/v1/conversations/answer', ENV_KEY, { question: QUESTION, context: { orgId: 2 } });
    expect(result.answer.chart.data).toEqual(tenant1.body.chart.data);
    expect(result.answer.chart.data).not.toEqual(tenant2.body.chart.data);
    expect(result.streamed.chart.data).toEqual(tenant1.body.chart.data);
    expect(result.stages).toEqual(['response.created', 'understood', 'planned', 'querying', 'shaping', 'response.completed']);
    expect(result.otherTenant).toBe('403 context-mismatch');
  });

  it('cannot call askdata from an origin that is not on the allow-list', async () => {
    // The same page, served as http://localhost:<port>: another origin than the allowed http://127.0.0.1:<port>.
    const result = await runPage(backend.baseUrl.replace('127.0.0.1', 'localhost'));
    expect(result.error).toMatch(/Failed to fetch/);
  });
});
