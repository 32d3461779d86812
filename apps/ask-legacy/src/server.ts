/**
 * `npm start -w apps/ask-legacy`: parse the config (a bad value stops here, naming the variable), open the
 * shared runtime (store, data source, model: the same as api-v1's), serve createApp on PORT/HOST, and
 * shut down gracefully on SIGTERM/SIGINT.
 */
import { isCoreError } from '@askdata/core';
import { serve } from '@askdata/http-kit';
import { openRuntime, runtimeOptionsFrom, warnAboutDataSource } from '@askdata/service';
import { createApp } from './app';
import { loadConfig, type LegacyConfig } from './config';
import { createLegacyLogger } from './logger';

function configOrExit(): LegacyConfig {
  try {
    return loadConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ask-legacy: cannot start.\n${message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLegacyLogger(config);
  if (config.ASK_LEGACY_TOKEN === undefined) {
    logger.warn('ASK_LEGACY_TOKEN is not set: /ask accepts unauthenticated callers, who choose their own orgId; keep this service on a private network');
  }
  try {
    const runtime = await openRuntime(runtimeOptionsFrom(config));
    warnAboutDataSource(runtime.answerDeps.dataSource, logger);
    const app = createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, logger });
    await serve({ app, port: config.PORT, host: config.HOST, logger, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, onShutdown: () => runtime.close() });
  } catch (error) {
    // Start-up errors (unreadable model, missing data file, port in use) are meant for the operator.
    // A known error (an invalid model file, bad configuration) is its report, not a bug: no stack in the log.
    logger.error('start-up failed', isCoreError(error) ? { code: error.code, reason: error.message } : { error });
    process.stderr.write(`ask-legacy: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

void main();
