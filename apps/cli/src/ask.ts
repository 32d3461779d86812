/**
 * `askdata ask [--data <url>] [--model <file>] [--tenancy none] [--context key=value ...]
 *              [--conversation <id>] [--json] [--explain] [--timings] "<question>"`
 * (also `npm run -s ask -- ...`). Answers one question against any data source without the HTTP layer.
 * The answer is stored like an API answer (so --conversation can continue it). Prints the message with an
 * aligned table or a text bar chart, or with --json only the v1 Answer JSON on stdout (errors go to
 * stderr), so the output can be piped into a JSON parser. --explain adds how the question was read: the
 * confidence, each rule that fired (on which words, and why), the candidates that lost, the defaults the
 * builder chose, the words nothing explained, and the SQL; with --json, the explain endpoint's JSON.
 */
import { formatTrace, isCoreError } from '@askdata/core';
import { toExplanation, toV1Answer } from '@askdata/contract';
import { parseArgs } from 'node:util';
import { askInConversation, defaultStoreUrl, openRuntime, tenantScopeFor, type RuntimeTimings } from '@askdata/service';
import { renderAnswer } from './render-answer';

export const askUsage =
  'usage: askdata ask [--data <url>] [--model <file>] [--tenancy none] [--context key=value ...] [--conversation <id>] [--json] [--explain] [--timings] "<question>"\n' +
  '   or: npm run -s ask -- <the same options>   (-s keeps npm\'s own lines off stdout, so --json output parses)';

/**
 * `orgId=1` -> { orgId: "1" }: values stay text, and core converts each to the type of the column it
 * scopes (refusing "01" or "1.5" for an integer column), as it does for a query string. Built with
 * Object.fromEntries, so a key "__proto__" is an own key that core refuses, not a prototype.
 */
export function parseContextPairs(pairs: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error(`--context expects key=value, got ${JSON.stringify(pair)}`);
      return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
    }),
  );
}

/** One stderr line: where the time of this run went (module loading is everything before ask starts). */
function timingsLine(loadedAt: number, runtime: RuntimeTimings | undefined, answerMs: number): string {
  const ms = (value: number): string => `${Math.round(value)} ms`;
  const parts = [`start-up and module loading ${ms(loadedAt)}`];
  if (runtime) parts.push(`store ${ms(runtime.storeMs)} and model + value index ${ms(runtime.answerDepsMs)} in parallel: ${ms(runtime.totalMs)}`);
  parts.push(`answer + store write ${ms(answerMs)}`, `total ${ms(performance.now())}`);
  return `timings: ${parts.join('; ')}\n`;
}

/** How the question was read, for a terminal: confidence, the rule trace (+ chosen, - lost or left over), the SQL. */
function explainLines(outcome: { confidence: number; engine: string; trace?: Parameters<typeof formatTrace>[0]; sql?: { sql: string; parameters: readonly unknown[] } }): string {
  const lines = [`\nHow it was read (${outcome.engine}, confidence ${outcome.confidence}):`];
  lines.push(...(outcome.trace === undefined ? ['  (this planner keeps no trace)'] : formatTrace(outcome.trace).map((line) => `  ${line}`)));
  if (outcome.sql !== undefined) lines.push(`SQL: ${outcome.sql.sql}`, `parameters: ${JSON.stringify(outcome.sql.parameters)}`);
  return `${lines.join('\n')}\n`;
}

export async function ask(argv: string[]): Promise<number> {
  const loadedAt = performance.now();
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      model: { type: 'string' },
      tenancy: { type: 'string' },
      context: { type: 'string', multiple: true, default: [] },
      conversation: { type: 'string' },
      json: { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
      timings: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${askUsage}\n`);
    return 0;
  }
  const question = positionals.join(' ').trim();
  if (!question) throw new Error(`a question is required\n${askUsage}`);
  if (values.tenancy !== undefined && values.tenancy !== 'none') throw new Error('--tenancy accepts only "none"');
  const tenancy = values.tenancy ?? process.env.TENANCY;
  const context = parseContextPairs(values.context ?? []);
  const minConfidence = minConfidenceFromEnv(process.env.MIN_CONFIDENCE);

  let runtimeTimings: RuntimeTimings | undefined;
  const runtime = await openRuntime(
    {
      databaseUrl: process.env.DATABASE_URL ?? defaultStoreUrl(),
      ...(values.data ? { dataSourceUrl: values.data } : {}),
      ...(values.model ? { semanticModelPath: values.model } : {}),
      ...(tenancy === 'none' ? { tenancy: 'none' as const } : {}),
      timezone: process.env.TIMEZONE ?? 'UTC',
      maxRows: 1000,
      timeoutMs: 30_000,
      ...(minConfidence === undefined ? {} : { minConfidence }),
    },
    (timings) => (runtimeTimings = timings),
  );
  try {
    const answerStarted = performance.now();
    const result = await askInConversation(runtime, {
      question,
      scope: tenantScopeFor(runtime, context),
      principal: { apiKeyId: null, principal: 'cli' },
      conversation: values.conversation ? { kind: 'existing', id: values.conversation } : { kind: 'new' },
    });
    const answerMs = performance.now() - answerStarted;
    const answer = toV1Answer(result.outcome.answer, { id: result.answer.id, conversationId: result.conversation.id });
    if (values.json && values.explain) {
      process.stdout.write(`${JSON.stringify({ answer, explanation: toExplanation(result.answer) }, null, 2)}\n`);
    } else if (values.json) {
      process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    } else {
      process.stdout.write(`${renderAnswer(result.outcome.answer)}\n\n(conversation ${result.conversation.id}; continue with --conversation ${result.conversation.id})\n`);
      if (values.explain) process.stdout.write(explainLines(result.outcome));
    }
    if (values.timings) process.stderr.write(timingsLine(loadedAt, runtimeTimings, answerMs));
    return 0;
  } finally {
    await runtime.close();
  }
}

/** Exit codes: 0 answered; 2 the question or the options are wrong (a CoreError other than INTERNAL); 1 anything else. */
export function reportFailure(command: string, error: unknown): number {
  const message = isCoreError(error) || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${command}: ${message}\n`);
  return isCoreError(error) && error.code !== 'INTERNAL' ? 2 : 1;
}

if (require.main === module) {
  ask(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => process.exit(reportFailure('ask', error)),
  );
}

/** MIN_CONFIDENCE as the service reads it: a number from 0 to 1, or unset for the default. */
function minConfidenceFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`MIN_CONFIDENCE must be a number from 0 to 1, got "${raw}"`);
  return value;
}
