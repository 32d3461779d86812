/**
 * The playground in a real browser against the built server `npm start` runs (support/built-app.ts: real
 * store, demo warehouse): enter the key, type a question and see a chart (the page's client module is
 * the build's file; it once answered 500 under `npm start`), ask for a breakdown and see a chart.js bar
 * chart with one bar per data point, ask for a ranking and see a table with one row per answer row, open
 * "show plan & SQL", and leave feedback with a comment that is then found in the store. The key must not
 * end up in localStorage or cookies.
 *
 * UPDATE_PLAYGROUND_SCREENSHOT=1 also writes docs/playground.png (the README's screenshot).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ENV_KEY } from '../support/test-app';
import { launchChromium, type Browser } from './support/browser';
import { startBuiltApp, type BuiltApp } from './support/built-app';
import { QUESTIONS as ANY_DAY } from './support/questions';

jest.setTimeout(90_000);

const ANSWER_PATH = '/api/v1/conversations/answer';
const CLIENT_MODULE_PATH = '/playground/vendor/askdata-client.mjs';
/** The server's clock is the real one and the warehouse ends on 2026-03-15, so periods are named (support/built-app.ts). */
const QUESTIONS = { bar: 'Revenue by category in February 2026', line: 'Revenue by month in 2025', table: ANY_DAY.table } as const;
const SCREENSHOT = join(__dirname, '..', '..', '..', '..', 'docs', 'playground.png');
const PHONE = { width: 390, height: 844 };
/** A question with one long unbreakable word, as people paste ids: it must wrap, not widen the page. */
const LONG_WORD_QUESTION = 'what is the frobnication index of xyzzy_a_very_long_identifier_without_any_spaces_0123456789';

/** A PNG's width in pixels, from its IHDR chunk (bytes 16-19, big-endian). */
const pngWidth = (png: Buffer): number => png.readUInt32BE(16);

interface ChartAnswer {
  id: string;
  type: string;
  chart?: { type: string; title?: string; data: unknown[] };
  table?: { rows: unknown[] };
}

/** The data of the response.completed event of a streamed answer body (the page asks with answerStream). */
function completedEvent(body: string): unknown {
  const block = body.split('\n\n').find((part) => part.startsWith('event: response.completed\n'));
  return JSON.parse(block?.split('\n').find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? 'null');
}

/** Types `question`, submits it and returns the API's answer body as the page received it (streamed). */
async function ask(page: Page, question: string): Promise<ChartAnswer> {
  const response = page.waitForResponse((res) => res.url().endsWith(ANSWER_PATH) && res.request().method() === 'POST');
  await page.fill('#question', question);
  await page.click('#ask-button');
  const res = await response;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/event-stream/);
  const answer = completedEvent(await res.text()) as ChartAnswer;
  await page.waitForSelector(`.answer[data-answer-id="${answer.id}"]`);
  return answer;
}

