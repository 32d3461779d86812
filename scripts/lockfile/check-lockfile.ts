/**
 * `npm run lockfile:check`: fails when package-lock.json lacks an optional dependency that a locked
 * package declares, which `npm ci` would reject (see unrecorded-optional-dependencies.ts). Run it after
 * any `npm install` that changed the lockfile; docs/development.md says what to do when it fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unrecordedOptionalDependencies, type Lockfile } from './unrecorded-optional-dependencies';

const lockPath = process.argv[2] ?? join(__dirname, '..', '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;
const gaps = unrecordedOptionalDependencies(lock);

if (gaps.length === 0) {
  process.stdout.write('lockfile:check: every optional dependency is recorded; npm ci will accept package-lock.json\n');
} else {
  const byDeclarer = new Map<string, string[]>();
  for (const gap of gaps) {
    const declarer = `${gap.declaredBy.replace(/^.*node_modules\//, '') || 'askdata (root)'}@${gap.declaredByVersion ?? '?'}`;
    byDeclarer.set(declarer, [...(byDeclarer.get(declarer) ?? []), `${gap.name}@${gap.range}`]);
  }
  const lines = [...byDeclarer].map(([declarer, names]) => `  ${declarer} declares ${names.length} optional package(s) the lockfile lacks: ${names.join(', ')}`);
  process.stderr.write(
    [
      `lockfile:check: package-lock.json lacks ${gaps.length} optional dependencies, so \`npm ci\` will fail with "Missing: <name>@ from lock file":`,
      ...lines,
      'The registry could not serve them at those versions when the lockfile was written (npm/cli#9846).',
      'Pin each declaring package to a version whose optional builds the registry serves (see docs/development.md, "The lockfile").',
      '',
    ].join('\n'),
  );
  process.exitCode = 1;
}
