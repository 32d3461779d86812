/**
 * Finds the monorepo root: the nearest ancestor whose package.json declares "workspaces". Defaults such
 * as `<repo>/data/app.db` hang off it, so they do not depend on the directory a process was started from
 * (`npm start -w apps/api-v1` runs in apps/api-v1, root `npm start` in the root).
 */
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

export function findRepoRoot(startDir: string = __dirname): string {
  let dir = resolve(startDir);
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && declaresWorkspaces(candidate)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json with "workspaces" above ${startDir}; cannot locate the repository root.`);
    dir = parent;
  }
}
