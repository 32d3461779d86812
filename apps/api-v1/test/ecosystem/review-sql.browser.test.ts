/**
 * The Review page's SQL box (issue 28) in a real browser against the built server `npm start` runs: for a question in the
 * queue, the admin writes SQL, sees the answer it gives for that question's tenant (refused SQL shows the
 * clause it cannot carry), and saves it as a verified question, which then answers the question.
 */
import type { Page } from 'playwright-core';
import { ReadOnlySqlite } from '../../../../eval/lib/sqlite-rows';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { launchChromium, type Browser } from './support/browser';
import { startBuiltApp, type BuiltApp } from './support/built-app';

jest.setTimeout(90_000);

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const QUESTION = 'How much did the Laptop aisle bring in?';
const SQL = "SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON o.product_id = p.id WHERE p.category = 'Laptop'";

function laptopRevenue(): string {
  const db = new ReadOnlySqlite(testWarehousePath());
  try {
    const [[value]] = db.rows("SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON p.id = o.product_id WHERE o.organisation_id = 1 AND p.category = 'Laptop'") as [[number]];
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
  } finally {
    db.close();
  }
}

describe('Review page SQL box (chromium, on the built server)', () => {
  let server: BuiltApp;
  let browser: Browser;
  let page: Page;
  const ask = () => server.call<{ message: string }>('POST', '/api/v1/conversations/answer', ENV_KEY, { question: QUESTION, context: { orgId: 1 } });

  beforeAll(async () => {
    server = await startBuiltApp({ ADMIN_API_KEYS: ADMIN_KEY });
    browser = await launchChromium();
    page = await browser.context.newPage();
    expect((await ask()).body.message).toMatch(/did not understand/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the answer a SQL query gives for a queued question, and saves it as verified', async () => {
    await page.goto(`${server.baseUrl}/playground/review`);
    await page.fill('#admin-key', ADMIN_KEY);
    await page.click('#load');
    const item = page.locator('#queue li', { hasText: QUESTION });
    await item.waitFor();
    await item.locator('button.write-sql').click();
    expect(await page.textContent('#sql-question')).toBe(QUESTION);
    expect(await page.textContent('#sql-context')).toBe('for {"orgId":1}');

    await page.fill('#sql', 'SELECT title FROM products UNION SELECT name FROM users');
    await page.click('#sql-try');
    await page.waitForSelector('#sql-error:not([hidden])');
    expect(await page.textContent('#sql-error')).toMatch(/UNION/);

    await page.fill('#sql', SQL);
    await page.click('#sql-try');
    await page.waitForSelector('#sql-answer .message');
    expect(await page.textContent('#sql-answer .message')).toContain(laptopRevenue());
    expect(await page.isHidden('#sql-error')).toBe(true);
    // Trying stores nothing.
    expect((await server.call<{ items: unknown[] }>('GET', '/api/v1/admin/verified-questions', ADMIN_KEY)).body.items).toEqual([]);

    await page.click('#sql-save');
    await page.waitForSelector('#sql-saved:not([hidden])');
    await page.waitForSelector('#verified li[data-id]');
    expect(await page.textContent('#verified')).toContain(QUESTION);
    expect((await ask()).body.message).toContain(laptopRevenue());
  });
});
