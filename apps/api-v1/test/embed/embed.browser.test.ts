/**
 * "Embed in your app", end to end in a real Chromium: a team's backend (its own server and origin) mints a
 * tenant token for tenant 1 with the client's createTenantToken(); its page loads the typed client and asks
 * askdata directly, cross-origin, with that token (JSON and streamed). askdata allows that origin through
 * CORS_ORIGINS; the answers are tenant 1's figures; the page cannot switch to tenant 2 (403); and the same
 * page served from an origin not on the list cannot call askdata at all.
 */
import { join } from 'node:path';
import { createTenantToken } from '@askdata/client';
import { build } from 'esbuild';
import express from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import { launchChromium, type Browser } from '../ecosystem/support/browser';
import { listen, type Listening } from '../ecosystem/support/listen';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { createStoreKey, SECRET, SECRET_KID, tokenConfig } from './support/tokens';

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

describe('embedding: a browser asks with a token its backend minted (chromium)', () => {
  let t: TestApp;
  let askdata: Listening;
  let backend: Listening;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp({ config: await tokenConfig() });
    const owner = await createStoreKey(t.testStore.store, { name: 'team backend' });
    const bundle = await build({ entryPoints: [CLIENT_ENTRY], bundle: true, format: 'esm', platform: 'browser', write: false, conditions: ['askdata-source'], logLevel: 'silent' });
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
    backend = await listen(team);
    askdata = await listen(createApp({ config: { ...t.config, CORS_ORIGINS: [backend.baseUrl] }, store: t.testStore.store, answerDeps: t.answerDeps, logger: t.logger }));
    askdataUrl = askdata.baseUrl;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await askdata?.close();
    await backend?.close();
    await t?.close();
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
    const tenant1 = await request(t.app).post('/api/v1/conversations/answer').set(...auth('env-key-0123456789abcdef')).send({ question: QUESTION, context: { orgId: 1 } });
    const tenant2 = await request(t.app).post('/api/v1/conversations/answer').set(...auth('env-key-0123456789abcdef')).send({ question: QUESTION, context: { orgId: 2 } });
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
