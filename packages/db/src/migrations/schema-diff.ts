import type { DatabaseTarget } from '../database-url';
import { readSchemaFiles } from '../engine/schema-files';
import { withSchemaEngine } from '../engine/with-schema-engine';
import { readMigrationList } from './migration-list';

/**
 * The SQL that would take a database built from the committed migrations to the current schema: empty
 * when they agree. The engine replays the migrations into a shadow database reached through `target`
 * (SQLite: in memory; PostgreSQL: a temporary database on the same server, so CREATEDB is needed).
 */
export async function pendingSchemaSql(target: DatabaseTarget): Promise<string> {
  const result = await withSchemaEngine(target, (engine) =>
    engine.diff({
      from: { tag: 'migrations', ...readMigrationList(target.kind) },
      to: { tag: 'schemaDatamodel', files: readSchemaFiles(target.kind) },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    }),
  );
  return (result.stdout ?? '').trim();
}

/** True when the SQL has statements, not only comments such as "-- This is an empty migration." */
export function hasStatements(sql: string): boolean {
  return sql
    .split('\n')
    .map((line) => line.trim())
    .some((line) => line !== '' && !line.startsWith('--'));
}
