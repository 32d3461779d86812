/**
 * `npm run keys -- create <name> [--admin] [--context k=v] | revoke <id> | list | token <id> --context k=v [--ttl 15m]`
 * against DATABASE_URL (default: data/app.db at the repo root). `create` prints the new key once, on
 * stdout; it is never stored or logged anywhere else. `token` prints a signed tenant token (tenant-token-command.ts).
 */
import { generateApiKey, hashApiKey, keyPrefix } from '../api-keys';
import { redactUrl } from '../database-url';
import { defaultDatabaseUrl } from '../paths';
import { openStore } from '../prisma-store';
import type { ApiKeyRecord, Store } from '../store';
import { parseContextOption } from './context-option';
import { mintTenantToken, TokenUsageError } from './tenant-token-command';

const usage = 'usage: npm run keys -- create <name> [--admin] [--context key=value] | revoke <id> | list | token <keyId> --context key=value [--ttl 15m]';

class UsageError extends Error {}

function describe(key: ApiKeyRecord): string {
  const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
  const fixed = key.context ? `\tcontext ${JSON.stringify(key.context)}` : '';
  return `${key.id}\t${key.prefix}…\t${key.name}\t${key.admin ? 'admin' : 'answers'}\t${key.createdAt.toISOString()}\t${state}${fixed}`;
}

async function run(store: Store, command: string, args: string[]): Promise<void> {
  if (command === 'create') {
    // --admin: a key for /api/v1/admin/* only (the review queue, vocabulary, verified questions).
    // --context orgId=1: a key fixed to one tenant (it may leave the context out, and may use MCP).
    const admin = args.includes('--admin');
    const rest: string[] = [];
    const contexts: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--context') contexts.push(args[++i] ?? '');
      else if (args[i] !== '--admin') rest.push(args[i] as string);
    }
    const name = rest.join(' ').trim();
    if (!name) throw new UsageError('create needs a name');
    if (name.startsWith('--')) throw new UsageError(`unknown option ${name.split(' ')[0]}`);
    if (admin && contexts.length > 0) throw new UsageError('an admin key has no tenant context');
    let context: Record<string, string> | undefined;
    try {
      context = contexts.length > 0 ? parseContextOption(contexts) : undefined;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const key = generateApiKey();
    const record = await store.apiKeys.create({ name, keyHash: hashApiKey(key), prefix: keyPrefix(key), admin, ...(context ? { context } : {}) });
    const kind = admin ? 'admin key' : 'API key';
    const fixed = context ? `, fixed to context ${JSON.stringify(context)}` : '';
    process.stdout.write(`Created ${kind} ${record.id} (${record.name})${fixed}. Copy it now; it will not be shown again:\n${key}\n`);
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
  if (command === 'token') {
    try {
      process.stdout.write(`${await mintTenantToken(store, args)}\n`);
    } catch (error) {
      if (error instanceof TokenUsageError) throw new UsageError(error.message);
      throw error;
    }
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
  if (!['create', 'revoke', 'list', 'token'].includes(command)) {
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
