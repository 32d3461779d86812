/**
 * Reading back one large conversation (issue 25, item 2), measured against a real api-v1 process: a
 * conversation of 500 "show all orders" answers (each a 1,000-row table), then one read of its first page,
 * every page in turn, and 20 readers at once while /healthz is asked every 20 ms. Prints the body sizes,
 * the times, the slowest /healthz and the server's resident memory; docs/reliability.md quotes a run.
 *
 *   npx tsx bench/large-conversation.ts [--answers 500] [--readers 20]
 *
 * The 499 answers after the first are copies of the first, written through the store as the service writes
 * answers (asking 500 times at the default rate limit takes four minutes and stores the same rows).
 * Works against a tree before the change too: a read without `nextCursor` is one page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type AnswerRecord } from '@askdata/db';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { BENCH_API_KEY, SCALE_DEMO } from './lib/config';
import { REAL_SERVER_SCRIPT, rssMb, startServer } from './lib/server-process';
import { ensureWarehouse } from './lib/warehouses';

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ANSWERS = argument('answers', 500);
const READERS = argument('readers', 20);
const CONTEXT = { orgId: 1 };
const auth = { Authorization: `Bearer ${BENCH_API_KEY}` };

interface Read {
  pages: number;
  bytes: number;
  ms: number;
}

/** fetch, once more when a kept-alive socket was closed by the server's keep-alive timeout just as it was reused. */
async function fetchOnce(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

/** The conversation from its first page, one page or every page (following nextCursor when the server sends one). */
async function read(baseUrl: string, conversationId: string, everyPage: boolean, limit?: number): Promise<Read> {
  const started = performance.now();
  let cursor: string | null = null;
  let pages = 0;
  let bytes = 0;
  do {
    const query = new URLSearchParams({ 'context.orgId': '1', ...(limit ? { limit: String(limit) } : {}), ...(cursor ? { cursor } : {}) });
    const res = await fetchOnce(`${baseUrl}/api/v1/conversations/${conversationId}?${query}`, { headers: auth });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET conversation: ${res.status} ${text.slice(0, 200)}`);
    bytes += Buffer.byteLength(text);
    pages += 1;
    cursor = everyPage ? ((JSON.parse(text) as { nextCursor?: string | null }).nextCursor ?? null) : null;
  } while (cursor !== null);
  return { pages, bytes, ms: performance.now() - started };
}

/** Runs `work` while asking /healthz every 20 ms and sampling the server's RSS every 100 ms. */
async function underProbe<T>(baseUrl: string, pid: number, work: () => Promise<T>): Promise<{ result: T; healthzMaxMs: number; rssPeakMb: number }> {
  let running = true;
  let healthzMaxMs = 0;
  let rssPeakMb = rssMb(pid).server;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetchOnce(`${baseUrl}/healthz`).then((res) => res.text());
      healthzMaxMs = Math.max(healthzMaxMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid).server)), 100);
  try {
    const result = await work();
    return { result, healthzMaxMs, rssPeakMb };
  } finally {
    running = false;
    clearInterval(sampler);
    await probe;
  }
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-bench-large-conversation-'));
  const storeUrl = `file:${join(dir, 'app.db')}`;
  const warehouse = ensureWarehouse(SCALE_DEMO);
  const server = await startServer({ script: REAL_SERVER_SCRIPT, storeUrl, dataSourceUrl: warehouse.path, semanticModelPath: DEMO_MODEL_PATH, env: { LOG_LEVEL: 'warn' } }, { question: 'How many orders are there?', context: CONTEXT });
  try {
    const res = await fetch(`${server.baseUrl}/api/v1/conversations/answer`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ question: 'show all orders', context: CONTEXT }) });
    const first = (await res.json()) as { id: string; conversationId: string; type: string };
    if (res.status !== 200 || first.type !== 'table') throw new Error(`show all orders: ${res.status} ${JSON.stringify(first).slice(0, 200)}`);
    const store = await openStore(storeUrl);
    const [stored] = (await store.answers.listForConversation(first.conversationId, 1)) as AnswerRecord[];
    if (!stored) throw new Error('the first answer was not stored');
    const { id: _id, createdAt: _createdAt, ...copy } = stored;
    for (let i = 1; i < ANSWERS; i += 1) await store.answers.create(copy);
    await store.close();
    console.log(`conversation: ${ANSWERS} answers of "show all orders", stored payload ${mb(Buffer.byteLength(JSON.stringify(stored.payload)))} MB each`);

    const rssBefore = rssMb(server.pid).server;
    const one = await read(server.baseUrl, first.conversationId, false);
    console.log(`one read, no limit: ${one.pages} page, ${mb(one.bytes)} MB, ${one.ms.toFixed(0)} ms`);
    const hundred = await read(server.baseUrl, first.conversationId, false, 100);
    console.log(`one read, limit=100: ${mb(hundred.bytes)} MB, ${hundred.ms.toFixed(0)} ms`);
    const all = await read(server.baseUrl, first.conversationId, true, 100);
    console.log(`every page, limit=100: ${all.pages} pages, ${mb(all.bytes)} MB, ${all.ms.toFixed(0)} ms`);

    for (const everyPage of [false, true]) {
      const run = await underProbe(server.baseUrl, server.pid, () => Promise.all(Array.from({ length: READERS }, () => read(server.baseUrl, first.conversationId, everyPage))));
      const slowest = Math.max(...run.result.map((r) => r.ms));
      const total = run.result.reduce((sum, r) => sum + r.bytes, 0);
      console.log(`${READERS} readers at once, ${everyPage ? 'each reading every page' : 'each reading the first page'}: ${mb(total)} MB sent, slowest reader ${slowest.toFixed(0)} ms, slowest /healthz ${run.healthzMaxMs.toFixed(0)} ms, server RSS ${rssBefore.toFixed(0)} MB before, ${run.rssPeakMb.toFixed(0)} MB at the peak`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
