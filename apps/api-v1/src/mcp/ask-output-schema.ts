/**
 * The `ask` tool's output schema. MCP wants a tool's structured output described by an object schema
 * (`type: "object"`), and the SDK lists and checks only a zod object: the contract's answer, a union told
 * apart by `type`, would be dropped from the listing and every answer refused. So the answer's members are
 * declared flat (chart and table optional), and the contract's union itself is the refinement: a chart on
 * a text answer, or a chart answer without its chart, still fails.
 */
import { v1AnswerSchema, v1AnswerVariants, v1ChartSchema, v1TableSchema } from '@askdata/contract';
import { z } from 'zod';

const { type: _type, ...common } = v1AnswerVariants.TextAnswer.shape;

export const askOutputSchema = z
  .object({
    ...common,
    type: z.enum(['text', 'chart', 'table']).describe('chart answers carry `chart`, table answers `table`, text answers neither.'),
    chart: v1ChartSchema.optional(),
    table: v1TableSchema.optional(),
  })
  .strict()
  .superRefine((answer, ctx) => {
    const checked = v1AnswerSchema.safeParse(answer);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
