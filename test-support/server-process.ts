/**
 * A real app process (`node dist/server.js`, the built app as `npm start` and a host run it; Jest's global
 * setup builds it when the sources changed) on a free loopback port, for tests of what only a process can
 * show: start-up errors, SIGTERM, several processes on one store. The env is explicit (PATH only is
 * inherited) so nothing from the developer's shell changes the outcome.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/** The app directories of the monorepo, by app name. */
export const appDir = (app: 'api-v1' | 'ask-legacy'): string => join(__dirname, '..', 'apps', app);

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with the base URL once the server logged "listening". */
  ready(timeoutMs?: number): Promise<string>;
  kill(): void;
}

/** Starts `app` (default api-v1) with exactly `env` (plus PATH, HOST=127.0.0.1 and PORT=0 unless given). */
export function startServer(env: Record<string, string>, app: 'api-v1' | 'ask-legacy' = 'api-v1'): ServerProcess {
  const child = spawn(process.execPath, ['dist/server.js'], { cwd: appDir(app), env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    // Generous: a loaded machine can take many seconds to start a process; the test's own timeout still bounds it.
    async ready(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
        if (url) return url;
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before listening:\n${output}`);
        if (Date.now() > deadline) throw new Error(`server did not listen within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

export async function postJson(url: string, body: unknown, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** `count` processes of one app on the same environment: replicas sharing a store. */
export function startServers(count: number, env: Record<string, string>, app: 'api-v1' | 'ask-legacy' = 'api-v1'): ServerProcess[] {
  return Array.from({ length: count }, () => startServer(env, app));
}

/** Kills the processes and waits until each has exited. */
export async function stopServers(servers: readonly ServerProcess[]): Promise<void> {
  for (const server of servers) server.kill();
  await Promise.all(servers.map((server) => server.exited));
}
