/**
 * `npm run db:generate` (also the root postinstall): copies prisma/models.prisma into each provider's
 * schema folder and runs `prisma generate` for both, into packages/db/src/generated/<provider>.
 *
 * Offline: PRISMA_SCHEMA_ENGINE_BINARY points at a stub that exits 1 with a message, so the CLI stops
 * looking for (and trying to download) the native schema engine, which generate does not need.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, schemaDir, type Provider } from '../paths';
import { PROVIDERS, syncModelCopies } from '../schema-sync';

const prismaCli = require.resolve('prisma/build/index.js');
const engineStub = path.join(repoRoot, 'packages', 'db', 'bin', 'no-native-schema-engine.sh');

function generate(provider: Provider): Promise<void> {
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: engineStub,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  };
  const child = spawn(process.execPath, [prismaCli, 'generate', '--schema', schemaDir(provider)], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`prisma generate (${provider}) exited ${code}:\n${output}`))));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const synced = syncModelCopies();
  if (synced.length > 0) process.stdout.write(`db:generate: refreshed models copy for ${synced.join(', ')}\n`);
  await Promise.all(PROVIDERS.map(generate));
  process.stdout.write(`db:generate: Prisma clients for ${PROVIDERS.join(' and ')} generated in ${Date.now() - started} ms\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
