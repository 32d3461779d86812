/**
 * The two wire shapes of an answer (interface.md 2.1-2.4), as zod schemas: the one definition the apps
 * emit, their OpenAPI documents describe, the tests validate responses with and the client's types are.
 * Each is a union discriminated by `type`: a chart answer has its chart, a table answer its table, a text
 * answer neither. The inferred types are unions too, so `if (a.type === 'chart') a.chart.data` compiles
 * under `--strict` (issue 25, item 16), and a chart or table in the wrong answer fails to parse.
 */
import { z } from 'zod';

const answerTypeSchema = z.enum(['text', 'chart', 'table']);
const chartPointSchema = z.object({ label: z.string(), value: z.number().finite() }).strict();

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

/**
 * One schema per `type`: the OpenAPI document names them (TextAnswer, ChartAnswer, TableAnswer) under a
 * `oneOf` told apart by `type`, so generated clients see `chart` as required on a chart answer and absent
 * on the others.
 */
const answerParts = { id: z.string().min(1), conversationId: z.string().min(1), message: z.string().min(1) };
export const v1AnswerVariants = {
  TextAnswer: z.object({ ...answerParts, type: z.literal('text') }).strict(),
  ChartAnswer: z.object({ ...answerParts, type: z.literal('chart'), chart: v1ChartSchema }).strict(),
  TableAnswer: z.object({ ...answerParts, type: z.literal('table'), table: v1TableSchema }).strict(),
};

export const v1AnswerSchema = z.discriminatedUnion('type', [v1AnswerVariants.TextAnswer, v1AnswerVariants.ChartAnswer, v1AnswerVariants.TableAnswer]);

/**
 * A variant with the members only other variants carry declared absent (`chart?: undefined`): narrowing
 * on `type` gives the chart or table as present, and an un-narrowed read (`answer.chart?.title`) still
 * compiles, as it does on the client's types. Types only: the schemas and the documents are unchanged.
 */
type WithAbsent<U> = U extends unknown ? U & { [K in Exclude<'chart' | 'table', keyof U>]?: undefined } : never;

export type V1TextAnswer = WithAbsent<z.infer<typeof v1AnswerVariants.TextAnswer>>;
export type V1ChartAnswer = WithAbsent<z.infer<typeof v1AnswerVariants.ChartAnswer>>;
export type V1TableAnswer = WithAbsent<z.infer<typeof v1AnswerVariants.TableAnswer>>;
export type V1Answer = V1TextAnswer | V1ChartAnswer | V1TableAnswer;
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

const legacyParts = { message: z.string().min(1) };
/** The form the legacy samples show and our service emits: the answer's fields at the top level. */
export const legacyAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), ...legacyParts }).strict(),
  z.object({ type: z.literal('chart'), ...legacyParts, chart: legacyChartSchema }).strict(),
  z.object({ type: z.literal('table'), ...legacyParts, table: legacyTableSchema }).strict(),
]);
export type LegacyAnswer = WithAbsent<z.infer<typeof legacyAnswerSchema>>;

/** For testers of any legacy server: the spec's field table wraps the answer in `answer`, the samples do not. */
export const legacyResponseSchema = z.union([legacyAnswerSchema, z.object({ answer: legacyAnswerSchema }).strict()]);
