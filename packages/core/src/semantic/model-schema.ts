/**
 * The semantic model as written by a user (YAML or JSON), validated with zod.
 * `normalizeModel` (semantic/normalize-model.ts) turns this file form into the resolved `SemanticModel`
 * (semantic/semantic-model.ts) that the rest of core reads: every label, column and default filled in.
 *
 * Example (the demo model, abridged):
 *   version: 1
 *   name: Demo shop
 *   currency: USD
 *   tenancy:
 *     context: { orgId: { description: Organisation id } }
 *   entities:
 *     orders:
 *       table: orders
 *       tenant: { orgId: organisation_id }
 *       defaultDate: created_at
 *       fields:
 *         subtotal: { type: number, format: currency }
 *       measures:
 *         revenue: { aggregation: sum, expression: "subtotal - discount", format: currency, synonyms: [sales] }
 *   relations:
 *     - { from: orders.product_id, to: products.id }
 */
import { z } from 'zod';
import { TEXT_DATE_FORMATS } from './text-date-formats';

/** Names used in plans: lower snake case, so they are safe, stable identifiers and never raw SQL. */
export const identifierSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a simple identifier (letters, digits, underscore)');

/** Physical table/column names may be anything the database allows; they are always quoted when compiled. */
export const physicalNameSchema = z.string().min(1).max(128);

export const fieldTypes = ['string', 'integer', 'number', 'boolean', 'date', 'datetime'] as const;
export const fieldTypeSchema = z.enum(fieldTypes);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const valueFormats = ['currency', 'percent', 'number', 'integer', 'date', 'datetime', 'text'] as const;
export const valueFormatSchema = z.enum(valueFormats);
export type ValueFormat = z.infer<typeof valueFormatSchema>;

export const aggregations = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median'] as const;
export const aggregationSchema = z.enum(aggregations);
export type Aggregation = z.infer<typeof aggregationSchema>;

export const fieldFileSchema = z
  .object({
    column: physicalNameSchema.optional(), // defaults to the field's key
    /**
     * A text label made of several columns joined by a space, such as first and last name: people are named
     * by both, and either alone is ambiguous. Read-only: shown, grouped and compared, never a join key.
     */
    joinColumns: z.array(physicalNameSchema).min(2).max(4).optional(),
    type: fieldTypeSchema,
    label: z.string().min(1).optional(), // defaults to the humanised key ("created_at" -> "created at")
    description: z.string().optional(),
    synonyms: z.array(z.string().min(1)).default([]),
    format: valueFormatSchema.optional(),
    /** Never selected, listed, grouped or filtered on (personal data such as emails, birth dates). */
    hidden: z.boolean().default(false),
    /** The column holds numbers written as text ("150", "null"): they are compared and aggregated as numbers. */
    storedAsText: z.boolean().optional(),
    /** The column holds dates written as text in this format ('23-OCT-10' is DD-MON-YY): read as dates. */
    textDateFormat: z.enum(TEXT_DATE_FORMATS).optional(),
    /** An integer column holding only 0 and 1: a yes/no ("electric bikes" keeps the rows with 1). */
    flag: z.boolean().optional(),
    /** Its values repeat across rows (a kind, such as a degree called "Bachelor"), so "different X" counts values. */
    repeats: z.boolean().optional(),
    /** identifier: keys and codes (not summed, not charted); dimension: a category to group by; time: a date. */
    role: z.enum(['identifier', 'dimension', 'measure', 'time', 'attribute']).optional(),
    /** Index the field's distinct values so questions can name them ("laptops" -> Laptop). Default: strings that are dimensions. */
    indexValues: z.boolean().optional(),
  })
  .strict();
export type FieldFile = z.infer<typeof fieldFileSchema>;

/**
 * A measure divided by another measure of the same entity, both aggregated over the same rows
 * ("conversion rate" = orders placed / sessions): what imported ratio metrics become.
 */
export const measureRatioSchema = z.object({ numerator: identifierSchema, denominator: identifierSchema }).strict();

