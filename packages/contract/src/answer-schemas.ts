/**
 * The two wire shapes of an answer (interface.md 2.1-2.4), as zod schemas: the one definition the apps
 * emit, their OpenAPI documents describe, the tests validate responses with and the client's types are. A chart is present exactly on chart answers, a table exactly on table
 * answers; a text answer carries neither.
 */
import { z } from 'zod';

const answerTypeSchema = z.enum(['text', 'chart', 'table']);
const chartPointSchema = z.object({ label: z.string(), value: z.number().finite() }).strict();

/** Chart and table must match `type`: this is what lets a client switch on `type` alone. */
function matchesType(answer: { type: string; chart?: unknown; table?: unknown }): boolean {
  return (answer.type === 'chart') === (answer.chart !== undefined) && (answer.type === 'table') === (answer.table !== undefined);
}
const mismatch = { message: 'chart must be present exactly when type is "chart", table exactly when type is "table"' };

/**
 * interface.md 2.2 names `type` and `data`; `title`, `xLabel` and `yLabel` are askdata's additions (the
 * older chart's names), optional, so a chart can be drawn with its title and axis titles (units included:
 * "Revenue (USD)") without reading the message.
 */
export const v1ChartSchema = z
  .object({ type: z.enum(['line', 'bar']), title: z.string().optional(), xLabel: z.string().optional(), yLabel: z.string().optional(), data: z.array(chartPointSchema) })
  .strict();

export const v1TableSchema = z
  .object({ headers: z.array(z.string()), rows: z.array(z.array(z.string())) })
  .strict()
  .refine((table) => table.rows.every((row) => row.length === table.headers.length), { message: 'every row has one cell per header' });

export const v1AnswerSchema = z
  .object({
    id: z.string().min(1),
    conversationId: z.string().min(1),
    type: answerTypeSchema,
    message: z.string().min(1),
    chart: v1ChartSchema.optional(),
    table: v1TableSchema.optional(),
  })
  .strict()
  .refine(matchesType, mismatch);
export type V1Answer = z.infer<typeof v1AnswerSchema>;

/**
 * The same answer as one schema per `type`, for the OpenAPI document: generated clients then see `chart`
 * as required on a chart answer and absent on the others, which v1AnswerSchema's refinement cannot say in
 * JSON Schema. Built from the same parts, and every response the tests check is validated against it.
 */
const answerParts = { id: z.string().min(1), conversationId: z.string().min(1), message: z.string().min(1) };
export const v1AnswerVariants = {
  TextAnswer: z.object({ ...answerParts, type: z.literal('text') }).strict(),
  ChartAnswer: z.object({ ...answerParts, type: z.literal('chart'), chart: v1ChartSchema }).strict(),
  TableAnswer: z.object({ ...answerParts, type: z.literal('table'), table: v1TableSchema }).strict(),
};
export type AnswerType = z.infer<typeof answerTypeSchema>;
export type ChartPoint = z.infer<typeof chartPointSchema>;
export type V1Chart = z.infer<typeof v1ChartSchema>;
export type V1Table = z.infer<typeof v1TableSchema>;

export const legacyChartSchema = z
  .object({ type: z.enum(['line', 'bar']), title: z.string(), xLabel: z.string(), yLabel: z.string(), data: z.array(chartPointSchema) })
  .strict();

export const legacyTableSchema = z
  .object({ head: z.array(z.string()), body: z.array(z.array(z.union([z.string(), z.number().finite()]))) })
  .strict()
  .refine((table) => table.body.every((row) => row.length === table.head.length), { message: 'every body row has one cell per head entry' });

/** The form the legacy samples show and our service emits: the answer's fields at the top level. */
export const legacyAnswerSchema = z
  .object({
    type: answerTypeSchema,
    message: z.string().min(1),
    chart: legacyChartSchema.optional(),
    table: legacyTableSchema.optional(),
  })
  .strict()
  .refine(matchesType, mismatch);
export type LegacyAnswer = z.infer<typeof legacyAnswerSchema>;

/** For testers of any legacy server: the spec's field table wraps the answer in `answer`, the samples do not. */
export const legacyResponseSchema = z.union([legacyAnswerSchema, z.object({ answer: legacyAnswerSchema }).strict()]);
