/**
 * `askdata model import <file-or-dir> --tenancy none|<key>=<column> [--out model.yaml] [--semantic-model <name>] [--data <url>]`
 * reads an Apache Ossie document, a dbt project (or its target/semantic_manifest.json) or a Snowflake
 * semantic model, writes the askdata model (stdout without --out) and prints the report on stderr: what was
 * carried, every element not carried with its path and the reason, and the choices made. With --data, the
 * database's columns type a dbt project's fields that neither the YAML nor target/manifest.json types.
 *
 * `askdata model suggest` lists the business readings introspection makes, to accept or reject (suggest-command.ts).
 *
 * `askdata model export --format ossie [--model model.yaml] [--out model.ossie.yaml]` writes an askdata model
 * (SEMANTIC_MODEL, else the demo model) as an Ossie document that the import reads back to an equal model.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isCoreError, loadModelFile } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { exportOssieText, formatReport, importModel, isModelImportError, TenancyRequiredError, type VerifiedQuery } from '@askdata/model-import';
import { openDataSource } from '@askdata/service';
import { modelFileMaxBytes } from './model-file-max-bytes';
import { UsageError, parseTenancy } from './parse-tenancy';
import { DecisionsFileError } from './reading-decisions-file';
import { suggestCommand, suggestUsage } from './suggest-command';

export const modelUsage = `usage: askdata model import <file-or-folder> --tenancy <none | contextKey=column> [--out <model.yaml>] [--semantic-model <name>] [--data <url>]
       askdata model export --format ossie [--model <model.yaml>] [--out <file.ossie.yaml>]
${suggestUsage}

import reads an Apache Ossie (OSI) document (JSON or YAML), a dbt project folder (semantic_models: and
metrics: YAML, the latest spec's semantic_model: on models, or target/semantic_manifest.json) or a Snowflake
semantic model YAML. dbt states no column types: they come from target/manifest.json, else from the database
--data names (its columns introspected), else from the measures (a sum is numeric); the report says which.
The report goes to stderr. A file larger than MODEL_FILE_MAX_BYTES (default 4mb) is
refused before it is read.

suggest lists the business readings introspection makes of the database (words it gives fields, with the
evidence and a confidence); --accept <id> writes one into the --model file, --reject <id> takes it out and
records the rejection in <model>.reading-decisions.json, which model:scaffold --out <model> then honours.`;

export async function modelCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (sub === 'import') return await importCommand(rest);
    if (sub === 'export') return exportCommand(rest);
    if (sub === 'suggest') return await suggestCommand(rest);
    if (sub === undefined || sub === '--help' || sub === '-h') {
      process.stdout.write(`${modelUsage}\n`);
      return sub === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown subcommand ${JSON.stringify(sub)}`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof TenancyRequiredError) {
      process.stderr.write(`askdata model: ${error.message}\n${modelUsage}\n`);
      return 2;
    }
    // A source that is not valid for its format, or a model that does not load: file, path and reason.
    if (isModelImportError(error) || isCoreError(error) || error instanceof DecisionsFileError) {
      process.stderr.write(`askdata model: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function options(argv: string[], names: readonly string[]): { values: Record<string, string | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])), strict: true, allowPositionals: true });
    return { values: parsed.values as Record<string, string | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = options(argv, ['tenancy', 'out', 'semantic-model', 'data']);
  if (positionals.length !== 1 || positionals[0] === undefined) throw new UsageError('name one file or folder to import');
  const tenancy = values.tenancy === undefined ? undefined : parseTenancy(values.tenancy);
  const databaseTables = values.data === undefined ? undefined : await introspectTables(values.data);
  const result = importModel(positionals[0], { maxBytes: modelFileMaxBytes(), ...(tenancy === undefined ? {} : { tenancy }), ...(values['semantic-model'] === undefined ? {} : { model: values['semantic-model'] }), ...(databaseTables === undefined ? {} : { databaseTables }) });
  const extra: string[] = [];
  const queries = result.report.verifiedQueries;
  if (values.out === undefined) process.stdout.write(result.text);
  else {
    writeFileSync(values.out, result.text, 'utf8');
    extra.push(`wrote ${values.out}`);
  }
  if (queries.length > 0) {
    if (values.out === undefined) extra.push(`${queries.length} verified ${queries.length === 1 ? 'query' : 'queries'} found; use --out to write them beside the model as verified questions`);
    else {
      const file = verifiedQueriesPath(values.out);
      writeFileSync(file, jsonLines(queries), 'utf8');
      extra.push(`${queries.length} verified ${queries.length === 1 ? 'query' : 'queries'} written to ${file}; they become verified questions through \`npm run teach -- import\` once the SQL route lands`);
    }
  }
  process.stderr.write(formatReport(result.report, result.carried, extra));
  return 0;
}

/** The tables of the database at `url`, read once and closed: the import itself never connects. */
async function introspectTables(url: string) {
  const dataSource = await openDataSource(url);
  try {
    return await dataSource.introspect();
  } finally {
    await dataSource.close();
  }
}

/** `shop.yaml` -> `shop.verified-queries.jsonl`, beside it. */
export function verifiedQueriesPath(out: string): string {
  return join(dirname(out), `${basename(out, extname(out))}.verified-queries.jsonl`);
}

const jsonLines = (queries: readonly VerifiedQuery[]): string => queries.map((query) => JSON.stringify({ question: query.question, sql: query.sql })).join('\n') + '\n';

function exportCommand(argv: string[]): number {
  const { values, positionals } = options(argv, ['format', 'model', 'out']);
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.format !== 'ossie') throw new UsageError(`--format must be ossie${values.format === undefined ? '' : ` (got ${JSON.stringify(values.format)})`}`);
  const source = values.model ?? (process.env.SEMANTIC_MODEL?.trim() || DEMO_MODEL_PATH);
  const text = exportOssieText(loadModelFile(source, { maxBytes: modelFileMaxBytes() }));
  if (values.out === undefined) process.stdout.write(text);
  else {
    writeFileSync(values.out, text, 'utf8');
    process.stderr.write(`wrote ${values.out} (Apache Ossie, from ${source})\n`);
  }
  return 0;
}
