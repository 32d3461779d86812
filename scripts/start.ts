/**
 * Root `npm start`: bootstrap once (demo warehouse, store migrations, dev key), then start every app
 * as its own process, as each host would deploy it, and print where they listen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureDemoWarehouse } from '@askdata/demo-data';
import { migrate } from '@askdata/db';
import { defaultDemoDatabasePath, defaultStoreUrl, ensureDevKey, isDemoSource, repoRoot } from '@askdata/service';

interface AppSpec {
  name: string;
  dir: string;
  defaultPort: number;
  portVariable: string;
  paths: string[];
}

const apps: AppSpec[] = [
  { name: 'api-v1', dir: 'apps/api-v1', defaultPort: 3000, portVariable: 'PORT', paths: ['POST /api/v1/conversations/answer'] },
  { name: 'ask-legacy', dir: 'apps/ask-legacy', defaultPort: 3001, portVariable: 'LEGACY_PORT', paths: ['POST /ask'] },
];

/** Each app reads PORT; here each has its own variable (PORT, LEGACY_PORT) so both can be chosen at once. */
const portOf = (app: AppSpec): string => process.env[app.portVariable] ?? String(app.defaultPort);

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);

async function bootstrap(): Promise<string> {
  if (isDemoSource(process.env.DATA_SOURCE_URL)) {
    log('checking the demo warehouse (first run generates ~50,000 orders)...');
    const started = Date.now();
    ensureDemoWarehouse(defaultDemoDatabasePath());
    log(`demo warehouse ready: ${defaultDemoDatabasePath()} (${Date.now() - started} ms)`);
  }
  log('applying store migrations...');
  await migrate(process.env.DATABASE_URL ?? defaultStoreUrl());
  return ensureDevKey();
}

function startApp(app: AppSpec, env: NodeJS.ProcessEnv): ChildProcess {
  const tsx = join(repoRoot(), 'node_modules', '.bin', 'tsx');
  return spawn(tsx, [join(repoRoot(), app.dir, 'src', 'server.ts')], { env, stdio: 'inherit' });
}

async function main(): Promise<void> {
  const devKey = await bootstrap();
  const env = { ...process.env, API_KEYS: process.env.API_KEYS ?? devKey };
  const children = apps.map((app) => startApp(app, { ...env, PORT: portOf(app) }));
  const baseOf = (app: AppSpec): string => `http://localhost:${portOf(app)}`;
  for (const app of apps) log(`${`${app.name}:`.padEnd(12)}${baseOf(app)}  (${app.paths.join(', ')})`);
  if (!process.env.API_KEYS) log(`dev API key: ${devKey}`);
  const [v1, legacy] = apps.map(baseOf);
  log(`try: curl -s ${v1}/api/v1/conversations/answer -H "Authorization: Bearer ${process.env.API_KEYS ? '<your key>' : devKey}" -H 'Content-Type: application/json' -d '{"question":"Revenue by category last month","context":{"orgId":1}}'`);
  const legacyAuth = process.env.ASK_LEGACY_TOKEN ? ' -H "Authorization: Bearer $ASK_LEGACY_TOKEN"' : '';
  log(`try: curl -s ${legacy}/ask${legacyAuth} -H 'Content-Type: application/json' -d '{"question":"Revenue by category last month","conversationId":"demo-1","requestContext":{"userId":"u-1","orgId":1}}'`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // If one app dies on its own, stop the other too: a half-running service is worse than a clear failure.
  await Promise.all(
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
}

main().catch((error: unknown) => {
  process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
