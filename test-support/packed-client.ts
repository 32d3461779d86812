/**
 * The client as a user outside the monorepo gets it: `npm pack` packages/client (prepack builds it),
 * install the tarball into a fresh plain Node project (offline: it has no dependencies), and run code
 * there with plain `node`. Shared by the v1 and legacy tests that drive it against a running app.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');

export interface PackedClientProject {
  dir: string;
  /** Runs `node <file>` in the project with `env` added; resolves with its stdout. */
  node(file: string, source: string, env?: Record<string, string>): Promise<string>;
  /** Every .d.ts of the installed package, by path. */
  declarations(): Record<string, string>;
  close(): void;
}

export async function packedClientProject(): Promise<PackedClientProject> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-packed-client-'));
  const npm = { cwd: dir, timeout: 180_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } };
  await run('npm', ['pack', '--pack-destination', dir, '--silent'], { ...npm, cwd: join(ROOT, 'packages', 'client') });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'plain-node-project', private: true, version: '1.0.0' }));
  await run('npm', ['install', '--offline', '--ignore-scripts', '--no-package-lock', join(dir, tarball)], npm);
  const installed = join(dir, 'node_modules', '@askdata', 'client');
  return {
    dir,
    async node(file, source, env = {}) {
      writeFileSync(join(dir, file), source);
      const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 60_000, env: { ...process.env, ...env } });
      return stdout;
    },
    declarations() {
      const types = join(installed, 'dist', 'types');
      return Object.fromEntries(readdirSync(types).filter((name) => name.endsWith('.d.ts')).map((name) => [name, readFileSync(join(types, name), 'utf8')]));
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The README's client snippet: the ```js block between <!-- client-snippet --> markers. */
export function readmeSnippet(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- ${name}:start -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(readme);
  if (match?.[1] === undefined) throw new Error(`README.md has no ${name} block`);
  return match[1];
}
