/**
 * The resolved semantic model every other part of core reads. Built once at start by `normalizeModel`
 * from a model file (or from introspection); immutable afterwards. All defaults are filled in here so
 * readers never re-derive labels, columns or tenancy.
 */
import type { Aggregation, FieldType, ValueFormat } from './model-schema';
import type { TextDateFormat } from './text-date-formats';
import type { BusinessReading } from './business-reading';

export interface ModelField {
  name: string; // key used in plans
  entity: string;
  column: string; // physical column, always quoted when compiled (the first one, for a joined label)
  /** Columns shown joined by a space (first and last name); `column` is then the first of them. */
  joinColumns?: string[];
  type: FieldType;
  label: string; // "order date"
  description?: string;
  synonyms: string[];
  format: ValueFormat;
  hidden: boolean;
  role: 'identifier' | 'dimension' | 'measure' | 'time' | 'attribute';
  indexValues: boolean;
  /** Numbers stored in a text column: read through the dialect's numberFromText. */
  storedAsText?: boolean;
  /** A date written as text in a well-known format ('23-OCT-10'): read through the dialect's dateFromText. */
  textDateFormat?: TextDateFormat;
  /** An integer 0/1 column that says yes or no; boolean columns are yes/no by type. */
  flag?: boolean;
  /** Values repeat across rows ("Bachelor" for many programs): "how many different X" counts values. */
  repeats?: boolean;
}

export interface ModelMeasure {
  name: string;
  entity: string;
  label: string;
  description?: string;
  synonyms: string[];
  /**
   * How the measure aggregates. A `ratio` reads as `avg`: like an average it does not add up across groups
   * (a ratio of totals is not the total of the groups' ratios), which is what planners need to know of it.
   */
  aggregation: Aggregation;
  /** Parsed arithmetic over field names of the same entity; undefined means count of rows. */
  expression?: MeasureExpression;
  /** Set for a ratio: names of two plain (non-ratio) measures of the same entity, compiled as numerator / denominator. */
  ratio?: { numerator: string; denominator: string };
  format: ValueFormat;
}

export type MeasureExpression =
  | { kind: 'field'; field: string }
  | { kind: 'number'; value: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: MeasureExpression; right: MeasureExpression };

/**
 * `shared`, the columns that scope this table keyed by context key, or `isolated`: the table lives in
 * each tenant's own schema or database (strategy schema or database), so it is readable only through a
 * tenant scope that names one; never through the shared default data source.
 */
export type EntityTenancy = { kind: 'shared' } | { kind: 'scoped'; columns: Record<string, string> } | { kind: 'isolated' };

export interface ModelEntity {
  name: string;
  table: string;
  schema?: string;
  label: string; // singular: "order"
  plural: string; // "orders"
  description?: string;
  synonyms: string[];
  primaryKey?: string;
  tenancy: EntityTenancy;
  defaultDate?: string;
  displayField?: string;
  defaultMeasure?: string;
  fields: Record<string, ModelField>;
  measures: Record<string, ModelMeasure>;
}

/** A many-to-one link: each `from` row points at one `to` row. */
export interface ModelRelation {
  name: string;
  fromEntity: string;
  fromField: string;
  toEntity: string;
  toField: string;
}

export type ModelTenancy =
  | { mode: 'none' }
  | {
      mode: 'context';
      keys: Record<string, { required: boolean; description?: string }>;
      /** Absent for the column strategy (tenant columns on the entities); otherwise where each tenant's tables are. */
      strategy?: TenantStrategy;
    };

/** A schema (PostgreSQL) or a database per tenant, named by a template over the context keys. */
export interface TenantStrategy {
  kind: 'schema' | 'database';
  template: TenantTemplate;
}

/** "tenant_{orgId}" parsed: literal text and context keys, in order; every declared key appears at least once. */
export interface TenantTemplate {
  text: string;
  parts: readonly ({ literal: string } | { key: string })[];
}

export interface SemanticModel {
  name: string;
  description?: string;
  currency: string;
  tenancy: ModelTenancy;
  entities: Record<string, ModelEntity>;
  relations: ModelRelation[];
  /** Where the model came from, for messages: a file path, or "introspection…" (isIntrospectedModel). */
  source: string;
  /**
   * Tables introspection found but left out because they cannot be queried safely (e.g. no tenant column
   * under context tenancy). Informational: shown by the scaffolder and in "cannot answer" messages.
   */
  excludedTables?: ExcludedTable[];
  /** The business readings introspection made (words it gave fields, with their evidence): shown in the trace. */
  readings?: readonly BusinessReading[];
}

export interface ExcludedTable {
  table: string;
  schema?: string;
  reason: string;
}

/** Whether the model was introspected from the database (not written by someone who knows the data). */
export function isIntrospectedModel(model: Pick<SemanticModel, 'source'>): boolean {
  return model.source.startsWith('introspection');
}
