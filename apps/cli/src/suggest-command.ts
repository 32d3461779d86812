/**
 * `askdata model suggest --data <url> --tenancy none|<key>=<column> [--shared t] [--model model.yaml]
 *  [--accept <id>]... [--reject <id>]...`
 *
 * Lists every business reading introspection makes of the database (issue 38): its id, the rule, the field
 * or measure, the words, the evidence, the confidence, and what its owner decided. --accept writes the
 * reading into the model file (the words become the field's synonyms, or the measure is written); --reject
 * takes it out of the model file and records the rejection beside it (reading-decisions-file.ts says why
 * there), so `model:scaffold --out` that model file leaves it out from then on. It lists whatever readings
 * introspection makes: no rule is known here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { acceptReadingInModelText, introspectModel, parseModelText, readingId, rejectReadingInModelText, type BusinessReading, type IntrospectionTenancy } from '@askdata/core';
import { openDataSource } from '@askdata/service';
import { modelFileMaxBytes } from './model-file-max-bytes';
import { UsageError, parseTenancy } from './parse-tenancy';
import { decisionsPath, readDecisions, withDecision, writeDecisions, type DecisionRecord } from './reading-decisions-file';

export const suggestUsage = `       askdata model suggest --data <url> --tenancy <none | contextKey=column> [--shared <table>] [--model <model.yaml>] [--accept <id>]... [--reject <id>]...`;

interface SuggestOptions {
  data: string;
  tenancy: IntrospectionTenancy;
  sharedTables: string[];
  model: string | undefined;
  accept: string[];
  reject: string[];
}

function parse(argv: string[]): SuggestOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { data: { type: 'string' }, tenancy: { type: 'string' }, shared: { type: 'string', multiple: true }, model: { type: 'string' }, accept: { type: 'string', multiple: true }, reject: { type: 'string', multiple: true } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.data === undefined || values.data.trim() === '') throw new UsageError('--data is required (the database whose readings to review)');
  const accept = values.accept ?? [];
  const reject = values.reject ?? [];
  const both = accept.find((id) => reject.includes(id));
  if (both !== undefined) throw new UsageError(`${both} is both accepted and rejected; choose one`);
  if ((accept.length > 0 || reject.length > 0) && values.model === undefined) throw new UsageError('--accept and --reject write into a model file: name it with --model (npm run model:scaffold -- --out writes one)');
  // The file is edited as a YAML document, keeping its comments; a JSON model would come back as YAML.
  if (values.model !== undefined && extname(values.model).toLowerCase() === '.json') throw new UsageError('--model must be a YAML model file (.yaml): a JSON one cannot be edited in place');
  return { data: values.data, tenancy: parseTenancy(values.tenancy), sharedTables: (values.shared ?? []).flatMap((name) => name.split(',')), model: values.model, accept, reject };
}

function describe(reading: BusinessReading, decision: DecisionRecord | undefined): string {
  const status = decision?.decision ?? 'pending';
  return [
    `${readingId(reading)}  [${status}]  confidence ${reading.confidence.toFixed(2)}`,
    `  ${reading.entity}.${reading.field} is named: ${reading.words.join(', ')}`,
    `  evidence: ${reading.evidence}`,
  ].join('\n');
}

export async function suggestCommand(argv: string[]): Promise<number> {
  const options = parse(argv);
  if (options.model !== undefined && !existsSync(options.model)) throw new UsageError(`--model ${options.model} is not there; write one first with npm run model:scaffold -- --out ${options.model}`);
  const decisionsFile = options.model === undefined ? undefined : decisionsPath(options.model);
  let decisions = decisionsFile === undefined ? [] : readDecisions(decisionsFile);
  const dataSource = await openDataSource(options.data);
  try {
    const introspect = (rejectedReadings: readonly string[]) => introspectModel(dataSource, { tenancy: options.tenancy, source: dataSource.description, sharedTables: options.sharedTables, rejectedReadings });
    // Every reading, rejected ones too: the list shows what was decided.
    const everything = await introspect([]);
    const readings = new Map((everything.readings ?? []).map((reading) => [readingId(reading), reading]));
    const unknown = [...options.accept, ...options.reject].find((id) => !readings.has(id));
    if (unknown !== undefined) throw new UsageError(`no reading ${JSON.stringify(unknown)} on ${dataSource.description}; run askdata model suggest without --accept/--reject to list them`);
    if (options.model !== undefined && decisionsFile !== undefined && (options.accept.length > 0 || options.reject.length > 0)) {
      let text = readFileSync(options.model, 'utf8');
      const now = new Date();
      for (const id of options.reject) {
        const reading = readings.get(id)!;
        text = rejectReadingInModelText(text, options.model, reading, await introspect([id]));
        decisions = withDecision(decisions, id, reading, 'rejected', now);
      }
      for (const id of options.accept) {
        const reading = readings.get(id)!;
        text = acceptReadingInModelText(text, options.model, reading, everything);
        decisions = withDecision(decisions, id, reading, 'accepted', now);
      }
      // The edited file must still load before it replaces the owner's.
      parseModelText(text, options.model, { maxBytes: modelFileMaxBytes() });
      writeFileSync(options.model, text, 'utf8');
      writeDecisions(decisionsFile, decisions);
      process.stderr.write(`wrote ${options.model} and ${decisionsFile}: ${options.accept.length} accepted, ${options.reject.length} rejected\n`);
    }
    const decided = new Map(decisions.map((decision) => [decision.id, decision]));
    const listed = [...readings.values()].map((reading) => describe(reading, decided.get(readingId(reading))));
    process.stdout.write(listed.length === 0 ? `no business readings of ${dataSource.description}\n` : `${listed.join('\n')}\n`);
    return 0;
  } finally {
    await dataSource.close();
  }
}
