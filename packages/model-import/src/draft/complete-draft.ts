/**
 * What askdata needs that no format states, chosen the way introspection chooses it (core's own heuristics,
 * so an imported model and a scaffolded one agree), each choice noted in the report:
 * - money: a decimal field named like money (price, amount, revenue...) is currency, so "orders over $500"
 *   and "most expensive" find it, and measures over it read in the model's currency;
 * - personal data (emails, phone numbers, birth dates) and secrets are hidden;
 * - the date a bare period reads ("orders last month"), and the field that names a row in answers;
 * - the measure "how much" means on an entity whose rows are events (no join path points at it: orders,
 *   not the products they point at): its first measure that is not a plain count, which is where models put
 *   their headline figure (revenue before units sold).
 */
import { looksLikeMoney, looksSensitive, pickDefaultDate, pickDisplayColumn, type ColumnInfo, type TableInfo } from '@askdata/core';
import type { ImportReport } from './import-report';
import type { EntityDraft, ModelDraft } from './model-draft';

export function completeDraft(draft: ModelDraft, report: ImportReport): void {
  const pointedAt = new Set(draft.relations.map((relation) => relation.toEntity));
  for (const entity of Object.values(draft.entities)) {
    markMoneyAndPersonalData(entity, report);
    if (entity.defaultDate === undefined) {
      const date = defaultDateOf(entity);
      if (date !== undefined) {
        entity.defaultDate = date;
        report.note(`${entity.key}: a period with no date named reads ${date}`, entity.where);
      }
    }
    if (entity.displayField === undefined) {
      const display = displayFieldOf(entity);
      if (display !== undefined) {
        entity.displayField = display;
        report.note(`${entity.key}: rows are named by ${display} in answers`, entity.where);
      }
    }
    if (entity.defaultMeasure === undefined && !pointedAt.has(entity.key)) {
      const headline = Object.entries(entity.measures).find(([, measure]) => measure.ratio !== undefined || measure.aggregation !== 'count')?.[0];
      if (headline !== undefined) {
        entity.defaultMeasure = headline;
        report.note(`${entity.key}: "how much" means ${headline} (its first measure that is not a count)`, entity.where);
      }
    }
  }
}

function markMoneyAndPersonalData(entity: EntityDraft, report: ImportReport): void {
  const money: string[] = [];
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.hidden !== true && (looksSensitive(key) || looksSensitive(field.column))) {
      field.hidden = true;
      delete field.indexValues;
      report.note(`${entity.key}.${key} looks like personal data or a secret; hidden (never shown or filtered on)`, entity.where);
    }
    if (field.type === 'number' && field.format === undefined && (looksLikeMoney(key) || looksLikeMoney(field.column))) {
      field.format = 'currency';
      money.push(key);
    }
  }
  if (money.length > 0) report.note(`${entity.key}: ${money.join(', ')} read as money (currency)`, entity.where);
}

/**
 * Physical names first: a warehouse's columns follow conventions (created_at) that logical names, written
 * for people, often do not ("signup date" and "last order date" are both dates; created_at says which one
 * the row was made on).
 */
function defaultDateOf(entity: EntityDraft): string | undefined {
  const dates = columnsOf(entity).filter((column) => column.type === 'date' || column.type === 'datetime');
  const byColumn = pickDefaultDate(dates.map((column) => ({ ...column, name: entity.fields[column.name]?.column ?? column.name })), entity.table);
  if (byColumn !== undefined) return dates.find((column) => entity.fields[column.name]?.column === byColumn.name)?.name;
  return pickDefaultDate(dates, entity.key)?.name;
}

/** The entity's visible fields as the columns introspection would see, keyed by field key. */
function columnsOf(entity: EntityDraft): ColumnInfo[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => field.hidden !== true && field.joinColumns === undefined)
    .map(([key, field]) => ({ name: key, type: field.type, nativeType: field.type, nullable: true, primaryKey: entity.primaryKey === key }));
}

function displayFieldOf(entity: EntityDraft): string | undefined {
  const joined = Object.entries(entity.fields).find(([, field]) => field.hidden !== true && field.joinColumns !== undefined);
  if (joined !== undefined) return joined[0];
  const table: TableInfo = { name: entity.key, foreignKeys: [], columns: columnsOf(entity) };
  return pickDisplayColumn(table, new Set())?.name;
}
