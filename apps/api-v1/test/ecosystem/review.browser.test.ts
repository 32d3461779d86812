/**
 * The Review page in a real browser against the built server `npm start` runs (support/built-app.ts): with an admin key it shows the queue grouped
 * by the word not understood, teaches that word through the form (model element from the picker), shows
 * the replay's before and after, and lists the taught word and a verified question, each removable.
 */
import type { Page } from 'playwright-core';
import { ENV_KEY } from '../support/test-app';
import { launchChromium, type Browser } from './support/browser';
import { startBuiltApp, type BuiltApp } from './support/built-app';

jest.setTimeout(90_000);

const ADMIN_KEY = 'admin-key-0123456789abcdef';

describe('Review page (chromium, on the built server)', () => {
  let server: BuiltApp;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await startBuiltApp({ ADMIN_API_KEYS: ADMIN_KEY });
    browser = await launchChromium();
    page = await browser.context.newPage();
    for (const question of ['gmv in February 2026', 'gmv by category']) {
      expect((await server.call('POST', '/api/v1/conversations/answer', ENV_KEY, { question, context: { orgId: 1 } })).status).toBe(200);
    }
    const answered = await server.call<{ id: string }>('POST', '/api/v1/conversations/answer', ENV_KEY, { question: 'How many orders are there?', context: { orgId: 1 } });
    expect((await server.call('POST', '/api/v1/admin/verified-questions', ADMIN_KEY, { fromAnswerId: answered.body.id })).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('groups the queue by word, teaches it from the form, and shows the replay and the lists', async () => {
    await page.goto(`${server.baseUrl}/playground/review`);
    await page.fill('#admin-key', ADMIN_KEY);
    await page.click('#load');
    await page.waitForSelector('.term[data-term="gmv"]');
    expect(await page.textContent('.term[data-term="gmv"]')).toMatch(/×2/);
    expect(await page.locator('#verified li[data-id]').count()).toBe(1);
    expect(await page.textContent('#verified')).toMatch(/How many orders are there\?/);

    await page.click('button[data-term="gmv"]');
    expect(await page.inputValue('#term')).toBe('gmv');
    await page.selectOption('#means', 'orders.revenue');
    await page.click('#teach');
    await page.waitForSelector('#replay tbody tr');
    expect(await page.locator('#replay tbody tr[data-status="answered"]').count()).toBe(2);
    expect(await page.textContent('#replay-summary')).toMatch(/2 question\(s\) replayed, 2 now answered/);
    await page.waitForSelector('#vocabulary li[data-id]');
    expect(await page.textContent('#vocabulary')).toMatch(/“gmv” → orders\.revenue/);
    // Both questions now answer, so the word left the queue.
    expect(await page.locator('.term[data-term="gmv"]').count()).toBe(0);

    await page.click('#vocabulary li[data-id] button');
    await page.waitForSelector('#vocabulary li.muted');
    const list = await server.call<{ items: unknown[] }>('GET', '/api/v1/admin/vocabulary', ADMIN_KEY);
    expect(list.body.items).toEqual([]);
  });

  it('shows why a teach is refused', async () => {
    await page.fill('#term', 'sales');
    await page.selectOption('#means', 'orders.units_sold');
    await page.click('#teach');
    await page.waitForSelector('#teach-error:not([hidden])');
    expect(await page.textContent('#teach-error')).toMatch(/already means/);
  });
});
