/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (default: the repo's data/app.db).
 */
import { redactUrl } from '../database-url';
import { migrate } from '../migrate';
import { defaultDatabaseUrl } from '../paths';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL || defaultDatabaseUrl;
  const started = Date.now();
  const result = await migrate(url);
  const what = result.applied.length > 0 ? `applied ${result.applied.join(', ')}` : 'already up to date';
  process.stdout.write(`${redactUrl(url)}: ${what} (${Date.now() - started} ms)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
