/**
 * Starts an app as a real process on a free loopback port, with `node --import tsx` (not the tsx CLI) so
 * the pid is the server itself and its RSS can be read from /proc. The load test also preloads
 * memory-probe.ts and opens an IPC channel, so the driver can ask for heap figures (and, for diagnosis, a
 * heap snapshot) without any endpoint in the apps; --expose-gc lets it measure the heap after a full GC.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProbeMemory, ProbeReply, ProbeRequest } from './memory-probe';

export interface AppProcess {
  name: string;
  url: string;
  child: ChildProcess;
  rssBytes(): number;
  /** process.memoryUsage() in the app (after a full GC if `gc`); null if it did not answer in time. */
  memory(options?: { gc?: boolean; timeoutMs?: number }): Promise<ProbeMemory | null>;
  /** Writes a V8 heap snapshot in the app process; resolves to its path. */
  heapSnapshot(path: string): Promise<string>;
  stop(): Promise<number | null>;
}

type ProbeRequestBody = { type: 'memory'; gc?: boolean } | { type: 'heap-snapshot'; path: string };

function prober(child: ChildProcess): (request: ProbeRequestBody, timeoutMs: number) => Promise<ProbeReply | null> {
  let nextId = 1;
  const waiting = new Map<number, (reply: ProbeReply | null) => void>();
  child.on('message', (reply: ProbeReply) => {
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  return (request, timeoutMs) =>
    new Promise((resolve) => {
      const id = nextId++;
      if (!child.connected) return resolve(null);
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, timeoutMs);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      child.send({ ...request, id } as ProbeRequest);
    });
}

export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

export async function startApp(repoRoot: string, name: 'api-v1' | 'ask-legacy', env: Record<string, string>): Promise<AppProcess> {
  const probe = pathToFileURL(join(repoRoot, 'loadtest', 'memory-probe.ts')).href;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', probe, 'src/server.ts'], {
    cwd: join(repoRoot, 'apps', name),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const ask = prober(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // LOG_LEVEL=info keeps the "listening" line (with the port) but not the per-request http lines.
  const url = await waitForUrl(child, () => output, 60_000);
  return {
    name,
    url,
    child,
    rssBytes: () => (child.pid === undefined ? 0 : rssOf(child.pid)),
    async memory({ gc = false, timeoutMs = 2_000 } = {}) {
      const reply = await ask({ type: 'memory', gc }, timeoutMs);
      return reply && 'memory' in reply ? reply.memory : null;
    },
    async heapSnapshot(path) {
      const reply = await ask({ type: 'heap-snapshot', path }, 120_000);
      if (reply && 'snapshot' in reply) return reply.snapshot;
      throw new Error(`heap snapshot failed: ${reply && 'error' in reply ? reply.error : 'no answer'}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitForUrl(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /"url":"(http:\/\/[^"]+)"/.exec(output())?.[1];
    if (url) return url;
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before listening:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not listen within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
