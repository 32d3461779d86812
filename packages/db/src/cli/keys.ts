/**
 * `npm run keys -- create <name> | revoke <id> | list` against DATABASE_URL (default: data/app.db at the
 * repo root). `create` prints the new key once, on stdout; it is never stored or logged anywhere else.
 */
import { generateApiKey, hashApiKey, keyPrefix } from '../api-keys';
import { redactUrl } from '../database-url';
import { defaultDatabaseUrl } from '../paths';
import { openStore } from '../prisma-store';
import type { ApiKeyRecord, Store } from '../store';

const usage = 'usage: npm run keys -- create <name> [--admin] | revoke <id> | list';

class UsageError extends Error {}

function describe(key: ApiKeyRecord): string {
  const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
  return `${key.id}\t${key.prefix}…\t${key.name}\t${key.admin ? 'admin' : 'answers'}\t${key.createdAt.toISOString()}\t${state}`;
}

async function run(store: Store, command: string, args: string[]): Promise<void> {
  if (command === 'create') {
    // --admin: a key for /api/v1/admin/* only (the review queue, vocabulary, verified questions).
    const admin = args.includes('--admin');
    const name = args.filter((arg) => arg !== '--admin').join(' ').trim();
    if (!name) throw new UsageError('create needs a name');
    if (name.startsWith('--')) throw new UsageError(`unknown option ${name.split(' ')[0]}`);
    const key = generateApiKey();
    const record = await store.apiKeys.create({ name, keyHash: hashApiKey(key), prefix: keyPrefix(key), admin });
    const kind = admin ? 'admin key' : 'API key';
    process.stdout.write(`Created ${kind} ${record.id} (${record.name}). Copy it now; it will not be shown again:\n${key}\n`);
    return;
  }
  if (command === 'revoke') {
    const [id, ...rest] = args;
    if (!id || rest.length > 0) throw new UsageError('revoke needs exactly one key id');
    const record = await store.apiKeys.revoke(id);
    if (!record) throw new Error(`no API key with id ${id}`);
    process.stdout.write(`Revoked ${describe(record)}\n`);
    return;
  }
  if (command === 'list') {
    if (args.length > 0) throw new UsageError('list takes no arguments');
    const keys = await store.apiKeys.list();
    process.stdout.write(keys.length === 0 ? 'No API keys.\n' : `${keys.map(describe).join('\n')}\n`);
    return;
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
}

async function main(): Promise<number> {
  const [command = '', ...args] = process.argv.slice(2);
  if (!['create', 'revoke', 'list'].includes(command)) {
    process.stderr.write(`${command ? `unknown command "${command}"` : 'a command is required'}\n${usage}\n`);
    return 2;
  }
  const url = process.env.DATABASE_URL || defaultDatabaseUrl;
  let store: Store | undefined;
  try {
    store = await openStore(url);
    await run(store, command, args);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof UsageError ? `${message}\n${usage}\n` : `keys ${command} failed (${redactUrl(url)}): ${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await store?.close();
  }
}

main().then((code) => process.exit(code));
