/**
 * Snowflake metrics -> askdata measures. A table's metric aggregates its own table; names in its SQL are the
 * table's logical columns (a fact's or dimension's name, its expression inlined), qualified or not, else
 * physical columns. A metric may name other metrics of its table (`total_revenue / order_count`), which is
 * how semantic views write ratios: each name is replaced by that metric's SQL before the shape is read.
 * A model-level metric is read the same way, on the one table it names.
 */
import type { ImportReport, Where } from '../draft/import-report';
import { addMeasure, type ColumnResolver } from '../draft/measure-builder';
import { keyOf } from '../draft/read-columns';
import { parseOrReason, shapeOf, type Read } from '../sql/read-aggregate';
import { columnsOf, type SqlNode } from '../sql/sql-expression';
import type { SnowflakeMetric } from './snowflake-schema';
import type { TableEntity } from './read-snowflake-tables';

export function readSnowflakeMetric(metric: SnowflakeMetric, home: TableEntity | undefined, tables: Map<string, TableEntity>, where: Where, report: ImportReport): void {
  if (metric.filter) {
    report.skip(where, `metric ${metric.name}`, `its filter (${metric.filter.expr}) is not carried (an askdata measure takes no filter)`);
    return;
  }
  const parsed = parseOrReason(metric.expr);
  if (!parsed.ok) {
    report.skip(where, `metric ${metric.name}`, parsed.reason);
    return;
  }
  const table: Read<TableEntity> = home === undefined ? homeOf(parsed.value, tables) : { ok: true, value: home };
  if (!table.ok) {
    report.skip(where, `metric ${metric.name}`, table.reason);
    return;
  }
  const expanded = expandMetrics(parsed.value, table.value, tables);
  if (!expanded.ok) {
    report.skip(where, `metric ${metric.name}`, expanded.reason);
    return;
  }
  const shape = shapeOf(expanded.value);
  if (!shape.ok) {
    report.skip(where, `metric ${metric.name}`, shape.reason);
    return;
  }
  const meta = { ...(metric.description ? { description: metric.description.trim() } : {}), synonyms: [...(metric.synonyms ?? [])] };
  const added = addMeasure(table.value.entity, keyOf(metric.name), shape.value, meta, resolver(table.value, tables), report, where);
  if (!added.ok) report.skip(where, `metric ${metric.name}`, added.reason);
  else if (metric.access_modifier === 'private_access') report.note(`metric ${metric.name} is private in Snowflake; askdata has no private measures, so it can be asked for`, where);
}

/** The one table a model-level metric names. */
function homeOf(node: SqlNode, tables: Map<string, TableEntity>): Read<TableEntity> {
  const named = [...new Set(columnsOf(node).flatMap((column) => (column.table === undefined ? [] : [column.table])))];
  if (named.length !== 1) return { ok: false, reason: named.length === 0 ? 'it names no table (qualify its names, e.g. orders.total_revenue)' : `it combines tables ${named.join(' and ')}; an askdata measure aggregates the rows of one entity` };
  const table = tableNamed(named[0] ?? '', tables);
  return table === undefined ? { ok: false, reason: `it names table ${named[0]}, which was not carried` } : { ok: true, value: table };
}

const tableNamed = (name: string, tables: Map<string, TableEntity>): TableEntity | undefined => tables.get(name) ?? [...tables.entries()].find(([known]) => known.toLowerCase() === name.toLowerCase())?.[1];

/** Replaces each name of a metric of the table by that metric's SQL (one level deep, as semantic views allow). */
function expandMetrics(node: SqlNode, home: TableEntity, tables: Map<string, TableEntity>, depth = 0): Read<SqlNode> {
  switch (node.kind) {
    case 'column': {
      const owner = node.table === undefined ? home : tableNamed(node.table, tables);
      if (owner !== home) return { ok: true, value: node };
      const metric = (home.table.metrics ?? []).find((candidate) => candidate.name.toLowerCase() === node.name.toLowerCase());
      if (metric === undefined) return { ok: true, value: node };
      if (depth > 0 || metric.filter) return { ok: false, reason: `it builds on metric ${metric.name}, ${metric.filter ? 'which has a filter' : 'which builds on other metrics'}` };
      const parsed = parseOrReason(metric.expr);
      return parsed.ok ? expandMetrics(parsed.value, home, tables, depth + 1) : parsed;
    }
    case 'binary': {
      const left = expandMetrics(node.left, home, tables, depth);
      if (!left.ok) return left;
      const right = expandMetrics(node.right, home, tables, depth);
      return right.ok ? { ok: true, value: { ...node, left: left.value, right: right.value } } : right;
    }
    case 'call': {
      const args: SqlNode[] = [];
      for (const arg of node.args) {
        const read = expandMetrics(arg, home, tables, depth);
        if (!read.ok) return read;
        args.push(read.value);
      }
      return { ok: true, value: { ...node, args } };
    }
    default:
      return { ok: true, value: node };
  }
}

/** Logical names of the table (qualified by it or not) mean their field or expression; other names are physical columns. */
function resolver(home: TableEntity, tables: Map<string, TableEntity>): ColumnResolver {
  return (column) => {
    if (column.table !== undefined && tableNamed(column.table, tables) !== home) {
      return { ok: false, reason: `it names ${column.table}.${column.name} of another table; an askdata measure aggregates the rows of one entity` };
    }
    const logical = home.columns.get(column.name) ?? [...home.columns.entries()].find(([name]) => name.toLowerCase() === column.name.toLowerCase())?.[1];
    if (logical === undefined) return { ok: true, value: { kind: 'column', name: column.name } };
    if ('node' in logical) return { ok: true, value: logical.node };
    const field = home.entity.fields[logical.key];
    if (field?.joinColumns !== undefined) return { ok: false, reason: `${column.name} joins several columns; it cannot be aggregated` };
    return { ok: true, value: { kind: 'column', name: field?.column ?? column.name } };
  };
}
