/**
 * Where things live by default. Resolved from the repository root (the package.json that declares
 * workspaces), not from the current directory, so `npm start -w apps/api-v1`, root `npm start` and the
 * CLI all find the same files.
 */
import { defaultDemoWarehousePath } from '@askdata/demo-data';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function declaresWorkspaces(packageJsonPath: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
  } catch {
    return false;
  }
}

let cachedRoot: string | undefined;

export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = resolve(__dirname);
  while (true) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && declaresWorkspaces(candidate)) return (cachedRoot = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Could not find the repository root (a package.json with "workspaces") above ' + __dirname);
    dir = parent;
  }
}

export const dataDir = (): string => join(repoRoot(), 'data');
export const defaultDemoDatabasePath = (): string => defaultDemoWarehousePath(dataDir());
export const defaultStoreUrl = (): string => `file:${join(dataDir(), 'app.db')}`;
export const devKeyPath = (): string => join(dataDir(), 'dev-api-key');
