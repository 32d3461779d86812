/**
 * Starts an api-v1 process for the HTTP benchmarks and start-up timing, on loopback, with its own store,
 * a raised rate limit (the limiter would otherwise be what we measure), the result cache off unless
 * asked for, and a bench-only API key. The child
 * is `node --import tsx <script>` (no tsx CLI wrapper), so its pid is the server's own, for RSS readings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../test-support/postgres-server';
import { BENCH_ADMIN_KEY, BENCH_API_KEY, MAX_ROWS, PINNED_NOW, REPO_ROOT, TIMEOUT_MS } from './config';
import { msSince, nowNs } from './clock';
import { postAnswer } from './http-client';

export const BENCH_SERVER_SCRIPT = join(REPO_ROOT, 'bench', 'server', 'serve-api.ts');
export const REAL_SERVER_SCRIPT = join(REPO_ROOT, 'apps', 'api-v1', 'src', 'server.ts');

export interface ServerOptions {
  script: string;
  storeUrl: string;
  dataSourceUrl?: string;
  semanticModelPath?: string;
  /** Extra environment (LOG_LEVEL etc.). */
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Where the server runs (default this repository; bench/overhead-ab.ts runs another tree's). */
  cwd?: string;
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** ms from spawn until the first question was answered with 200. */
  startToFirstAnswerMs: number;
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions, firstQuestion: { question: string; context: Record<string, unknown> }): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.storeUrl,
    API_KEYS: BENCH_API_KEY,
    ADMIN_API_KEYS: BENCH_ADMIN_KEY,
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The per-question figures repeat each question: with the result cache on they would time the cache
    // (measured on its own, sections/result-cache.ts), not the answer.
    RESULT_CACHE_TTL_MS: '0',
    MAX_ROWS: String(MAX_ROWS),
    QUERY_TIMEOUT_MS: String(TIMEOUT_MS),
    BENCH_PINNED_NOW: PINNED_NOW.toISOString(),
    ...(options.dataSourceUrl ? { DATA_SOURCE_URL: options.dataSourceUrl } : {}),
    ...(options.semanticModelPath ? { SEMANTIC_MODEL: options.semanticModelPath } : {}),
    ...options.env,
  };
  const started = nowNs();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForFirstAnswer(child, baseUrl, firstQuestion, () => stderr);
  const startToFirstAnswerMs = msSince(started);
  return { baseUrl, pid: child.pid ?? -1, startToFirstAnswerMs, stop: () => stopChild(child) };
}

/** Polls with the real question (not /healthz): the figure is start-up to the first *answer*. */
async function waitForFirstAnswer(child: ChildProcess, baseUrl: string, first: { question: string; context: Record<string, unknown> }, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr()}`);
    try {
      const reply = await postAnswer(baseUrl, first.question, first.context);
      if (reply.status === 200) return;
      throw new Error(`first answer: HTTP ${reply.status}`);
    } catch (error) {
      if (!isConnectionRefused(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  throw new Error(`server did not answer within 120 s: ${stderr()}`);
}

function isConnectionRefused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident set of a process and, separately, of its direct children (the SQLite query workers), in MB. */
export function rssMb(pid: number): { server: number; workers: number } {
  const rssOf = (p: number): number => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    children = [];
  }
  return { server: rssOf(pid), workers: children.reduce((sum, p) => sum + rssOf(p), 0) };
}