describe('playground (chromium, on the built server)', () => {
  let server: BuiltApp;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await startBuiltApp();
    browser = await launchChromium({ width: 1280, height: 1000 });
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers a typed question with a chart', async () => {
    const tab = await browser.context.newPage();
    const failures: string[] = [];
    tab.on('pageerror', (error) => failures.push(error.message));
    try {
      const clientModule = tab.waitForResponse((res) => res.url().endsWith(CLIENT_MODULE_PATH));
      await tab.goto(`${server.baseUrl}/playground`);
      // The page's answers go through this module; without it the form cannot ask at all.
      expect((await clientModule).status()).toBe(200);
      await tab.fill('#api-key', ENV_KEY);
      await tab.fill('#question', QUESTIONS.bar);
      await tab.click('#ask-button');
      const chart = await tab.waitForFunction(() => {
        const { document, Chart } = globalThis as unknown as PageGlobals;
        const canvas = document.querySelector('#thread .answer canvas');
        const drawn = canvas ? Chart?.getChart(canvas) : undefined;
        return drawn ? { type: drawn.config.type, bars: drawn.getDatasetMeta(0).data.length } : null;
      });
      expect(await chart.jsonValue()).toEqual({ type: 'bar', bars: expect.any(Number) });
      expect(((await chart.jsonValue()) as { bars: number }).bars).toBeGreaterThan(1);
      expect(failures).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('fits a 390 px phone: no horizontal scroll with a chart, a table, the plan and a long word on the page', async () => {
    const phone = await browser.context.newPage();
    const dir = mkdtempSync(join(tmpdir(), 'askdata-phone-'));
    try {
      await phone.setViewportSize(PHONE);
      await phone.goto(`${server.baseUrl}/playground`);
      await phone.fill('#api-key', ENV_KEY);
      await ask(phone, QUESTIONS.bar);
      const table = await ask(phone, QUESTIONS.table);
      await ask(phone, LONG_WORD_QUESTION);
      await phone.click(`.answer[data-answer-id="${table.id}"] .show-plan`);
      await phone.waitForSelector(`.answer[data-answer-id="${table.id}"] pre.sql`);

      const widths = await phone.evaluate(() => {
        const { document } = globalThis as unknown as PhoneGlobals;
        return { viewport: document.documentElement.clientWidth, page: document.documentElement.scrollWidth, body: document.body.scrollWidth };
      });
      expect(widths).toEqual({ viewport: PHONE.width, page: PHONE.width, body: PHONE.width });
      // The buttons people need are on screen, not cut off at the right edge.
      for (const selector of ['#ask-button', '#new-conversation', `.answer[data-answer-id="${table.id}"] .show-plan`]) {
        const box = await phone.locator(selector).boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= PHONE.width).toBe(true);
      }
      // A full-page screenshot is as wide as the page: 390 px, not wider.
      const screenshot = await phone.screenshot({ path: join(dir, 'phone.png'), fullPage: true });
      expect(pngWidth(screenshot)).toBe(PHONE.width);
      expect(pngWidth(readFileSync(join(dir, 'phone.png')))).toBe(PHONE.width);
    } finally {
      await phone.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws charts that explain themselves: a title and axis titles on a bar and a line, and two series from a table', async () => {
    const charts = await browser.context.newPage();
    try {
      await charts.goto(`${server.baseUrl}/playground`);
      await charts.fill('#api-key', ENV_KEY);
      for (const [question, type] of [[QUESTIONS.bar, 'bar'], [QUESTIONS.line, 'line']] as const) {
        const answer = await ask(charts, question);
        expect(answer.chart?.type).toBe(type);
        const card = `.answer[data-answer-id="${answer.id}"]`;
        // What chart.js itself was told to draw, and the caption people read above it.
        const drawn = await charts.waitForFunction((selector) => {
          const { document, Chart } = globalThis as unknown as PageGlobals;
          const canvas = document.querySelector(`${selector} canvas`);
          const chart = canvas ? Chart?.getChart(canvas) : undefined;
          return chart ? { x: chart.options.scales.x.title.text, y: chart.options.scales.y.title.text } : null;
        }, card);
        const axes = (await drawn.jsonValue()) as { x: string; y: string };
        expect(answer.chart?.title).toEqual(expect.stringMatching(/^Revenue by/));
        expect(await charts.textContent(`${card} .chart-title`)).toBe(answer.chart?.title);
        expect(axes.x).toBe(type === 'bar' ? 'Category' : 'Month');
        // A money axis says its currency.
        expect(axes.y).toBe('Revenue (USD)');
      }
      // Two measures come as a table; the playground draws both as two series.
      const table = await ask(charts, 'revenue and orders by month');
      expect(table.type).toBe('table');
      const card = `.answer[data-answer-id="${table.id}"]`;
      await charts.click(`${card} .draw-series`);
      const series = await charts.waitForFunction((selector) => {
        const { document, Chart } = globalThis as unknown as PageGlobals;
        const canvas = document.querySelector(`${selector} .two-series canvas`);
        const chart = canvas ? Chart?.getChart(canvas) : undefined;
        return chart ? { datasets: chart.data.datasets?.map((d) => d.label), points: chart.getDatasetMeta(1).data.length } : null;
      }, card);
      expect(await series.jsonValue()).toEqual({ datasets: ['Revenue', 'Number of orders'], points: table.table?.rows.length });
    } finally {
      await charts.close();
    }
  });

  it('keeps its thread across a reload, and lists and reopens past conversations', async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${server.baseUrl}/playground`);
      await tab.fill('#api-key', ENV_KEY);
      await tab.check('#remember-key');
      const first = await ask(tab, QUESTIONS.bar);
      const second = await ask(tab, 'and by month?');
      expect(second.id).not.toBe(first.id);
      await tab.reload();
      // The same two turns, read back from the server, with the same answers.
      await tab.waitForSelector(`.answer[data-answer-id="${second.id}"]`);
      expect(await tab.locator('#thread li.question').allTextContents()).toEqual([QUESTIONS.bar, 'and by month?']);
      expect(await tab.locator(`.answer[data-answer-id="${first.id}"]`).count()).toBe(1);
      // A new conversation empties the thread; the list of past ones opens the first again.
      await tab.click('#new-conversation');
      expect(await tab.locator('#thread .answer').count()).toBe(0);
      await tab.click('#load-history');
      const item = tab.locator('#history .history-item', { hasText: QUESTIONS.bar }).first();
      await item.waitFor();
      await item.click();
      await tab.waitForSelector(`.answer[data-answer-id="${first.id}"]`);
      expect(await tab.textContent('#conversation-id')).toBe(await item.getAttribute('data-conversation-id'));
    } finally {
      await tab.close();
    }
  });

  it('shows each stage of the streamed answer in the pending card, then the answer', async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${server.baseUrl}/playground`);
      await tab.fill('#api-key', ENV_KEY);
      // Every text the thread is given, in order: each text node keeps its words after the next replaces
      // it, so a stream that arrives in one chunk is still seen stage by stage.
      await tab.evaluate(() => {
        const { document, MutationObserver } = globalThis as unknown as ObserverGlobals;
        const seen: string[] = [];
        (globalThis as unknown as { seenTexts: string[] }).seenTexts = seen;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 3) seen.push(node.textContent ?? '');
        }).observe(document.querySelector('#thread'), { childList: true, subtree: true });
      });
      const answer = await ask(tab, QUESTIONS.bar);
      const seen = await tab.evaluate(() => (globalThis as unknown as { seenTexts: string[] }).seenTexts);
      const stages = seen.filter((text) => /^(Understood|Planned the query|Querying your data|Shaping the answer)/.test(text));
      expect(stages).toEqual([expect.stringMatching(/^Understood: .+…$/), 'Planned the query', 'Querying your data…', 'Shaping the answer…']);
      expect(await tab.getAttribute(`.answer[data-answer-id="${answer.id}"]`, 'class')).not.toContain('pending');
    } finally {
      await tab.close();
    }
  });

  it('answers with a chart, a table, the plan, and stores feedback', async () => {
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));

    await page.goto(`${server.baseUrl}/playground`);
    await page.fill('#api-key', ENV_KEY);

    const chartAnswer = await ask(page, QUESTIONS.bar);
    expect(chartAnswer.chart?.type).toBe('bar');
    const card = `.answer[data-answer-id="${chartAnswer.id}"]`;
    // chart.js's own instance says how many bars it drew for the dataset.
    const bars = await page.waitForFunction(
      (selector) => {
        const { document, Chart } = globalThis as unknown as PageGlobals;
        const canvas = document.querySelector(`${selector} canvas`);
        const chart = canvas ? Chart?.getChart(canvas) : undefined;
        return chart ? { type: chart.config.type, drawn: chart.getDatasetMeta(0).data.length, labels: chart.data.labels?.length } : null;
      },
      card,
    );
    expect(await bars.jsonValue()).toEqual({ type: 'bar', drawn: chartAnswer.chart?.data.length, labels: chartAnswer.chart?.data.length });

    const tableAnswer = await ask(page, QUESTIONS.table);
    const tableCard = `.answer[data-answer-id="${tableAnswer.id}"]`;
    expect(await page.locator(`${tableCard} tbody tr`).count()).toBe(tableAnswer.table?.rows.length);
    expect(tableAnswer.table?.rows.length).toBeGreaterThan(0);

    await page.click(`${tableCard} .show-plan`);
    await page.waitForSelector(`${tableCard} pre.sql`);
    expect(await page.textContent(`${tableCard} pre.sql`)).toMatch(/select/i);

    const feedbackResponse = page.waitForResponse((res) => res.url().endsWith(`/answer/${tableAnswer.id}/feedback`));
    await page.click(`${tableCard} button[data-rating="negative"]`);
    await page.fill(`${tableCard} .feedback-comment`, 'Spend should exclude refunds');
    await page.click(`${tableCard} .send-feedback`);
    expect((await feedbackResponse).status()).toBe(201);
    const saved = await page.waitForSelector(`${tableCard} .status.saved`);
    const feedbackId = await saved.getAttribute('data-feedback-id');
    expect(feedbackId).toEqual(expect.any(String));
    await server.withStore((store) => expect(store.feedback.find(tableAnswer.id, feedbackId ?? '')).resolves.toMatchObject({ rating: 'negative', comment: 'Spend should exclude refunds' }));

    // The key lives in memory only (sessionStorage only when the user asks for it); the tab keeps only
    // the current conversation's id, so a reload shows the same thread.
    const stored = await page.evaluate(() => {
      const { localStorage, sessionStorage, document } = globalThis as unknown as PageGlobals;
      return { local: localStorage.length, session: Object.keys(sessionStorage).sort(), cookie: document.cookie };
    });
    expect(stored).toEqual({ local: 0, session: ['askdata.playground.conversation'], cookie: '' });
    expect(failures).toEqual([]);

    if (process.env.UPDATE_PLAYGROUND_SCREENSHOT === '1') {
      // Plan folded away again, and the thread scrolled to its start, so the picture shows the whole exchange.
      await page.click(`${tableCard} .show-plan`);
      await page.setViewportSize({ width: 1280, height: 1180 });
      await page.evaluate(() => (globalThis as unknown as PageGlobals).document.querySelector('#thread')?.scrollTo?.(0, 0));
      await page.screenshot({ path: SCREENSHOT });
    }
  });
});

/** What the stage check reads from the page. */
interface ObserverGlobals {
  document: { querySelector(selector: string): object };
  MutationObserver: new (callback: (records: { addedNodes: Iterable<{ nodeType: number; textContent: string | null }> }[]) => void) => { observe(target: object, options: object): void };
}

/** What the phone check reads from the page. */
interface PhoneGlobals {
  document: { documentElement: { clientWidth: number; scrollWidth: number }; body: { scrollWidth: number } };
}

/**
 * The few browser globals the page functions above touch. The tests compile without the DOM library
 * (it would change global types for the whole tree), so these functions see `globalThis` through this.
 */
interface PageGlobals {
  document: { querySelector(selector: string): { scrollTo?(x: number, y: number): void } | null; cookie: string };
  localStorage: { length: number };
  sessionStorage: Record<string, string>;
  /** chart.js's UMD build, loaded by the page from /playground/vendor. */
  Chart?: {
    getChart(canvas: object):
      | {
          config: { type?: string };
          options: { scales: Record<'x' | 'y', { title: { text: string } }> };
          data: { labels?: unknown[]; datasets?: { label: string }[] };
          getDatasetMeta(index: number): { data: unknown[] };
        }
      | undefined;
  };
}
