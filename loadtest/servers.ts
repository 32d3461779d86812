/**
 * Starts an app as a real process on a free loopback port, with `node --import tsx` (not the tsx CLI) so
 * the pid is the server itself and its RSS can be read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AppProcess {
  name: string;
  url: string;
  child: ChildProcess;
  rssBytes(): number;
  stop(): Promise<number | null>;
}

export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

export async function startApp(repoRoot: string, name: 'api-v1' | 'ask-legacy', env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'apps', name),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
