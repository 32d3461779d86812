/**
 * The Review page's business readings (issue 38) in a real browser against the built server `npm start`
 * runs (support/built-app.ts), over a SQLite database nobody modelled (TENANCY=none, no model file): the
 * readings are listed with their evidence and confidence, and Accept and Reject record the decision. That a
 * rejected reading is no longer applied after a restart is test/readings/reading-review.test.ts's part.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './support/browser';
import { startBuiltApp, type BuiltApp } from './support/built-app';

jest.setTimeout(120_000);

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const START = 'dates.event-verb:campaigns.campaign_start_date';
const PAY_BY = 'names.pay-by:customers.payment_method_code';
const dir = mkdtempSync(join(tmpdir(), 'askdata-readings-page-'));
const data = join(dir, 'shop.sqlite');
const env = { ADMIN_API_KEYS: ADMIN_KEY, DATA_SOURCE_URL: data, SEMANTIC_MODEL: '', TENANCY: 'none' };

interface Reading {
  id: string;
  status: string;
}

describe('business readings on the Review page (chromium, on the built server)', () => {
  let server: BuiltApp;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const db = new Database(data);
    db.exec(`
      create table customers (customer_id integer primary key, customer_name text not null, payment_method_code text not null);
      create table campaigns (campaign_id integer primary key, campaign_name text not null, campaign_start_date datetime not null, campaign_end_date datetime not null);
      insert into customers values (1, 'Ann', 'Credit Card'), (2, 'Bob', 'Cash'), (3, 'Cy', 'Credit Card');
      insert into campaigns values (1, 'Spring', '2024-03-01', '2024-04-01'), (2, 'Fall', '2024-09-01', '2024-10-01');
    `);
    db.close();
    server = await startBuiltApp(env);
    browser = await launchChromium();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the readings with evidence and confidence, and accepts and rejects them', async () => {
    await page.goto(`${server.baseUrl}/playground/review`);
    await page.fill('#admin-key', ADMIN_KEY);
    await page.click('#load');
    await page.waitForSelector(`#readings li[data-id="${START}"]`);
    const start = page.locator(`#readings li[data-id="${START}"]`);
    expect(await start.textContent()).toMatch(/campaigns\.campaign_start_date is named “started”.*dates\.event-verb, confidence 0\.90: its name says "start"/);
    expect(await start.getAttribute('data-status')).toBe('pending');

    await start.locator('button[data-action="accept"]').click();
    await page.waitForSelector(`#readings li[data-id="${START}"][data-status="accepted"]`);
    await page.locator(`#readings li[data-id="${PAY_BY}"] button[data-action="reject"]`).click();
    await page.waitForSelector(`#readings li[data-id="${PAY_BY}"][data-status="rejected"]`);
    expect(await page.locator(`#readings li[data-id="${PAY_BY}"] button[data-action="reject"]`).isDisabled()).toBe(true);

    const listed = await server.call<{ items: Reading[] }>('GET', '/api/v1/admin/readings', ADMIN_KEY);
    expect(listed.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: START, status: 'accepted' }), expect.objectContaining({ id: PAY_BY, status: 'rejected' })]));
  });
});
