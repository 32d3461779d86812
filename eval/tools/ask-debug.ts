/**
 * `npx tsx eval/tools/ask-debug.ts <database path | spider db name> "<question>"` — a developer's view of one
 * question on an introspected database: the plan (or the refusal), the SQL and the answer the caller sees.
 * Questions separated by " || " are asked each on its own; " >> " asks the next one as a follow-up in the
 * same conversation (the answered turns before it are its history).
 */
import { existsSync } from 'node:fs';
import { toV1Answer } from '@askdata/contract';
import { answerQuestion, formatTrace, resolveTenantScope, type RulesPlanner } from '@askdata/core';
import { createAnswerDeps } from '@askdata/service';
import { spiderDatabasePath } from '../spider/spider-set';

async function main(): Promise<void> {
  const [target, ...words] = process.argv.slice(2);
  if (target === undefined || words.length === 0) throw new Error('usage: ask-debug.ts <db path | spider db> "<question>"');
  const path = existsSync(target) ? target : spiderDatabasePath(target);
  const deps = await createAnswerDeps({ dataSourceUrl: path, tenancy: 'none', timezone: 'UTC', maxRows: 50, timeoutMs: 10_000 });
  try {
    for (const conversation of words.join(' ').split(' || ')) {
    const history: Array<{ question: string; plan?: NonNullable<Awaited<ReturnType<typeof answerQuestion>>['plan']> }> = [];
    for (const question of conversation.split(' >> ')) {
      const outcome = await answerQuestion(deps, { question, scope: resolveTenantScope(deps.model, {}), history: [...history] });
      history.push(outcome.plan ? { question, plan: outcome.plan } : { question });
      process.stdout.write(`\n? ${question}\n`);
      const planner = deps.planner as Partial<RulesPlanner>;
      if (planner.readForDebugging !== undefined) {
        const values = deps.tenantValues ? await deps.tenantValues(resolveTenantScope(deps.model, {})) : undefined;
        const read = planner.readForDebugging({ question, history: history.slice(0, -1), now: new Date(), timezone: 'UTC', ...(values ? { values } : {}) });
        const at = read.interpretation;
        process.stdout.write(`chunks: ${at.chunks.map((c, i) => `${at.claimed[i] ? '' : '!'}[${c.kind}${c.kind === 'keyword' ? `:${c.keyword.kind}` : ''}${c.kind === 'lex' ? `:${c.entries.map((e) => (e.kind === 'field' ? `${e.entity}.${e.field}` : e.kind === 'entity' ? `E:${e.entity}` : `M:${e.entity}.${e.measure}`)).join('|')}` : ''}${c.kind === 'value' ? `:${c.matches.map((m) => `${m.entity}.${m.field}=${m.value}`).slice(0, 4).join('|')}` : ''} ${c.text}]`).join(' ')}\n`);
        const { chunks, claimed, lexicon, understood, ...intents } = at;
        process.stdout.write(`intents: ${JSON.stringify(intents)}\n`);
        process.stdout.write(`trace:\n${formatTrace(read.trace).map((line) => `  ${line}`).join('\n')}\n`);
      }
      if (outcome.plan) process.stdout.write(`plan: ${JSON.stringify(outcome.plan)}\nsql: ${outcome.sql?.sql}  ${JSON.stringify(outcome.sql?.parameters)}\n`);
      process.stdout.write(`answer: ${JSON.stringify(toV1Answer(outcome.answer, { id: 'a', conversationId: 'c' })).slice(0, 700)}\n`);
    }
    }
    const only = process.env.MODEL;
    if (only !== undefined) process.stdout.write(`${JSON.stringify(only === "1" ? deps.model : deps.model.entities[only], null, 1)}\n`);
  } finally {
    await deps.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
