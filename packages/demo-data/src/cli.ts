/**
 * `npm run demo:generate -- [--out path] [--scale n] [--seed n] [--now ISO-date] [--if-missing]`
 * Writes the demo warehouse (default: data/demo-warehouse.sqlite) and prints what it wrote.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, ensureDemoWarehouse, generateDemoWarehouse } from './generate-demo-warehouse';
import { defaultDemoWarehousePath } from './demo-paths';

const usage = 'Usage: npm run demo:generate -- [--out <path>] [--scale <n>] [--seed <integer>] [--now <ISO date>] [--if-missing]';

function fail(message: string): never {
  process.stderr.write(`demo:generate: ${message}\n${usage}\n`);
  process.exit(2);
}

function parse(argv: string[]): { out: string; scale: number; seed: number; now: Date; ifMissing: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, scale: { type: 'string' }, seed: { type: 'string' }, now: { type: 'string' }, 'if-missing': { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) fail(`--scale must be a number greater than 0 and at most 1000, got "${values.scale}"`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) fail(`--now must be an ISO date such as 2026-01-15, got "${values.now}"`);
  return { out: values.out ?? defaultDemoWarehousePath(), scale, seed, now, ifMissing: values['if-missing'] === true };
}

function main(): void {
  const args = parse(process.argv.slice(2));
  if (args.ifMissing) {
    const result = ensureDemoWarehouse(args.out, { scale: args.scale, seed: args.seed, now: args.now });
    process.stdout.write(`${result.created ? 'created' : 'exists'} ${result.path}\n`);
    return;
  }
  const result = generateDemoWarehouse({ path: args.out, scale: args.scale, seed: args.seed, now: args.now });
  process.stdout.write(
    `wrote ${result.path} in ${result.elapsedMs} ms: ${result.organisations} organisations, ${result.users} users, ` +
      `${result.products} products, ${result.orders} orders, ${result.reviews} reviews (${result.from} .. ${result.to})\n`,
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(`demo:generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
