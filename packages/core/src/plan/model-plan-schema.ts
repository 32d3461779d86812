/**
 * The plan schema of one model: every entity, field and measure a plan names is an enum of the names this
 * model declares, as in the LLM planner's structured-output schema. A name the model does not declare
 * ("constructor", "__proto__", "toString", a typo) is refused by the parse itself, before any lookup, so
 * no later step can mistake a property of Object.prototype for part of the model. Which entity a field
 * or measure belongs to, and whether the plan may use it, is checked after the parse (validate-plan.ts).
 *
 * The enums hold hidden fields too (a hidden key may be a grain, plan-references.ts), and their messages
 * never list the names, so a hidden field is refused exactly like an unknown one.
 */
import { z } from 'zod';
import type { SemanticModel } from '../semantic/semantic-model';
import { planSchemas } from './query-plan';

export type ModelPlanSchema = ReturnType<typeof planSchemas>['queryPlan'];

const schemas = new WeakMap<SemanticModel, ModelPlanSchema>();

function namesEnum(names: readonly string[], what: string, known?: string): z.ZodType<string, string> {
  const unknown = (input: unknown): string => `unknown ${what} ${JSON.stringify(input)}${known ?? ''}`;
  // A model with no measures: no measure name exists, so none is accepted.
  if (names.length === 0) return z.string().refine(() => false, { error: (issue) => unknown(issue.input) });
  return z.enum([...new Set(names)] as [string, ...string[]], { error: (issue) => unknown(issue.input) });
}

/** The schema a plan for `model` must fit (built once per model). */
export function modelPlanSchema(model: SemanticModel): ModelPlanSchema {
  const cached = schemas.get(model);
  if (cached !== undefined) return cached;
  const entities = Object.values(model.entities);
  const schema = planSchemas({
    entity: namesEnum(
      entities.map((e) => e.name),
      'entity',
      ` (known: ${entities.map((e) => e.name).join(', ')})`,
    ),
    field: namesEnum(
      entities.flatMap((e) => Object.values(e.fields).map((f) => f.name)),
      'field',
    ),
    measure: namesEnum(
      entities.flatMap((e) => Object.values(e.measures).map((m) => m.name)),
      'measure',
    ),
  }).queryPlan;
  schemas.set(model, schema);
  return schema;
}
