/**
 * `npm run ask -- [--data <url>] [--model <file>] [--tenancy none] [--context key=value ...]
 *                 [--conversation <id>] [--json] "<question>"`
 * Answers one question against any data source without the HTTP layer. The answer is stored like an
 * API answer (so --conversation can continue it); prints the message, or the v1 Answer JSON with --json.
 */
import { isCoreError } from '@askdata/core';
import { toV1Answer } from '@askdata/contract';
import { parseArgs } from 'node:util';
import { askInConversation } from '../ask-in-conversation';
import { tenantScopeFor } from '../tenant-scope-for';
import { defaultStoreUrl } from '../paths';
import { openRuntime } from '../runtime';

const usage = 'usage: npm run ask -- [--data <url>] [--model <file>] [--tenancy none] [--context key=value ...] [--conversation <id>] [--json] "<question>"';

/** `orgId=1` -> { orgId: 1 }: integers become numbers, everything else stays text. */
export function parseContextPairs(pairs: readonly string[]): Record<string, string | number> {
  const context: Record<string, string | number> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--context expects key=value, got ${JSON.stringify(pair)}`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    context[key] = /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  }
  return context;
}

async function main(argv: string[]): Promise<number> {
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
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const question = positionals.join(' ').trim();
  if (!question) throw new Error(`a question is required\n${usage}`);
  if (values.tenancy !== undefined && values.tenancy !== 'none') throw new Error('--tenancy accepts only "none"');
  const tenancy = values.tenancy ?? process.env.TENANCY;
  const context = parseContextPairs(values.context ?? []);

  const runtime = await openRuntime({
    databaseUrl: process.env.DATABASE_URL ?? defaultStoreUrl(),
    ...(values.data ? { dataSourceUrl: values.data } : {}),
    ...(values.model ? { semanticModelPath: values.model } : {}),
    ...(tenancy === 'none' ? { tenancy: 'none' as const } : {}),
    timezone: process.env.TIMEZONE ?? 'UTC',
    maxRows: 1000,
    timeoutMs: 30_000,
  });
  try {
    const result = await askInConversation(runtime, {
      question,
      scope: tenantScopeFor(runtime, context),
      principal: { apiKeyId: null, principal: 'cli' },
      conversation: values.conversation ? { kind: 'existing', id: values.conversation } : { kind: 'new' },
    });
    if (values.json) {
      console.log(JSON.stringify(toV1Answer(result.outcome.answer, { id: result.answer.id, conversationId: result.conversation.id }), null, 2));
    } else {
      console.log(result.outcome.answer.message);
      const table = result.outcome.answer.table;
      if (table) for (const row of [table.columns.map((c) => c.label), ...table.displayRows]) console.log('  ' + row.join(' | '));
      const chart = result.outcome.answer.chart;
      if (chart) for (const point of chart.data) console.log(`  ${point.label}: ${point.value}`);
      console.log(`(conversation ${result.conversation.id}; continue with --conversation ${result.conversation.id})`);
    }
    return 0;
  } finally {
    await runtime.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = isCoreError(error) || error instanceof Error ? error.message : String(error);
      console.error(`ask: ${message}`);
      process.exit(isCoreError(error) && error.code !== 'INTERNAL' ? 2 : 1);
    },
  );
}
