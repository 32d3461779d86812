/**
 * The MCP tool describe_data's content: what the caller's model can be asked about (entities, their
 * visible fields and measures) and a few example questions. Hidden fields (tenant keys, personal data) are left out, as they
 * are from the LLM planner's prompt: an assistant has no more business knowing them than a person.
 */
import { exampleQuestions, type SemanticModel } from '@askdata/core';
import { z } from 'zod';

export const dataDescriptionShape = {
  model: z.string(),
  entities: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      description: z.string().optional(),
      fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), description: z.string().optional() })),
      measures: z.array(z.object({ name: z.string(), label: z.string(), description: z.string().optional() })),
    }),
  ),
  exampleQuestions: z.array(z.string()),
};

export type DataDescription = z.output<z.ZodObject<typeof dataDescriptionShape>>;

const described = (description: string | undefined) => (description ? { description } : {});

export function describeData(model: SemanticModel): DataDescription {
  return {
    model: model.name,
    entities: Object.values(model.entities).map((entity) => ({
      name: entity.name,
      label: entity.plural,
      ...described(entity.description),
      fields: Object.values(entity.fields)
        .filter((field) => !field.hidden)
        .map((field) => ({ name: field.name, label: field.label, type: field.type, ...described(field.description) })),
      measures: Object.values(entity.measures).map((measure) => ({ name: measure.name, label: measure.label, ...described(measure.description) })),
    })),
    exampleQuestions: exampleQuestions(model),
  };
}
