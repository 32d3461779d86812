import { hasStatements, pendingSchemaSql } from '../src/migrations/schema-diff';
import { migrationNames } from '../src/migrations/migration-list';
import { parseDatabaseUrl } from '../src/database-url';
import { driftedModelCopies } from '../src/schema-sync';
import { freshDatabase, providers } from './support/test-databases';

/**
 * The CI drift check: the models copies equal prisma/models.prisma, and replaying each provider's
 * committed migrations gives exactly the schema (the engine's diff is empty). When this fails, run
 * `npm run db:generate` and/or `npx tsx packages/db/src/cli/make-migration.ts <name> --pg-url <url>`.
 */
test('each provider folder holds an exact copy of prisma/models.prisma', () => {
  expect(driftedModelCopies()).toEqual([]);
});

test('both providers have the same migration history', () => {
  expect(migrationNames('sqlite').length).toBeGreaterThan(0);
  expect(migrationNames('postgres')).toEqual(migrationNames('sqlite'));
});

describe.each(providers)('%s migrations', (provider) => {
  test('agree with the schema (diff migrations -> schema is empty)', async () => {
    const db = await freshDatabase(provider, 'drift');
    try {
      const sql = await pendingSchemaSql(parseDatabaseUrl(db.url));
      expect(hasStatements(sql) ? sql : '').toBe('');
    } finally {
      await db.dispose();
    }
  });
});

test('hasStatements tells a real change from an empty diff', () => {
  expect(hasStatements('-- This is an empty migration.')).toBe(false);
  expect(hasStatements('-- AlterTable\nALTER TABLE "Answer" ADD COLUMN "x" TEXT;')).toBe(true);
});
