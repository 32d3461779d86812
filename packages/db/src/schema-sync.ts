import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { schemaDir, sharedModelsFile, type Provider } from './paths';

/**
 * prisma/models.prisma is the one source of the data model. A provider is fixed per schema, so each
 * provider folder holds its own datasource plus a byte-for-byte copy of the models (Prisma reads a
 * schema folder, not files outside it). These helpers write and verify the copies.
 */
export const PROVIDERS: readonly Provider[] = ['sqlite', 'postgres'];

export function modelsCopyPath(provider: Provider): string {
  return path.join(schemaDir(provider), 'models.prisma');
}

/** Providers whose copy differs from the shared models file (or is missing). */
export function driftedModelCopies(): Provider[] {
  const source = readFileSync(sharedModelsFile, 'utf8');
  return PROVIDERS.filter((p) => !existsSync(modelsCopyPath(p)) || readFileSync(modelsCopyPath(p), 'utf8') !== source);
}

/** Rewrites the copies that differ; returns the providers it touched. */
export function syncModelCopies(): Provider[] {
  const source = readFileSync(sharedModelsFile, 'utf8');
  const drifted = driftedModelCopies();
  for (const provider of drifted) writeFileSync(modelsCopyPath(provider), source);
  return drifted;
}
