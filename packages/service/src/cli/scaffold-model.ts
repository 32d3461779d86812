/**
 * `npm run model:scaffold -- --data <url> --tenancy none|<contextKey>=<column> [--out <file>]`
 * Introspects a database and prints the derived semantic model as an editable YAML file (stdout unless
 * --out). Tenancy must be stated, never assumed: `none` for single-tenant data, or e.g. `orgId=organisation_id`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { introspectModel, isCoreError, scaffoldModelFile, type IntrospectionTenancy } from '@askdata/core';
import { openDataSource } from '../open-data-source';

const usage = 'Usage: npm run model:scaffold -- --data <sqlite path | file: URL | postgres URL> --tenancy <none | contextKey=column> [--out <file.yaml>]';

class UsageError extends Error {}

export function parseTenancy(text: string | undefined): IntrospectionTenancy {
  if (text === undefined) throw new UsageError('--tenancy is required: say "none" for single-tenant data, or map a context key to a column, e.g. --tenancy orgId=organisation_id');
  if (text === 'none') return 'none';
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) throw new UsageError(`--tenancy must be "none" or contextKey=column (e.g. orgId=organisation_id), got "${text}"`);
  return { contextKey: match[1], column: match[2] };
}

async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { data: { type: 'string' }, tenancy: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (values.data === undefined || values.data.trim() === '') throw new UsageError('--data is required (the database to describe)');
  const tenancy = parseTenancy(values.tenancy);
  const dataSource = await openDataSource(values.data);
  try {
    const model = await introspectModel(dataSource, { tenancy, source: dataSource.description });
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
  else if (isCoreError(error)) process.stderr.write(`model:scaffold: ${error.message}\n`);
  else process.stderr.write(`model:scaffold: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
