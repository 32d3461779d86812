import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { schemaDir, type Provider } from '../paths';

export interface SchemaFile {
  path: string;
  content: string;
}

/** The .prisma files of a provider's schema folder (datasource + generator, and the models copy). */
export function readSchemaFiles(provider: Provider): SchemaFile[] {
  const dir = schemaDir(provider);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.prisma'))
    .sort()
    .map((name) => ({ path: path.join(dir, name), content: readFileSync(path.join(dir, name), 'utf8') }));
}
