/** Snowflake data types -> askdata field types; undefined for the ones no field can hold (VARIANT, ARRAY, BINARY...). */
import type { FieldType } from '@askdata/core';

export function fieldTypeOf(dataType: string | null | undefined): FieldType | undefined {
  if (dataType === null || dataType === undefined) return undefined;
  const text = dataType.trim().toUpperCase();
  const base = /^[A-Z_ ]+/.exec(text)?.[0].trim() ?? text;
  const scale = /\(\s*\d+\s*,\s*(\d+)\s*\)/.exec(text)?.[1];
  if (/^(VARCHAR|CHAR|CHARACTER|STRING|TEXT|NVARCHAR|NCHAR|NVARCHAR2|CHAR VARYING|NCHAR VARYING)$/.test(base)) return 'string';
  if (/^(NUMBER|DECIMAL|NUMERIC|DEC)$/.test(base)) {
    // NUMBER(p, 0) holds whole numbers; a bare NUMBER is usually written for amounts, so it reads as a decimal.
    if (scale !== undefined) return Number(scale) === 0 ? 'integer' : 'number';
    return /\(\s*\d+\s*\)/.test(text) ? 'integer' : 'number';
  }
  if (/^(INT|INTEGER|BIGINT|SMALLINT|TINYINT|BYTEINT)$/.test(base)) return 'integer';
  if (/^(FLOAT|FLOAT4|FLOAT8|DOUBLE|DOUBLE PRECISION|REAL)$/.test(base)) return 'number';
  if (base === 'BOOLEAN') return 'boolean';
  if (base === 'DATE') return 'date';
  if (/^(DATETIME|TIMESTAMP|TIMESTAMP_NTZ|TIMESTAMP_LTZ|TIMESTAMP_TZ)$/.test(base)) return 'datetime';
  if (base === 'TIME') return 'string';
  return undefined;
}
