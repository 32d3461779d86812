/**
 * Where things live by default. Resolved from the repository root (the package.json that declares
 * workspaces), not from the current directory, so `npm start -w apps/api-v1`, root `npm start` and the
 * CLI all find the same files.
 */
import { defaultDemoWarehousePath } from '@askdata/demo-data';
import { findRepoRoot } from '@askdata/env';
import { join } from 'node:path';

let cachedRoot: string | undefined;

export function repoRoot(): string {
  cachedRoot ??= findRepoRoot(__dirname);
  return cachedRoot;
}

export const dataDir = (): string => join(repoRoot(), 'data');
export const defaultDemoDatabasePath = (): string => defaultDemoWarehousePath(dataDir());
export const defaultStoreUrl = (): string => `file:${join(dataDir(), 'app.db')}`;
export const devKeyPath = (): string => join(dataDir(), 'dev-api-key');
