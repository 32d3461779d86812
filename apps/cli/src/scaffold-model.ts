/**
 * `npm run model:scaffold -- --data <url> --tenancy none|<contextKey>=<column> [--out <file>]`
 * Introspects a database and prints the derived semantic model as an editable YAML file (stdout unless
 * --out). Tenancy must be stated, never assumed: `none` for single-tenant data, or e.g. `orgId=organisation_id`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { introspectModel, isCoreError, scaffoldModelFile } from '@askdata/core';
import { openDataSource } from '@askdata/service';
import { UsageError, parseTenancy } from './parse-tenancy';

const usage = 'Usage: npm run model:scaffold -- --data <sqlite path | file: URL | postgres URL> --tenancy <none | contextKey=column> [--out <file.yaml>]';

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
