/**
 * An app's deployable package as a host receives it: `npm run package -w apps/<app>` writes the folder
 * (what apps/<app>/Dockerfile copies) and the tarball into apps/<app>/dist; the tarball is unpacked into an
 * empty directory outside the repository and started there with its own `./start`, from yet another
 * working directory, with an explicit environment (PATH only is inherited). What it loads natively is
 * read from /proc, so a test can show it all comes from the package.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot } from '@askdata/env';

export interface UnpackedApp {
  /** The unpacked package folder (`<empty dir>/askdata-<app>`). */
  dir: string;
  cleanup(): void;
}

export interface PackagedServer {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Shared libraries the server process has mapped (native modules: *.node), by path. */
  nativeModules(): string[];
  stop(): Promise<number | null>;
}

export const repoRoot = findRepoRoot(__dirname);

/** The folder `npm run package -w apps/<app>` writes (and the Dockerfile copies). */
export const packageFolder = (app: 'api-v1' | 'ask-legacy'): string => join(repoRoot, 'apps', app, 'dist', 'package', `askdata-${app}`);

export function packAndUnpack(app: 'api-v1' | 'ask-legacy'): UnpackedApp {
  const out = join(repoRoot, 'apps', app, 'dist');
  const version = (JSON.parse(readFileSync(join(repoRoot, 'apps', app, 'package.json'), 'utf8')) as { version: string }).version;
  execFileSync('npm', ['run', 'package', '-w', `apps/${app}`], { cwd: repoRoot, stdio: 'pipe' });
  const host = mkdtempSync(join(tmpdir(), `askdata-host-${app}-`));
  execFileSync('tar', ['-xzf', join(out, `askdata-${app}-${version}.tgz`), '-C', host]);
  return { dir: join(host, `askdata-${app}`), cleanup: () => rmSync(host, { recursive: true, force: true }) };
}

/** Runs the package's `./start` with exactly `env` (plus PATH, HOST=127.0.0.1 and PORT=0), from an unrelated working directory. */
export async function startPackaged(unpacked: UnpackedApp, env: Record<string, string>): Promise<PackagedServer> {
  const cwd = mkdtempSync(join(tmpdir(), 'askdata-host-cwd-'));
  const child = spawn(join(unpacked.dir, 'start'), [], { cwd, env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await exited;
    rmSync(cwd, { recursive: true, force: true });
    return code;
  };
  for (;;) {
    const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
    if (url) {
      return {
        url,
        child,
        output: () => output,
        nativeModules: () => [...new Set(readFileSync(`/proc/${child.pid}/maps`, 'utf8').split('\n').map((line) => line.split(/\s+/)[5] ?? '').filter((path) => path.endsWith('.node')))],
        stop,
      };
    }
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the packaged app exited (${child.exitCode}) before listening:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
