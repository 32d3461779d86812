/**
 * /docs in a real browser, on the built server `npm start` runs (support/built-app.ts), at a desktop (1280 px) and a phone (390 px) width: the vendored API reference
 * opens on the document's introduction (its title and description inside the first screen), renders
 * every answers operation of the served document, every group and "try it"; it offers nothing that would
 * send the document to another party (no "Ask AI", no MCP), requests nothing from another origin, and
 * the console shows no error at all (issue 25, item 15: the page showed grey skeletons on its first
 * screen, "Ask AI" and "Generate MCP", and 14 CSP errors for Scalar's web fonts, because the bundle
 * mounted a second reference of its own with its default configuration). /docs/plain keeps the
 * hand-written page for readers without JavaScript.
 */
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './support/browser';
import { startBuiltApp, type BuiltApp } from './support/built-app';

jest.setTimeout(120_000);

interface ServedDocument {
  info: { title: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, { summary: string; tags?: string[] }>>;
}

describe('API reference at /docs (chromium, on the built server)', () => {
  let server: BuiltApp;
  let served: ServedDocument;
  beforeAll(async () => {
    server = await startBuiltApp();
    served = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as ServedDocument;
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ])('at %s width', (_name, viewport) => {
    let browser: Browser;
    let page: Page;
    const consoleErrors: string[] = [];
    const elsewhere: string[] = [];
    beforeAll(async () => {
      browser = await launchChromium(viewport);
      page = await browser.context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      const offOrigin = (url: string): boolean => !url.startsWith(server.baseUrl) && !url.startsWith('data:');
      page.on('request', (req) => {
        if (offOrigin(req.url())) elsewhere.push(req.url());
      });
      await page.goto(`${server.baseUrl}/docs`);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('shows the introduction on the first screen', async () => {
      // The description's first words, as the reference renders them (inline code as plain text).
      const opening = served.info.description.split(';')[0] as string;
      const intro = page.getByText(opening).first();
      await intro.waitFor({ state: 'visible', timeout: 30_000 });
      const title = page.getByRole('heading', { name: served.info.title }).first();
      await title.waitFor({ state: 'visible', timeout: 30_000 });
      for (const element of [title, intro]) {
        const box = await element.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      }
    });

    it('renders every answers operation and every group, with "try it"', async () => {
      const answers = Object.values(served.paths).flatMap((item) => Object.values(item)).filter((operation) => operation.tags?.includes('answers')).map((operation) => operation.summary);
      for (const summary of answers) await page.getByText(summary, { exact: true }).first().waitFor({ state: 'attached', timeout: 30_000 });
      const text = await page.evaluate(() => (globalThis as unknown as { document: { body: { textContent: string } } }).document.body.textContent);
      for (const tag of served.tags.map((tag) => tag.name)) expect(text).toContain(tag);
      expect(text).toContain('Test Request');
    });

    it('offers no "Ask AI" and no MCP, asks no other origin for anything, and logs no console error', async () => {
      const text = await page.evaluate(() => (globalThis as unknown as { document: { body: { textContent: string } } }).document.body.textContent);
      expect(text).not.toMatch(/Ask AI|MCP/);
      expect(await page.getByRole('button', { name: /Ask AI|MCP|Open API Client/ }).count()).toBe(0);
      expect(elsewhere).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });

  it('keeps the plain page, with no script, for readers without JavaScript', async () => {
    const res = await fetch(`${server.baseUrl}/docs/plain`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('/api/v1/conversations/answer');
    expect(text).not.toMatch(/<script/i);
  });
});
