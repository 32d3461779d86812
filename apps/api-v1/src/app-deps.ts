/**
 * What the v1 app is given to run: the store and the pipeline's deps (the service's AskDeps), reached only
 * through @askdata/service, with the config and logger. A file of its own so the middleware and routes that
 * take these deps need not import app.ts, which imports them.
 */
import type { AskDeps } from '@askdata/service';
import type { Logger } from 'winston';
import type { ApiConfig } from './config';

export interface AppDeps extends AskDeps {
  config: ApiConfig;
  logger: Logger;
  /** "Now" for the rate limiter's windows (counted in the store, shared by every process); tests move it. Defaults to the system clock. */
  clock?: () => Date;
}
