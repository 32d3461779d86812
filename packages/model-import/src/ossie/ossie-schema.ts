/**
 * Apache Ossie (formerly Open Semantic Interchange, OSI) core metadata, as its published JSON schema
 * (core-spec/ossie-schema.json) defines it: a `version` and a list of `semantic_model`s, each with datasets,
 * relationships and metrics. Objects are strict, as the schema's `additionalProperties: false` says. One
 * schema reads the 0.1.x release and the 0.2.0 drafts: the drafts only add to it (a dataset's own metrics,
 * `datatype`, a source given as a table or query object, more dialects).
 */
import { z } from 'zod';

export const OSSIE_VERSION_PATTERN = /^0\.[12]\.\d+([.-][0-9A-Za-z.]+)?$/;

/** Every dialect the published schemas list; the SQL ones are those an import can read. */
export const OSSIE_DIALECTS = ['ANSI_SQL', 'SNOWFLAKE', 'MDX', 'TABLEAU', 'DATABRICKS', 'MAQL', 'BIGQUERY', 'SIGMA', 'THOUGHTSPOT', 'DAX'] as const;
export const SQL_DIALECTS: ReadonlySet<string> = new Set(['ANSI_SQL', 'SNOWFLAKE', 'DATABRICKS', 'BIGQUERY']);

export const OSSIE_DATATYPES = ['String', 'Integer', 'Decimal', 'Float', 'Boolean', 'Date', 'Time', 'DateTime', 'DateTimeTz', 'Opaque'] as const;

const aiContextSchema = z.union([
  z.string(),
  z.looseObject({ instructions: z.string().optional(), synonyms: z.array(z.string()).optional(), examples: z.array(z.string()).optional() }),
]);
export type OssieAiContext = z.infer<typeof aiContextSchema>;

const customExtensionSchema = z.strictObject({ vendor_name: z.string(), data: z.string() });
export type OssieCustomExtension = z.infer<typeof customExtensionSchema>;

const expressionSchema = z.strictObject({
  dialects: z.array(z.strictObject({ dialect: z.enum(OSSIE_DIALECTS), expression: z.string() })).min(1),
});
export type OssieExpression = z.infer<typeof expressionSchema>;

const fieldSchema = z.strictObject({
  name: z.string(),
  expression: expressionSchema,
  dimension: z.strictObject({ is_time: z.boolean().optional() }).optional(),
  label: z.string().optional(),
  description: z.string().optional(),
  datatype: z.enum(OSSIE_DATATYPES).optional(),
  ai_context: aiContextSchema.optional(),
  custom_extensions: z.array(customExtensionSchema).optional(),
});
export type OssieField = z.infer<typeof fieldSchema>;

const metricSchema = z.strictObject({
  name: z.string(),
  expression: expressionSchema,
  description: z.string().optional(),
  datatype: z.enum(OSSIE_DATATYPES).optional(),
  ai_context: aiContextSchema.optional(),
  custom_extensions: z.array(customExtensionSchema).optional(),
});
export type OssieMetric = z.infer<typeof metricSchema>;

const sourceSchema = z.union([
  z.string(),
  z.strictObject({ kind: z.literal('table'), object: z.string() }),
  z.strictObject({ kind: z.literal('query'), object: expressionSchema }),
]);
export type OssieSource = z.infer<typeof sourceSchema>;

const datasetSchema = z.strictObject({
  name: z.string(),
  source: sourceSchema,
  primary_key: z.array(z.string()).optional(),
  unique_keys: z.array(z.array(z.string())).optional(),
  description: z.string().optional(),
  ai_context: aiContextSchema.optional(),
  fields: z.array(fieldSchema).optional(),
  metrics: z.array(metricSchema).optional(),
  custom_extensions: z.array(customExtensionSchema).optional(),
});
export type OssieDataset = z.infer<typeof datasetSchema>;

const relationshipSchema = z.strictObject({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  from_columns: z.array(z.string()).min(1),
  to_columns: z.array(z.string()).min(1),
  ai_context: aiContextSchema.optional(),
  custom_extensions: z.array(customExtensionSchema).optional(),
});
export type OssieRelationship = z.infer<typeof relationshipSchema>;

const semanticModelSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  ai_context: aiContextSchema.optional(),
  datasets: z.array(datasetSchema).min(1),
  relationships: z.array(relationshipSchema).optional(),
  metrics: z.array(metricSchema).optional(),
  custom_extensions: z.array(customExtensionSchema).optional(),
});
export type OssieSemanticModel = z.infer<typeof semanticModelSchema>;

export const ossieDocumentSchema = z.strictObject({
  version: z.string().regex(OSSIE_VERSION_PATTERN, 'must be an Ossie version this import reads (0.1.x or 0.2.x)'),
  semantic_model: z.array(semanticModelSchema),
  dialects: z.array(z.string()).optional(),
  vendors: z.array(z.string()).optional(),
});
export type OssieDocument = z.infer<typeof ossieDocumentSchema>;
