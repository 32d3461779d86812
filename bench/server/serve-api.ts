/**
 * The api-v1 server exactly as apps/api-v1/src/server.ts builds it (its config parser, openRuntime,
 * createApp, serve), with one difference: "now" is pinned (BENCH_PINNED_NOW), so relative-time questions
 * hit the same months as the in-process runs and the raw queries they are compared with. The start-up
 * figure uses the real server.ts instead.
 */
import { serve } from '@askdata/http-kit';
import { openRuntime, runtimeOptionsFrom } from '@askdata/service';
import { createApp } from '../../apps/api-v1/src/app';
import { loadConfig } from '../../apps/api-v1/src/config';
import { createApiLogger } from '../../apps/api-v1/src/logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const pinned = new Date(process.env.BENCH_PINNED_NOW ?? '');
  if (Number.isNaN(pinned.getTime())) throw new Error('BENCH_PINNED_NOW must be an ISO date');
  const logger = createApiLogger(config);
  const runtime = await openRuntime({ ...runtimeOptionsFrom(config), clock: () => pinned });
  const app = createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, logger });
  await serve({ app, port: config.PORT, host: config.HOST, logger, shutdownTimeoutMs: 2000, onShutdown: () => runtime.close() });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench server: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
