// @ts-check
/**
 * `npm run package -w apps/<app>`: one self-contained folder per host, and a tarball of it, in
 * apps/<app>/dist: the app's built programs (server, plus migrate and, for api-v1, keys), the installed
 * packages they load at run time with their dependencies (production ones only: everything else is in
 * the bundles), the files the code reads (migrations, the demo model, vendored pages), a package.json and
 * a `start` script. Unpacked anywhere with the same Node line and platform it runs with `./start`.
 *
 * The folder keeps the repository's layout for what it holds (apps/api-v1/dist/server.js,
 * packages/http-kit/vendor, prisma/sqlite/migrations, node_modules/...), because the bundles find files
 * from their sources' folders (source-paths-plugin.mjs); its package.json declares (empty) workspaces,
 * which is how the code finds its root, so the default store is `<folder>/data/app.db`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './build-config.cjs';
import { buildFreshness } from './build-stamp.cjs';
import { buildAll } from './build.mjs';

/** @typedef {{ program: string, name: string, outdir: string }} Program */

/** What each host runs: the app's server, the store's migrate, and on api-v1 the keys command. */
const PROGRAMS = {
  'api-v1': [
    { program: 'start', name: 'server', outdir: 'apps/api-v1/dist' },
    { program: 'migrate', name: 'migrate', outdir: 'packages/db/dist' },
    { program: 'keys', name: 'keys', outdir: 'packages/db/dist' },
  ],
  'ask-legacy': [
    { program: 'start', name: 'server', outdir: 'apps/ask-legacy/dist' },
    { program: 'migrate', name: 'migrate', outdir: 'packages/db/dist' },
  ],
};

const readJson = (/** @type {string} */ path) => JSON.parse(readFileSync(path, 'utf8'));
const toPosix = (/** @type {string} */ path) => path.split(sep).join('/');

/**
 * The folder of `name` as Node finds it from `fromDir` (nearest node_modules upwards), or undefined.
 * @param {string} name @param {string} fromDir @returns {string | undefined}
 */
function resolvePackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === repoRoot || dirname(dir) === dir) return undefined;
  }
}

/**
 * The installed packages to ship: the ones the bundles load, and everything they depend on, each at the
 * place Node resolves it from its dependent (relative to the root), so nested versions stay nested.
 * @param {string[]} roots package folders relative to the repository root
 */
function dependencyClosure(roots) {
  const found = new Set();
  /** @type {(relDir: string) => void} */
  const visit = (relDir) => {
    if (found.has(relDir)) return;
    found.add(relDir);
    const dir = join(repoRoot, relDir);
    const manifest = readJson(join(dir, 'package.json'));
    const required = Object.keys(manifest.dependencies ?? {});
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const dep of [...required, ...optional]) {
      const depDir = resolvePackageDir(dep, dir);
      if (depDir) visit(toPosix(relative(repoRoot, depDir)));
      else if (!optional.includes(dep)) throw new Error(`${relDir} depends on ${dep}, which is not installed`);
    }
  };
  for (const root of roots) visit(root);
  return [...found].sort();
}

/** Workspace packages whose sources are in a bundle, from their sources' paths. @param {string[]} inputs @returns {string[]} */
function workspacesOf(inputs) {
  return [...new Set(inputs.flatMap((input) => /^((?:apps|packages)\/[^/]+)\/src\//.exec(input)?.[1] ?? []))];
}

/**
 * A package's files minus its own node_modules (what it needs from there is shipped by the closure) and
 * native build leftovers. @param {string} relDir @param {string} target
 */
function copyPackage(relDir, target) {
  const from = join(repoRoot, relDir);
  cpSync(from, join(target, relDir), {
    recursive: true,
    dereference: true,
    filter: (source) => {
      const rel = relative(from, source).split(sep);
      return !rel.includes('node_modules') && !(rel[0] === 'build' && (rel.includes('obj.target') || rel.includes('obj') || rel.includes('.deps')));
    },
  });
}

const startScript = (/** @type {string} */ app, /** @type {string} */ program) => `#!/bin/sh
# askdata ${app}: ${program === 'start' ? 'the server' : `the ${program} command`}. Configure it with environment variables (README, "Configuration");
# the store (DATABASE_URL, default ./data/app.db) is migrated when the server starts.
cd "$(dirname "$0")" || exit 1
exec node ${program === 'start' ? `apps/${app}/dist/server.js` : `packages/db/dist/${program}.js`} "$@"
`;

/**
 * @param {keyof typeof PROGRAMS} app
 * @param {{ outDir?: string }} [options] where the folder and the tarball go (default apps/<app>/dist)
 * @returns {Promise<{ folder: string, tarball: string, bytes: number }>}
 */
export async function packageApp(app, options = {}) {
  const programs = PROGRAMS[app];
  if (!programs) throw new Error(`no such app: ${app} (one of ${Object.keys(PROGRAMS).join(', ')})`);
  if (!buildFreshness().fresh) await buildAll();
  const appManifest = readJson(join(repoRoot, 'apps', app, 'package.json'));
  const name = `askdata-${app}`;
  const outDir = options.outDir ?? join(repoRoot, 'apps', app, 'dist');
  const folder = join(outDir, 'package', name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });

  const installed = new Set();
  const inputs = new Set();
  for (const { name: program, outdir } of programs) {
    for (const suffix of ['.js', '.bundle.js', '.bundle.js.map']) cpSync(join(repoRoot, outdir, `${program}${suffix}`), join(folder, outdir, `${program}${suffix}`));
    const manifest = readJson(join(repoRoot, outdir, `${program}.manifest.json`));
    for (const dir of manifest.installed) installed.add(dir);
    for (const input of manifest.inputs) inputs.add(input);
  }
  for (const dir of dependencyClosure([...installed])) copyPackage(dir, folder);
  // Files the code reads at run time, declared by each bundled workspace package (`runtimeFiles`, relative to it).
  for (const workspace of workspacesOf([...inputs])) {
    for (const file of readJson(join(repoRoot, workspace, 'package.json')).runtimeFiles ?? []) {
      const rel = toPosix(relative(repoRoot, join(repoRoot, workspace, file)));
      cpSync(join(repoRoot, rel), join(folder, rel), { recursive: true });
    }
  }
  const rootManifest = readJson(join(repoRoot, 'package.json'));
  const manifest = {
    name,
    version: appManifest.version,
    private: true,
    description: `${appManifest.description} Built by npm run package -w apps/${app}; start it with ./start.`,
    '//': 'The empty workspaces mark this folder as the root the code resolves its defaults from (data/app.db).',
    workspaces: [],
    scripts: { start: './start' },
    engines: rootManifest.engines,
  };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const { program } of programs) {
    writeFileSync(join(folder, program), startScript(app, program));
    chmodSync(join(folder, program), 0o755);
  }
  const tarball = join(outDir, `${name}-${appManifest.version}.tgz`);
  execFileSync('tar', ['-czf', tarball, '-C', dirname(folder), basename(folder)]);
  return { folder, tarball, bytes: statSync(tarball).size };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // node scripts/build/package-app.mjs <app> [--out <dir>]
  const [appArg, flag, outArg] = process.argv.slice(2);
  const app = /** @type {keyof typeof PROGRAMS} */ (appArg ?? basename(process.cwd()));
  const started = Date.now();
  const { folder, tarball, bytes } = await packageApp(app, flag === '--out' && outArg ? { outDir: outArg } : {});
  process.stdout.write(`[package] ${relative(process.cwd(), folder)}/ and ${relative(process.cwd(), tarball)} (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
