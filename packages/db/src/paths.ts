import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Absolute paths of the files this package works with. The repo root is found by walking up from this
 * file to the package.json that declares the workspaces, so CLIs behave the same from any cwd.
 */
function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`askdata: no workspace root (package.json with "workspaces") above ${start}`);
    dir = parent;
  }
}

export type Provider = 'sqlite' | 'postgres';

export const repoRoot: string = findRepoRoot(__dirname);
export const prismaDir: string = path.join(repoRoot, 'prisma');
/** The one models file both providers share. */
export const sharedModelsFile: string = path.join(prismaDir, 'models.prisma');

/** The schema folder of a provider: schema.prisma (datasource + generator) and a copy of the models. */
export function schemaDir(provider: Provider): string {
  return path.join(prismaDir, provider);
}

export function migrationsDir(provider: Provider): string {
  return path.join(schemaDir(provider), 'migrations');
}

/** Default store of the service: relative to the repo root, never to the cwd. */
export const defaultDatabaseUrl: string = `file:${path.join(repoRoot, 'data', 'app.db')}`;
