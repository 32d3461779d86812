/**
 * `npm run lockfile:refresh`: the one way to update package-lock.json after changing a package.json.
 * Runs `npm install` until the lockfile stops changing, then `lockfile:check`.
 *
 * Why more than one install: after a dependency change, npm 11 writes some entries as "devOptional" and
 * rewrites them as "dev" on the next install, so a lockfile committed after one install leaves the next
 * clone dirty after its own `npm install` (.ci/run checks exactly that). Two rounds settle it here; the
 * loop stops at five so a lockfile that never settles fails instead of spinning.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const lockPath = join(root, 'package-lock.json');
const digest = (): string => createHash('sha256').update(readFileSync(lockPath)).digest('hex');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args: string[]): void {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`lockfile:refresh: npm ${args.join(' ')} failed\n`);
    process.exit(result.status ?? 1);
  }
}

const MAX_ROUNDS = 5;
let before = digest();
for (let round = 1; ; round += 1) {
  process.stdout.write(`lockfile:refresh: npm install, round ${round}\n`);
  run(['install', '--no-audit', '--no-fund']);
  const after = digest();
  if (after === before) break;
  if (round === MAX_ROUNDS) {
    process.stderr.write(`lockfile:refresh: package-lock.json still changed after ${MAX_ROUNDS} installs\n`);
    process.exit(1);
  }
  before = after;
}
run(['run', '-s', 'lockfile:check']);
