/**
 * `npm start -w apps/api-v1`: parse the config (a bad value stops here, naming the variable), build the
 * real dependencies, serve createApp on PORT/HOST, and shut down gracefully on SIGTERM/SIGINT.
 */
import { isCoreError } from '@askdata/core';
import { serve } from '@askdata/http-kit';
import { settleStartupKeys, warnAboutDataSource } from '@askdata/service';
import { createApp } from './app';
import { buildDeps } from './build-deps';
import { loadConfig, type ApiConfig } from './config';
import { createApiLogger } from './logger';

function configOrExit(): ApiConfig {
  try {
    return loadConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`api-v1: cannot start.\n${message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createApiLogger(config);
  try {
    const deps = await buildDeps(config);
    await settleStartupKeys({ apiKeys: config.API_KEYS, devKeyFile: config.DEV_API_KEY_FILE, store: deps.store, logger });
    warnAboutDataSource(deps.answerDeps.dataSource, logger);
    const app = createApp({ config, store: deps.store, answerDeps: deps.answerDeps, logger });
    await serve({ app, port: config.PORT, host: config.HOST, logger, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, onShutdown: () => deps.close() });
  } catch (error) {
    // Start-up errors (unreadable model, missing data file, port in use) are meant for the operator.
    // A known error (an invalid model file, bad configuration) is its report, not a bug: no stack in the log.
    logger.error('start-up failed', isCoreError(error) ? { code: error.code, reason: error.message } : { error });
    process.stderr.write(`api-v1: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

void main();
