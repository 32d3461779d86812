/**
 * What an askdata model says that Ossie's core cannot (a field's role and format, hidden personal data, the
 * field that names a row, tenancy...), carried in Ossie's own mechanism for it: `custom_extensions` with
 * vendor_name ASKDATA and a JSON string as data. The export writes them so that the import reads an askdata
 * model back equal; other tools keep the core metadata and pass the extension along.
 */
import { aggregationSchema, fieldTypeSchema, identifierSchema, tenancyFileSchema, valueFormatSchema } from '@askdata/core';
import { z } from 'zod';
import type { OssieCustomExtension } from './ossie-schema';

export const ASKDATA_VENDOR = 'ASKDATA';

export const fieldExtensionSchema = z.strictObject({
  type: fieldTypeSchema.optional(),
  role: z.enum(['identifier', 'dimension', 'measure', 'time', 'attribute']).optional(),
  label: z.string().min(1).optional(),
  format: valueFormatSchema.optional(),
  hidden: z.boolean().optional(),
  indexValues: z.boolean().optional(),
  flag: z.boolean().optional(),
  repeats: z.boolean().optional(),
  storedAsText: z.boolean().optional(),
});

export const datasetExtensionSchema = z.strictObject({
  schema: z.string().min(1).optional(),
  label: z.string().min(1).optional(),
  plural: z.string().min(1).optional(),
  tenant: z.union([z.literal('shared'), z.record(identifierSchema, z.string().min(1))]).optional(),
  defaultDate: identifierSchema.optional(),
  displayField: identifierSchema.optional(),
  defaultMeasure: identifierSchema.optional(),
});

export const metricExtensionSchema = z.strictObject({
  /** The dataset a model-scoped metric aggregates, when its SQL names none (COUNT(*)). */
  dataset: z.string().min(1).optional(),
  /** The measure's key when the metric's name had to differ (two entities with a measure of one name). */
  measure: identifierSchema.optional(),
  label: z.string().min(1).optional(),
  format: valueFormatSchema.optional(),
  /** A ratio's parts, by measure key (the SQL says the same; the keys keep the parts' own names). */
  ratio: z.strictObject({ numerator: identifierSchema, denominator: identifierSchema }).optional(),
  aggregation: aggregationSchema.optional(),
});

export const relationshipExtensionSchema = z.strictObject({ name: z.string().min(1).optional() });

export const modelExtensionSchema = z.strictObject({
  name: z.string().min(1).optional(),
  currency: z.string().length(3).optional(),
  tenancy: tenancyFileSchema.optional(),
});

export type ExtensionRead<T> = { ok: true; value: T | undefined } | { ok: false; path: string; message: string };

/** The ASKDATA extension among `extensions`, parsed; other vendors' extensions are the caller's to report. */
export function readAskdataExtension<T>(extensions: readonly OssieCustomExtension[] | undefined, schema: z.ZodType<T>): ExtensionRead<T> {
  const index = (extensions ?? []).findIndex((extension) => extension.vendor_name.toUpperCase() === ASKDATA_VENDOR);
  const extension = extensions?.[index];
  if (extension === undefined) return { ok: true, value: undefined };
  const path = `custom_extensions[${index}].data`;
  let data: unknown;
  try {
    data = JSON.parse(extension.data) as unknown;
  } catch (error) {
    return { ok: false, path, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, path, message: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ') };
  return { ok: true, value: parsed.data };
}

/** An ASKDATA extension holding `data`, or none when there is nothing to say. */
export function askdataExtension(data: Record<string, unknown>): OssieCustomExtension[] {
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  return Object.keys(present).length === 0 ? [] : [{ vendor_name: ASKDATA_VENDOR, data: JSON.stringify(present) }];
}
