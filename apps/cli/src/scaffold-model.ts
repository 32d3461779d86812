/**
 * `npm run model:scaffold -- --data <url> --tenancy none|<contextKey>=<column> [--shared <table>[,<table>]] [--out <file>]`
 * Introspects a database and prints the derived semantic model as an editable YAML file (stdout unless
 * --out). Tenancy must be stated, never assumed: `none` for single-tenant data, or e.g. `orgId=organisation_id`.
 * A table without the tenant column is left out, and said so on stderr with the reason; `--shared` keeps
 * such a table (a lookup like plans) as shared, read by every tenant, because only the user knows it may be.
 * With --out, the business readings rejected for that file (`askdata model suggest --reject`, recorded in
 * <out>.reading-decisions.json) are left out: a rejected reading never comes back on a new scaffold.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { introspectModel, isCoreError, scaffoldModelFile, type IntrospectionTenancy, type SemanticModel } from '@askdata/core';
import { openDataSource } from '@askdata/service';
import { UsageError, parseTenancy } from './parse-tenancy';
import { DecisionsFileError, decisionsPath, readDecisions, rejectedIds } from './reading-decisions-file';

const usage =
  'Usage: npm run model:scaffold -- --data <sqlite path | file: URL | postgres URL> --tenancy <none | contextKey=column> [--shared <table>[,<table>...]] [--out <file.yaml>]\n' +
  '  --shared  keep these tables without the tenant column as shared tables: every tenant reads all their rows';

/** `--shared a,b --shared c` -> ["a", "b", "c"]. */
function sharedTablesOf(values: readonly string[] | undefined): string[] {
  const names = (values ?? []).flatMap((value) => value.split(',')).map((name) => name.trim());
  if (names.some((name) => name === '')) throw new UsageError('--shared takes table names separated by commas, e.g. --shared plans,currencies');
  return names;
}

/** What the model leaves out, and what it keeps shared, on stderr: a YAML comment alone is easy to miss. */
function reportTables(model: SemanticModel, tenancy: IntrospectionTenancy): void {
  const named = (table: { schema?: string; table: string }) => `${table.schema === undefined ? '' : `${table.schema}.`}${table.table}`;
  for (const table of model.excludedTables ?? []) {
    const hint = tenancy === 'none' ? '' : `; if every ${tenancy.contextKey} may read all of it, keep it with --shared ${named(table)}`;
    process.stderr.write(`model:scaffold: left out ${named(table)}: ${table.reason}${hint}\n`);
  }
  if (tenancy === 'none') return;
  for (const entity of Object.values(model.entities)) {
    if (entity.tenancy.kind === 'shared') process.stderr.write(`model:scaffold: kept ${named(entity)} as shared: every ${tenancy.contextKey} reads all its rows\n`);
  }
}

async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { data: { type: 'string' }, tenancy: { type: 'string' }, shared: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (values.data === undefined || values.data.trim() === '') throw new UsageError('--data is required (the database to describe)');
  const tenancy = parseTenancy(values.tenancy);
  const sharedTables = sharedTablesOf(values.shared);
  const dataSource = await openDataSource(values.data);
  try {
    const rejectedReadings = values.out === undefined ? [] : rejectedIds(readDecisions(decisionsPath(values.out)));
    const model = await introspectModel(dataSource, { tenancy, source: dataSource.description, sharedTables, rejectedReadings });
    reportTables(model, tenancy);
    const readings = model.readings?.length ?? 0;
    if (readings > 0) process.stderr.write(`model:scaffold: ${readings} business reading${readings === 1 ? '' : 's'} of the schema to review (words given to fields, with evidence): askdata model suggest --data <url> --tenancy <...> --model <file>\n`);
    if (rejectedReadings.length > 0) process.stderr.write(`model:scaffold: left out ${rejectedReadings.length} rejected reading${rejectedReadings.length === 1 ? '' : 's'} (${decisionsPath(values.out!)})\n`);
    const text = scaffoldModelFile(model);
    if (values.out === undefined) process.stdout.write(text);
    else {
      writeFileSync(values.out, text, 'utf8');
      process.stderr.write(`wrote ${values.out}: ${Object.keys(model.entities).length} entities, ${model.relations.length} relations\n`);
    }
  } finally {
    await dataSource.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) process.stderr.write(`model:scaffold: ${error.message}\n${usage}\n`);
  else if (isCoreError(error) || error instanceof DecisionsFileError) process.stderr.write(`model:scaffold: ${error.message}\n`);
  else process.stderr.write(`model:scaffold: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
