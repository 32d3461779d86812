/** The schema built from the model: model names as enums, hidden fields unrepresentable, strict-mode shape. */
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { demoModel } from '@askdata/core/testing';
import { buildLlmPlanSchema } from '../src/llm-plan-schema';
import { schemaNamesOf } from '../src/schema-names';
import { llmOutput, revenueMeasure } from './support/canned-openai';

const model = demoModel();
const schema = buildLlmPlanSchema(model);

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: unknown; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: unknown; enum?: unknown[] };

/** Every object in the schema, depth first. */
function objectsOf(node: JsonSchema, out: JsonSchema[] = []): JsonSchema[] {
  if (node.properties) out.push(node);
  for (const child of [...Object.values(node.properties ?? {}), ...(node.items ? [node.items] : []), ...(node.anyOf ?? [])]) objectsOf(child, out);
  return out;
}

describe('the LLM plan schema', () => {
  it('lists the model\'s entities, visible fields, date fields and measures', () => {
    const names = schemaNamesOf(model);
    expect(names.entities).toEqual(['organisations', 'users', 'products', 'orders', 'reviews']);
    expect(names.fields).toEqual(expect.arrayContaining(['orders.created_at', 'products.category', 'users.city', 'reviews.rating']));
    expect(names.dateFields).toEqual(expect.arrayContaining(['orders.created_at', 'users.last_order_at']));
    expect(names.dateFields).not.toContain('products.category');
    expect(names.measures).toEqual(expect.arrayContaining(['orders.revenue', 'users.customer_count', 'reviews.average_rating']));
  });

  it('cannot even express a hidden field: tenant keys, foreign keys and personal data are not in the enums', () => {
    const text = JSON.stringify(toJsonSchema(schema));
    for (const hidden of ['organisation_id', 'orders.user_id', 'orders.product_id', 'users.email', 'birth_date', 'organisations.id']) {
      expect(text).not.toContain(hidden);
    }
    const names = schemaNamesOf(model);
    for (const entity of Object.values(model.entities)) {
      for (const field of Object.values(entity.fields)) {
        if (field.hidden) expect(names.fields).not.toContain(`${entity.name}.${field.name}`);
      }
    }
  });

  it('is an object root usable in strict mode: every property required, no extra properties, no oneOf', () => {
    const json = toJsonSchema(schema) as JsonSchema;
    expect(json.type).toBe('object');
    expect(JSON.stringify(json)).not.toContain('oneOf');
    for (const object of objectsOf(json)) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
  });

  it('parses a plan of model names and rejects anything else, with paths', () => {
    expect(schema.safeParse(llmOutput({ measures: [revenueMeasure] })).success).toBe(true);
    const bad = schema.safeParse({ ...llmOutput({ entity: 'invoices', measures: [revenueMeasure] }), sql: 'SELECT 1', filters: [{ field: 'orders.organisation_id', op: 'eq', value: 2, values: null, high: null }] });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['', 'entity', 'filters.0.field']);
  });
});
