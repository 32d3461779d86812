/**
 * `npx tsx bench/overhead-ab.ts [--base <git ref>] [--profile]`: the per-answer overhead over HTTP, before
 * and after, in one run. The tree at <ref> (default: where this branch left main) is exported into
 * <os tmpdir>/askdata-bench-base-<sha> (outside the repository, where Jest would find a second copy of
 * every package) and run beside this tree: two bench servers (api-v1 with a pinned clock, a SQLite store each, the result cache
 * off), the same 50k demo warehouse, and for every question the raw query, then both servers' HTTP round
 * trips, in alternating order, so machine load (2 shared cores) falls on both sides alike. Prints the
 * medians over questions of (HTTP - raw), and of a no-op round trip (GET /healthz) on each server.
 * --profile records the new server's CPU (node --cpu-prof), which slows that side: quote the figures
 * of a run without it.
 * Not part of `npm run bench`: it needs a second tree; docs/benchmarks.md quotes its output.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { msSince, nowNs, repeatTimed } from './lib/clock';
import { MAX_ROWS, PINNED_NOW, REPO_ROOT, SCALE_DEMO, TIMEOUT_MS } from './lib/config';
import { layerSharesOfFile, topFramesOfFile } from './lib/cpu-profile';
import { closeHttpClient, postAnswer } from './lib/http-client';
import { log } from './lib/log';
import { loadBenchQuestions, standalone } from './lib/questions';
import { sqliteRawRunner } from './lib/raw-runner';
import { BENCH_SERVER_SCRIPT, startServer, type RunningServer } from './lib/server-process';
import { median, summarise } from './lib/stats';
import { ensureWarehouse } from './lib/warehouses';
import { classifyQuestions } from './sections/classify';

const git = (...args: string[]): string => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/**
 * The tree at `ref`, runnable: its files from git, this tree's third-party node_modules by symlink, and
 * its own workspace packages under node_modules/@askdata (so it runs its own code, not this tree's).
 */
function baseTree(ref: string): string {
  const sha = git('rev-parse', ref);
  const dir = join(tmpdir(), `askdata-bench-base-${sha.slice(0, 12)}`);
  if (existsSync(join(dir, '.ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: REPO_ROOT });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@askdata'), { recursive: true });
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (name !== '@askdata') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  }
  for (const group of ['packages', 'apps']) {
    for (const pkg of readdirSync(join(dir, group))) {
      const manifest = join(dir, group, pkg, 'package.json');
      if (!existsSync(manifest)) continue;
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name.replace('@askdata/', '');
      symlinkSync(relative(join(modules, '@askdata'), join(dir, group, pkg)), join(modules, '@askdata', name));
      // Nested third-party modules (pinned versions) come from this tree's copy of the same package.
      const nested = join(REPO_ROOT, group, pkg, 'node_modules');
      if (existsSync(nested)) symlinkSync(nested, join(dir, group, pkg, 'node_modules'));
    }
  }
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/generate.ts'], { cwd: dir, stdio: 'ignore' });
  execFileSync('touch', [join(dir, '.ready')]);
  return dir;
}

async function noopMs(server: RunningServer, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = nowNs();
    const res = await fetch(`${server.baseUrl}/healthz`);
    await res.text();
    samples.push(msSince(started));
  }
  return median(samples.slice(10));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const ref = argv.includes('--base') ? (argv[argv.indexOf('--base') + 1] ?? 'main') : git('rev-parse', '--short', git('merge-base', 'HEAD', 'main'));
  const profile = argv.includes('--profile');
  const base = baseTree(ref);
  log(`base ${ref} (${git('rev-parse', '--short', ref)}) in ${base}; this tree ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') === '' ? '' : ' + uncommitted changes'}`);
  const demo = ensureWarehouse(SCALE_DEMO);
  const deps = await createAnswerDeps({ dataSourceUrl: demo.path, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
  const questions = (await classifyQuestions(deps, standalone(loadBenchQuestions()))).filter((q) => q.sql !== undefined);
  await deps.close();
  const tmp = mkdtempSync(join(tmpdir(), 'askdata-ab-'));
  const profileDir = join(tmp, 'profile');
  const first = questions[0]!;
  const common = { dataSourceUrl: demo.path, semanticModelPath: DEMO_MODEL_PATH, env: { RESULT_CACHE_TTL_MS: '0' } };
  const before = await startServer({ ...common, script: join(base, 'bench', 'server', 'serve-api.ts'), storeUrl: `file:${join(tmp, 'base.db')}`, cwd: base }, first);
  const after = await startServer({ ...common, script: BENCH_SERVER_SCRIPT, storeUrl: `file:${join(tmp, 'after.db')}`, nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] }, first);
  const raw = sqliteRawRunner(demo.path);
  const budget = { minRuns: 5, maxRuns: 30, budgetMs: 40 };
  const overhead = { before: [] as number[], after: [] as number[] };
  const started = nowNs();
  try {
    for (const [index, q] of questions.entries()) {
      const rawMs = median(await repeatTimed(() => raw.run(q.sql!), budget));
      const http = async (server: RunningServer): Promise<number> => {
        const samples: number[] = [];
        await repeatTimed(async () => {
          const reply = await postAnswer(server.baseUrl, q.question, q.context);
          if (reply.status !== 200) throw new Error(`${q.id}: HTTP ${reply.status} ${reply.body.slice(0, 200)}`);
          samples.push(reply.ms);
        }, budget);
        return median(samples.slice(1));
      };
      const order = index % 2 === 0 ? [before, after] : [after, before];
      const ms = new Map<RunningServer, number>();
      for (const server of order) ms.set(server, await http(server));
      overhead.before.push(ms.get(before)! - rawMs);
      overhead.after.push(ms.get(after)! - rawMs);
    }
    const loadMs = msSince(started);
    const noop = { before: await noopMs(before, 300), after: await noopMs(after, 300) };
    const line = (name: string, samples: number[], noopMedian: number): string => {
      const s = summarise(samples);
      return `| ${name} | ${s.median.toFixed(2)} | ${s.p90.toFixed(2)} | ${noopMedian.toFixed(2)} | ${(s.median - noopMedian).toFixed(2)} |`;
    };
    process.stdout.write(`\n${questions.length} questions at 50k, load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end\n\n`);
    process.stdout.write('| server | HTTP − raw, median ms | p90 | no-op round trip (GET /healthz) | HTTP − raw − no-op |\n| --- | --- | --- | --- | --- |\n');
    process.stdout.write(`${line(`before (${ref})`, overhead.before, noop.before)}\n${line('after (this tree)', overhead.after, noop.after)}\n`);
    await after.stop();
    if (profile) {
      const file = join(profileDir, readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile')) ?? '');
      const window = { lastMs: loadMs, skipLastMs: 1000 };
      process.stdout.write('\nafter, server CPU by layer:\n');
      for (const f of layerSharesOfFile(file, window)) process.stdout.write(`| ${f.selfPercent.toFixed(1)} % | ${f.frame} |\n`);
      process.stdout.write('\nafter, top frames:\n');
      for (const f of topFramesOfFile(file, window, 20)) process.stdout.write(`| ${f.selfPercent.toFixed(1)} % | \`${f.frame}\` |\n`);
    }
  } finally {
    await before.stop();
    await after.stop();
    await raw.close();
    closeHttpClient();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`overhead-ab failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
