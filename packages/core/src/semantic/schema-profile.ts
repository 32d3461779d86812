/**
 * What introspection learnt from the data itself (introspect/profile-schema.ts reads it): per table and
 * column, how many rows hold a value and how many different values there are. The model builder uses it
 * to choose labels and keys; it never reaches a caller.
 */
import type { TableInfo } from '../datasource/data-source';
import type { TextDateFormat } from './text-date-formats';

export interface ColumnProfile {
  /** Rows with a value (non-null) among the sampled rows. */
  values: number;
  /** Different values among the sampled rows. */
  distinct: number;
  /** Average length of the text values (text columns only). */
  averageLength?: number;
  /** Text column whose sampled values are all numbers (or null-like words): 'integer' or 'number'. */
  numericText?: 'integer' | 'number';
  /** Text column whose sampled values are all ISO 8601 dates (or date-times), on an engine that reads them as dates. */
  dateText?: 'date' | 'datetime';
  /** The text format of those dates when it is not ISO 8601 ('DD-MON-YY' for '23-OCT-10'). */
  textDateFormat?: TextDateFormat;
  /** Smallest and largest sampled value of a number column. */
  min?: number;
  max?: number;
}

export interface TableProfile {
  /** Rows sampled (all of them when the table holds fewer than the sample size). */
  rows: number;
  /** True when the table holds more rows than were sampled. */
  sampled: boolean;
  columns: Map<string, ColumnProfile>;
}

export type SchemaProfile = Map<string, TableProfile>;

export const profileKey = (table: Pick<TableInfo, 'name' | 'schema'>): string => (table.schema === undefined ? table.name : `${table.schema}.${table.name}`);
