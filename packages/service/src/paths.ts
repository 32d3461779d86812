/**
 * Where things live by default. Resolved from the repository root (the package.json that declares
 * workspaces), not from the current directory, so `npm start -w apps/api-v1`, root `npm start` and the
 * CLI all find the same files.
 */
import { repoRoot as storeRepoRoot } from '@askdata/db';
import { defaultDemoWarehousePath } from '@askdata/demo-data';
import { join } from 'node:path';

/**
 * The store package finds the root already (its Prisma schemas live there). Taken from it rather than
 * from @askdata/http-kit, whose entry loads Express and winston: a third of the CLI's start-up.
 */
export function repoRoot(): string {
  return storeRepoRoot;
}

export const dataDir = (): string => join(repoRoot(), 'data');
export const defaultDemoDatabasePath = (): string => defaultDemoWarehousePath(dataDir());
export const defaultStoreUrl = (): string => `file:${join(dataDir(), 'app.db')}`;
export const devKeyPath = (): string => join(dataDir(), 'dev-api-key');
