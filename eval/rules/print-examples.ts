/**
 * `npx tsx eval/rules/print-examples.ts [rule-name-prefix]`: every rule's examples and counter-examples as the
 * engine reads them now, marked where they differ from what the rule expects. For writing a new rule's
 * examples, and for seeing at a glance which ones a change moved.
 */
import { RULES } from '@askdata/core';
import { ExamplePlanners } from './example-planners';

async function main(): Promise<void> {
  const prefix = process.argv[2] ?? '';
  const planners = new ExamplePlanners();
  try {
    for (const rule of RULES.filter((r) => r.name.startsWith(prefix))) {
      process.stdout.write(`\n${rule.name}\n`);
      for (const [kind, list] of [['example', rule.examples], ['counter', rule.counterExamples]] as const) {
        for (const example of list) {
          const read = await planners.read(example.schema, example.question);
          const took = read.rules.includes(rule.name);
          const ok = read.line === example.expect && (kind === 'counter' || took);
          process.stdout.write(`  ${ok ? 'ok ' : 'XX '} ${kind} [${example.schema}] ${example.question}\n      -> ${read.line}${took ? '' : '   (rule not chosen)'}\n`);
          if (!ok && process.env.TRACE === '1') process.stdout.write(`${read.trace.map((line) => `         ${line}`).join('\n')}\n`);
        }
      }
    }
  } finally {
    await planners.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
