/**
 * Root `npm start`, once scripts/start.cjs found the ports free and the build current: bootstrap once (demo
 * warehouse, store migrations, dev key), then start every app from its built output
 * (`node apps/<app>/dist/server.js`) as its own process, as each host would deploy it, wait until each
 * is ready, and print where to go: both base URLs, the playground, the API docs and the dev key.
 * `npm run dev` starts the apps with `node --watch`, so each restarts when its bundle is rebuilt.
 *
 * Long steps show progress (an elapsed-time ticker), because a first start can take a while: generating
 * the demo warehouse runs in a child process (it is synchronous work that would freeze a ticker here),
 * migrations are async, and the apps' start-up (opening the data, building the value index) is
 * watched: each app says on its IPC channel when it listens, then its /readyz is polled, so another
 * process on the same port is never taken for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openStore } from '@askdata/db';
import { defaultDemoDatabasePath, defaultStoreUrl, devKeyPath, DEV_KEY_NAME, ensureRegisteredDevKey, isDemoSource, repoRoot } from '@askdata/service';
import { APPS as apps, portOf, type AppSpec } from './start/app-ports.cjs';

const watch = process.argv.includes('--watch');
const baseOf = (app: AppSpec): string => `http://localhost:${portOf(app)}`;

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);

/**
 * Runs `work` while showing that it is alive: on a terminal one line updated in place every 250 ms,
 * elsewhere (CI logs) a line every 5 s. Ends with the step's duration, or its failure.
 */
async function withProgress<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const tty = process.stdout.isTTY === true;
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let frame = 0;
  const tick = setInterval(
    () => {
      if (tty) process.stdout.write(`\r[start] ${frames[(frame += 1) % frames.length]} ${label} ${seconds()} s `);
      else log(`${label} still running (${seconds()} s)`);
    },
    tty ? 250 : 5000,
  );
  if (!tty) log(`${label}...`);
  try {
    const result = await work();
    clearInterval(tick);
    if (tty) process.stdout.write('\r\x1b[2K');
    log(`✓ ${label} (${seconds()} s)`);
    return result;
  } catch (error) {
    clearInterval(tick);
    if (tty) process.stdout.write('\r\x1b[2K');
    log(`✗ ${label} failed after ${seconds()} s`);
    throw error;
  }
}

/** Resolves when the command exits 0; its output is shown only when it fails. */
function runQuietly(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`))));
  });
}

/**
 * Without API_KEYS: the dev key from data/dev-api-key (made on the first start), registered in the store,
 * where each app finds it; null when the operator set API_KEYS.
 */
async function devKeyFor(storeUrl: string): Promise<string | null> {
  if (process.env.API_KEYS) return null;
  const store = await openStore(storeUrl);
  try {
    const { key, replaced } = await ensureRegisteredDevKey(store);
    if (replaced) log(`the previous dev key was revoked; wrote a new one to ${devKeyPath()}`);
    return key;
  } finally {
    await store.close();
  }
}

async function bootstrap(): Promise<string | null> {
  if (isDemoSource(process.env.DATA_SOURCE_URL)) {
    const path = defaultDemoDatabasePath();
    if (existsSync(path)) log(`demo warehouse: ${path}`);
    else {
      await withProgress('generating the demo warehouse (~50,000 orders, first start only)', () =>
        runQuietly(process.execPath, [join(repoRoot(), 'packages', 'demo-data', 'dist', 'generate-demo.js'), '--out', path, '--if-missing']),
      );
    }
  }
  const storeUrl = process.env.DATABASE_URL ?? defaultStoreUrl();
  const result = await withProgress('applying store migrations', () => migrate(storeUrl));
  if (result.applied.length > 0) log(`applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`);
  return devKeyFor(storeUrl);
}

function startApp(app: AppSpec, env: NodeJS.ProcessEnv): ChildProcess {
  // The app itself, not a wrapper that relays signals, so SIGTERM reaches the graceful drain. The IPC
  // channel carries the app's "listening" message (http-kit's serve); `node --watch` runs the app in a
  // child of its own, so in watch mode the ports are known free and /readyz alone is polled.
  const server = join(repoRoot(), app.dir, 'dist', 'server.js');
  return spawn(process.execPath, watch ? ['--watch', server] : [server], { env, stdio: watch ? 'inherit' : ['inherit', 'inherit', 'inherit', 'ipc'] });
}

/** Resolves when the child says it listens (in watch mode at once), rejects if it exits first. */
function listening(app: AppSpec, child: ChildProcess): Promise<void> {
  if (watch) return Promise.resolve();
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'askdata:listening') resolve();
    });
    child.once('exit', (code) => reject(new Error(`${app.name} exited during start-up (code ${code})`)));
  });
}

/** Polls /readyz until the app answers 200 (its data is open and its value index built), or it exits. */
async function waitUntilReady(app: AppSpec, child: ChildProcess): Promise<void> {
  await listening(app, child);
  const url = `http://127.0.0.1:${portOf(app)}/readyz`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app.name} exited during start-up (code ${child.exitCode})`);
    const ready = await fetch(url).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function printWhereToGo(devKey: string | null): void {
  const [v1, legacy] = apps;
  if (!v1 || !legacy) return;
  const key = devKey ?? '<one of your API_KEYS>';
  log('');
  for (const app of apps) log(`${`${app.name}:`.padEnd(12)}${baseOf(app)}  (${app.paths.join(', ')})`);
  log(`${'playground:'.padEnd(12)}${baseOf(v1)}/playground`);
  log(`${'API docs:'.padEnd(12)}${baseOf(v1)}/docs  (OpenAPI: ${baseOf(v1)}/openapi.json; legacy: ${baseOf(legacy)}/docs)`);
  if (devKey) log(`${'dev key:'.padEnd(12)}${devKey}  (paste it into the playground; in \`npm run keys -- list\` as "${DEV_KEY_NAME}")`);
  log('');
  log(`try: curl -s ${baseOf(v1)}/api/v1/conversations/answer -H "Authorization: Bearer ${key}" -H 'Content-Type: application/json' -d '{"question":"Revenue by category last month","context":{"orgId":1}}'`);
  const legacyAuth = process.env.ASK_LEGACY_TOKEN ? ' -H "Authorization: Bearer $ASK_LEGACY_TOKEN"' : '';
  log(`try: curl -s ${baseOf(legacy)}/ask${legacyAuth} -H 'Content-Type: application/json' -d '{"question":"Revenue by category last month","conversationId":"demo-1","requestContext":{"userId":"u-1","orgId":1}}'`);
}

async function main(): Promise<void> {
  const devKey = await bootstrap();
  // The apps find the dev key themselves (data/dev-api-key, registered in the store), exactly as when
  // one is started alone with `npm start -w apps/api-v1`.
  const children = apps.map((app) => startApp(app, { ...process.env, PORT: String(portOf(app)) }));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // If one app dies on its own, stop the other too: a half-running service is worse than a clear failure.
  const exited = Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) =>
          child.on('exit', (code) => {
            if (!stopping) {
              process.exitCode = code || 1;
              stop('SIGTERM');
            }
            resolve();
          }),
        ),
    ),
  );

  try {
    await withProgress('starting the apps (opening the data, building the value index)', () =>
      Promise.all(apps.map((app, index) => waitUntilReady(app, children[index] as ChildProcess))),
    );
    printWhereToGo(devKey);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    stop('SIGTERM');
  }
  await exited;
}

main().catch((error: unknown) => {
  process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
