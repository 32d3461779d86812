/**
 * /docs in a real browser: the vendored API reference renders the served OpenAPI document (every
 * answers operation's summary on the page, every group listed, "try it" offered), completes no request to
 * another origin (its CSP blocks the web fonts the bundle's theme names), and throws no error. /docs/plain keeps the hand-written page for readers without JavaScript.
 */
import type { Page } from 'playwright-core';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';
import { launchChromium, type Browser } from './support/browser';
import { listen, type Listening } from './support/listen';

jest.setTimeout(90_000);

describe('API reference at /docs (chromium)', () => {
  let t: TestApp;
  let server: Listening;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    browser = await launchChromium({ width: 1280, height: 1000 });
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
  });

  it('renders every operation of the served document, offers "try it", and stays on this origin', async () => {
    const elsewhere: string[] = [];
    const errors: string[] = [];
    const blocked: string[] = [];
    const offOrigin = (url: string): boolean => !url.startsWith(server.baseUrl) && !url.startsWith('data:');
    // The bundle's theme still names its web fonts; the page's CSP (font-src 'self') stops them, so no
    // request to another origin ever completes.
    page.on('requestfinished', (req) => {
      if (offOrigin(req.url())) elsewhere.push(req.url());
    });
    page.on('requestfailed', (req) => {
      if (offOrigin(req.url())) blocked.push(req.failure()?.errorText ?? '');
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const document = (await request(t.app).get('/openapi.json')).body as { tags: { name: string }[]; paths: Record<string, Record<string, { summary: string; tags?: string[] }>> };
    // The reference opens its first group (answers) and lists the others, collapsed, in its sidebar.
    const answers = Object.values(document.paths).flatMap((item) => Object.values(item)).filter((operation) => operation.tags?.includes('answers')).map((operation) => operation.summary);
    await page.goto(`${server.baseUrl}/docs`);
    for (const summary of answers) await page.getByText(summary, { exact: true }).first().waitFor({ state: 'attached', timeout: 30_000 });
    const text = await page.evaluate(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText);
    for (const tag of document.tags.map((t) => t.name)) expect(text).toContain(tag);
    expect(text).toContain('Test Request');
    expect(elsewhere).toEqual([]);
    expect(blocked.filter((reason) => reason !== 'csp')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the plain page, with no script, for readers without JavaScript', async () => {
    const res = await request(t.app).get('/docs/plain');
    expect(res.status).toBe(200);
    expect(res.text).toContain('/api/v1/conversations/answer');
    expect(res.text).not.toMatch(/<script/i);
  });
});
