/**
 * Prompt v1 for the LLM planner. The text lives here, versioned, so a change to what the model is told is a
 * reviewable diff and PROMPT_VERSION can be recorded next to the answers it produced. Change the wording
 * -> add plan-v2.ts rather than editing this one in place once it has been used in production.
 *
 * What goes in: the model's names, labels, descriptions and synonyms; which entities each entity can reach;
 * today's date in the configured zone; the conversation's previous questions and plans; optionally sample
 * category values. What never goes in: data rows, tenant columns, the caller's context, SQL.
 */
import { ownEntry, reachableEntities, formatIsoDate, todayIn, type ConversationTurn, type ErrorIssue, type ModelEntity, type SemanticModel } from '@askdata/core';
import { LLM_PLAN_SCHEMA_NAME } from '../llm-plan-schema';

export const PROMPT_VERSION = 'plan-v1';

/** How many earlier turns are shown; older ones cost tokens and rarely matter for a follow-up. */
export const PROMPT_HISTORY_TURNS = 5;

export interface SampleValues {
  /** "products.category" */
  field: string;
  values: readonly string[];
}

export interface PlanPromptInput {
  model: SemanticModel;
  question: string;
  history: readonly ConversationTurn[];
  now: Date;
  timezone: string;
  /** Only with LLM_INCLUDE_VALUES=true. */
  sampleValues?: readonly SampleValues[];
}

export interface PlanPrompt {
  system: string;
  user: string;
}

const also = (synonyms: readonly string[]): string => (synonyms.length > 0 ? `; also called: ${synonyms.join(', ')}` : '');
const about = (description: string | undefined): string => (description ? ` — ${description}` : '');

function describeEntity(model: SemanticModel, entity: ModelEntity): string {
  const lines = [`Entity ${entity.name} (${entity.label} / ${entity.plural})${about(entity.description)}${also(entity.synonyms)}`];
  for (const field of Object.values(entity.fields)) {
    if (field.hidden) continue; // hidden fields (tenant keys, personal data) are not even named
    lines.push(`  field ${entity.name}.${field.name}: ${field.type}, "${field.label}"${about(field.description)}${also(field.synonyms)}`);
  }
  for (const measure of Object.values(entity.measures)) {
    lines.push(`  measure ${entity.name}.${measure.name}: "${measure.label}" (${measure.aggregation})${about(measure.description)}${also(measure.synonyms)}`);
  }
  const reachable = [...reachableEntities(model, entity.name).keys()].filter((name) => name !== entity.name);
  if (reachable.length > 0) lines.push(`  a plan on ${entity.name} may also use fields of: ${reachable.join(', ')}`);
  if (entity.defaultDate && !ownEntry(entity.fields, entity.defaultDate)?.hidden) lines.push(`  default date field: ${entity.name}.${entity.defaultDate}`);
  return lines.join('\n');
}

function describeHistory(history: readonly ConversationTurn[]): string {
  const turns = history.slice(-PROMPT_HISTORY_TURNS);
  if (turns.length === 0) return 'This is the first question of the conversation.';
  const lines = turns.map((turn, i) => `${i + 1}. Question: ${JSON.stringify(turn.question)}\n   Plan: ${turn.plan ? JSON.stringify(turn.plan) : '(none: it was not answered)'}`);
  return `Earlier in this conversation (oldest first):\n${lines.join('\n')}`;
}

function describeValues(samples: readonly SampleValues[] | undefined): string {
  if (!samples || samples.length === 0) return '';
  const lines = samples.map((s) => `  ${s.field}: ${s.values.map((v) => JSON.stringify(v)).join(', ')}`);
  return `\nSome values of category fields (use the exact spelling in filters):\n${lines.join('\n')}\n`;
}

export function buildPlanPrompt(input: PlanPromptInput): PlanPrompt {
  const { model } = input;
  const today = formatIsoDate(todayIn(input.now, input.timezone));
  const entities = Object.values(model.entities).map((entity) => describeEntity(model, entity)).join('\n\n');
  const system = `You turn questions about the "${model.name}" data into a query plan by filling ${LLM_PLAN_SCHEMA_NAME}. You never write SQL.
${model.description ? `The data: ${model.description}\n` : ''}
Rules:
- Use only the entity, field and measure names listed below, exactly as written ("entity.field").
- kind "aggregate" computes figures (measures), optionally grouped by up to 2 dimensions; a date dimension needs a grain (day, week, month, quarter, year).
- kind "list" shows rows: put the columns in "fields", no measures.
- Prefer a named measure (kind "model_measure") over an aggregate of a field; "count" counts rows of the plan's entity.
- Periods are absolute calendar days: timeRange.start is the first day included, timeRange.end the first day NOT included, both YYYY-MM-DD. Today is ${today} (time zone ${input.timezone}). Give the period a short label ("last month", "in 2025").
- Rankings ("top 5") use orderBy with a limit.
- Filter values are literal values, not expressions.
- The data is already restricted to what the person asking may see; never try to filter by organisation, tenant or account.
- Set followUp to true when the question refines the previous plan ("and last month?", "only laptops"); start from that plan.
- If the question cannot be answered with these names, return kind "cannot_answer" with empty lists and nulls. Do not guess.

The semantic model (${model.currency} amounts):
${entities}
${describeValues(input.sampleValues)}`;
  const user = `${describeHistory(input.history)}\n\nQuestion: ${JSON.stringify(input.question)}`;
  return { system, user };
}

/**
 * The follow-up message after a plan was rejected: the plan as returned and every issue, with paths, so the
 * model can fix all of them in one more attempt.
 */
export function buildRetryMessage(previous: unknown, issues: readonly ErrorIssue[]): string {
  const list = issues.map((issue) => `- ${issue.path || '(plan)'}: ${issue.message}`).join('\n');
  const shown = previous === undefined ? '(no usable plan was returned)' : JSON.stringify(previous);
  return `Your previous plan was rejected.\nPrevious plan: ${shown}\nProblems:\n${list}\nFill ${LLM_PLAN_SCHEMA_NAME} again with a corrected plan that fixes every problem, using only the listed names. If the question cannot be answered, return kind "cannot_answer".`;
}
