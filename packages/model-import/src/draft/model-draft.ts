/**
 * The askdata model as the readers build it: every format's reader fills the same draft (entities with
 * fields and measures, relations), and the shared steps after it (defaults, tenancy, validation) never need
 * to know which format it came from. Keys are askdata identifiers; columns stay as the source wrote them.
 */
import type { Aggregation, FieldType, ModelFileInput, ValueFormat } from '@askdata/core';
import type { Where } from './import-report';

export type FieldRole = 'identifier' | 'dimension' | 'measure' | 'time' | 'attribute';

export interface FieldDraft {
  column: string;
  joinColumns?: string[];
  type: FieldType;
  role?: FieldRole;
  label?: string;
  description?: string;
  synonyms: string[];
  hidden?: boolean;
  indexValues?: boolean;
  format?: ValueFormat;
  flag?: boolean;
  repeats?: boolean;
  storedAsText?: boolean;
  /** The source stated no type: the one here is a default, for typeAssumedFields to settle (dbt). */
  typeAssumed?: true;
  /** A source measure adds the column up (dbt's `agg: sum` describing a column): it is a number. */
  aggregatedAsNumber?: true;
}

export interface MeasureDraft {
  aggregation?: Aggregation;
  expression?: string;
  ratio?: { numerator: string; denominator: string };
  label?: string;
  description?: string;
  synonyms: string[];
  format?: ValueFormat;
}

export interface EntityDraft {
  key: string;
  table: string;
  schema?: string;
  label?: string;
  plural?: string;
  description?: string;
  synonyms: string[];
  /** A field key. */
  primaryKey?: string;
  defaultDate?: string;
  displayField?: string;
  defaultMeasure?: string;
  tenant?: 'shared' | Record<string, string>;
  fields: Record<string, FieldDraft>;
  measures: Record<string, MeasureDraft>;
  where: Where;
}

export interface RelationDraft {
  fromEntity: string;
  fromField: string;
  toEntity: string;
  toField: string;
  name?: string;
  where: Where;
}

export interface ModelDraft {
  name: string;
  description?: string;
  currency?: string;
  /** Only a document askdata wrote carries its tenancy (see ossie/askdata-extension.ts). */
  tenancy?: ModelFileInput['tenancy'];
  /**
   * The document was written by askdata (`askdata model export`): everything askdata needs is in it, so the
   * import chooses nothing (no default date, money or headline measure is guessed) and reads it back as it was.
   */
  writtenByAskdata?: boolean;
  entities: Record<string, EntityDraft>;
  relations: RelationDraft[];
}

export const newEntity = (key: string, table: string, where: Where): EntityDraft => ({ key, table, synonyms: [], fields: {}, measures: {}, where });

/** A key not yet used among `taken`: `name`, else `name_2`, `name_3`... */
export function uniqueKey(taken: Iterable<string>, name: string): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  for (let n = 2; ; n++) if (!used.has(`${name}_${n}`)) return `${name}_${n}`;
}

/** The field reading `column` (case-insensitively, as SQL reads unquoted names), if the entity has one. */
export function fieldForColumn(entity: EntityDraft, column: string): string | undefined {
  const wanted = column.toLowerCase();
  return Object.entries(entity.fields).find(([, field]) => field.joinColumns === undefined && field.column.toLowerCase() === wanted)?.[0];
}

/** Adds each synonym once (case-insensitively), keeping the first spelling. */
export function addSynonyms(target: string[], synonyms: readonly string[]): void {
  for (const synonym of synonyms) {
    const text = synonym.trim();
    if (text !== '' && !target.some((known) => known.toLowerCase() === text.toLowerCase())) target.push(text);
  }
}
