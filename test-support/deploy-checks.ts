/**
 * What can be checked of deploy/ and apps/<app>/Dockerfile on a machine with no container registry and
 * no systemd running: the Dockerfile's steps (it calls the packaging script and runs what it wrote, as a
 * non-root user, with a HEALTHCHECK that is run here against a real server), the systemd unit through
 * `systemd-analyze verify` on an instance pointed at an unpacked package, and each nginx site through
 * `nginx -t` and real requests through Debian's nginx (listen and upstream ports moved to free ones).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { requireNginx } from '../loadtest/replicas/nginx';
import { repoRoot } from './packaged-app';

export type AppName = 'api-v1' | 'ask-legacy';

export const dockerfileText = (app: AppName): string => readFileSync(join(repoRoot, 'apps', app, 'Dockerfile'), 'utf8');

/** The Dockerfile's instructions, continuation lines joined: `["FROM node:20-bookworm AS build", ...]`. */
export function dockerInstructions(app: AppName): string[] {
  return dockerfileText(app)
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Runs the exec-form HEALTHCHECK command of the Dockerfile with PORT set; resolves with its exit code. */
export function runDockerHealthcheck(app: AppName, port: number): Promise<number | null> {
  const line = dockerInstructions(app).find((instruction) => instruction.startsWith('HEALTHCHECK'));
  const command = /\bCMD (\[.*\])$/.exec(line ?? '')?.[1];
  if (!command) throw new Error(`no exec-form HEALTHCHECK CMD in apps/${app}/Dockerfile`);
  const [program, ...args] = JSON.parse(command) as string[];
  return new Promise((resolve) => {
    const child = spawn(program === 'node' ? process.execPath : (program ?? ''), args, { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });
}

/** `systemd-analyze verify` of askdata@<app>.service with /opt pointed at the unpacked package's parent. */
export function verifySystemdUnit(app: AppName, unpackedDir: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-systemd-'));
  try {
    const unit = readFileSync(join(repoRoot, 'deploy', 'systemd', 'askdata@.service'), 'utf8').replaceAll('/opt/', `${dirname(unpackedDir)}/`);
    if (basename(unpackedDir) !== `askdata-${app}`) throw new Error(`unexpected package folder ${unpackedDir}`);
    const file = join(dir, `askdata@${app}.service`);
    writeFileSync(file, unit);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const siteFile = (app: AppName): string => join(repoRoot, 'deploy', 'nginx', `askdata-${app}.conf`);

/** A main nginx.conf around the site, with every path nginx writes in `dir`. */
function mainConfig(dir: string, site: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`).join('\n');
  return `worker_processes 1;\ndaemon off;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\nevents { worker_connections 64; }\nhttp {\n  access_log ${join(dir, 'access.log')};\n${temp}\n  include ${site};\n}\n`;
}

/** `nginx -t` on the shipped site as it is, inside a main config of our own. */
export function nginxTest(app: AppName): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-nginx-t-'));
  try {
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, siteFile(app)));
    const result = spawnSync(requireNginx(), ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shipped site in front of an app on `upstreamPort`, listening on 127.0.0.1:`port`; nothing else changed. */
export async function startNginxSite(app: AppName, port: number, upstreamPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-nginx-site-'));
  mkdirSync(dir, { recursive: true });
  const site = readFileSync(siteFile(app), 'utf8')
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/server 127\.0\.0\.1:300[01]\b/, `server 127.0.0.1:${upstreamPort}`);
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, join(dir, 'site.conf')));
  const child = spawn(requireNginx(), ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    }
    if (await fetch(`${url}/healthz`).then((res) => res.ok, () => false)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
