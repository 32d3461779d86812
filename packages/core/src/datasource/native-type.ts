/** Maps a database's declared column type to the small family the semantic model uses. */
import type { ColumnInfo } from './data-source';

export function normaliseNativeType(native: string): ColumnInfo['type'] {
  const t = native.trim().toLowerCase();
  if (t === '') return 'unknown';
  if (/^(bool|boolean)$/.test(t)) return 'boolean';
  if (/^date$/.test(t)) return 'date';
  if (/(timestamp|datetime)/.test(t)) return 'datetime';
  if (/^(time|interval)/.test(t)) return 'unknown';
  // SQLite affinity rules: any declared type containing INT is an integer.
  if (/int|serial/.test(t)) return 'integer';
  if (/(char|clob|text|uuid|citext|name|enum|json)/.test(t)) return 'string';
  if (/(real|floa|doub|numeric|decimal|money)/.test(t)) return 'number';
  return 'unknown';
}
