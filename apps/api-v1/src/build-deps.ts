/**
 * The real dependencies of the app, from the config: the shared runtime (@askdata/service) opens the
 * store (migrated), creates the demo warehouse when it is the data source and missing, and builds
 * core's answer dependencies. One close() releases everything, for graceful shutdown.
 */
import { openRuntime, runtimeOptionsFrom, type Runtime } from '@askdata/service';
import type { ApiConfig } from './config';

export type ServiceDeps = Runtime;

export function buildDeps(config: ApiConfig): Promise<ServiceDeps> {
  return openRuntime(runtimeOptionsFrom(config));
}