export const measureFileSchema = z
  .object({
    label: z.string().min(1).optional(),
    description: z.string().optional(),
    synonyms: z.array(z.string().min(1)).default([]),
    /** Required unless the measure is a `ratio`. */
    aggregation: aggregationSchema.optional(),
    /** Arithmetic over this entity's field keys: names, numbers, + - * / and parentheses. Omitted for plain count. */
    expression: z.string().min(1).optional(),
    /** Instead of aggregation and expression: this entity's `numerator` measure over its `denominator` measure. */
    ratio: measureRatioSchema.optional(),
    format: valueFormatSchema.optional(),
  })
  .strict()
  .superRefine((measure, context) => {
    if (measure.ratio === undefined && measure.aggregation === undefined) context.addIssue({ code: 'custom', path: ['aggregation'], message: 'a measure needs an aggregation (or a ratio of two measures)' });
    if (measure.ratio !== undefined && measure.aggregation !== undefined) context.addIssue({ code: 'custom', path: ['ratio'], message: 'a ratio takes no aggregation: its numerator and denominator measures have theirs' });
    if (measure.ratio !== undefined && measure.expression !== undefined) context.addIssue({ code: 'custom', path: ['ratio'], message: 'a ratio takes no expression: its numerator and denominator measures have theirs' });
  });
export type MeasureFile = z.infer<typeof measureFileSchema>;

/** `shared` (readable by every caller) or a map of context key -> column of this table. */
export const entityTenantSchema = z.union([z.literal('shared'), z.record(identifierSchema, physicalNameSchema)]);

export const entityFileSchema = z
  .object({
    table: physicalNameSchema.optional(), // defaults to the entity's key
    schema: physicalNameSchema.optional(), // database schema (PostgreSQL), if not the default
    label: z.string().min(1).optional(), // singular, e.g. "order"
    plural: z.string().min(1).optional(), // e.g. "orders"
    description: z.string().optional(),
    synonyms: z.array(z.string().min(1)).default([]),
    primaryKey: identifierSchema.optional(),
    /** Required when the model declares tenancy by context with the column strategy; ignored when tenancy is none; refused with the schema and database strategies. */
    tenant: entityTenantSchema.optional(),
    /** The date field meant when a question names a period without saying which date ("last month"). */
    defaultDate: identifierSchema.optional(),
    /** The field that names a row in answers ("by product" shows product titles). */
    displayField: identifierSchema.optional(),
    /** The measure meant by "how much" or by a bare "by category" question on this entity. */
    defaultMeasure: identifierSchema.optional(),
    fields: z.record(identifierSchema, fieldFileSchema),
    measures: z.record(identifierSchema, measureFileSchema).default({}),
  })
  .strict();
export type EntityFile = z.infer<typeof entityFileSchema>;

const fieldPathSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/, 'must be "entity.field"');

export const relationFileSchema = z
  .object({
    /** The many side: "orders.product_id". */
    from: fieldPathSchema,
    /** The one side: "products.id". */
    to: fieldPathSchema,
    /** How the many side calls the one side ("product"); defaults to the target entity's label. */
    name: z.string().optional(),
  })
  .strict();
export type RelationFile = z.infer<typeof relationFileSchema>;

/** How tenants are kept apart: a column in shared tables (default), a PostgreSQL schema each, or a database each. */
export const tenantStrategies = ['column', 'schema', 'database'] as const;
export type TenantStrategyName = (typeof tenantStrategies)[number];

export const tenancyFileSchema = z.union([
  z.literal('none'),
  z
    .object({
      context: z.record(
        identifierSchema,
        z.object({ description: z.string().optional(), required: z.boolean().default(true) }).strict(),
      ),
      /** Default `column`, so every model written before strategies existed means what it meant. */
      strategy: z.enum(tenantStrategies).default('column'),
      /** strategy schema: the tenant's schema as a template over context keys, e.g. "tenant_{orgId}". */
      schema: z.string().min(1).max(200).optional(),
      /** strategy database: the tenant's data source URL as a template, e.g. "file:./tenants/{orgId}.sqlite". */
      url: z.string().min(1).max(2000).optional(),
    })
    .strict(),
]);

export const modelFileSchema = z
  .object({
    version: z.literal(1).default(1),
    name: z.string().min(1).default('Data'),
    description: z.string().optional(),
    /** ISO 4217 code used when formatting currency fields. */
    currency: z.string().length(3).default('USD'),
    /** Must be stated: `none` for single-tenant data, or the context keys that scope every query. */
    tenancy: tenancyFileSchema,
    entities: z.record(identifierSchema, entityFileSchema),
    relations: z.array(relationFileSchema).default([]),
  })
  .strict();
export type ModelFile = z.infer<typeof modelFileSchema>;
export type ModelFileInput = z.input<typeof modelFileSchema>;
