/**
 * The names of one SELECT: each table of its FROM is an entity of the model (by its physical table name),
 * each alias stands for one, and each column reference resolves to a field of one of them by its physical
 * column. A column the model does not list, or hides, is refused as unknown (a hidden field's existence is
 * not something to confirm, as in plan validation); a tenant column is recognised so its predicate can be
 * dropped: the tenant comes from the caller, never from the SQL.
 */
import type { FieldRef, ModelEntity, ModelField, SemanticModel } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { SqlImportError, unknownName, unsupported } from './sql-import-error';

export interface Source {
  alias: string;
  entity: ModelEntity;
}

/** A column as it resolved: a field (maybe hidden: only joins and keys may use it), or a tenant column. */
export type ResolvedColumn = { kind: 'field'; source: Source; field: ModelField; text: string } | { kind: 'tenant'; source: Source; text: string };

const lower = (name: string): string => name.toLowerCase();

/** A column reference's name, or '*'. */
export function columnName(node: SqlNode): string {
  const column = node.column;
  if (typeof column === 'string') return column;
  const value = column?.expr?.value;
  if (typeof value === 'string') return value;
  throw unsupported('a column expression');
}

export function entityOfTable(model: SemanticModel, table: string): ModelEntity {
  const entity = Object.values(model.entities).find((e) => lower(e.table) === lower(table));
  if (entity === undefined) throw unknownName('table', table);
  return entity;
}

function tenantColumns(entity: ModelEntity): string[] {
  return entity.tenancy.kind === 'scoped' ? Object.values(entity.tenancy.columns).map(lower) : [];
}

export class NameScope {
  constructor(
    readonly model: SemanticModel,
    readonly sources: readonly Source[],
    /** The enclosing query's names, for a correlated subquery (EXISTS). */
    readonly outer?: NameScope,
  ) {
    const seen = new Set<string>();
    for (const source of sources) {
      if (seen.has(source.entity.name)) throw unsupported('a self-join', `the table "${source.entity.table}" appears twice`);
      seen.add(source.entity.name);
    }
  }

  /** Resolves `T1.name` or `name`; `local` false lets a correlated reference reach the outer query. */
  resolve(node: SqlNode, local = true): ResolvedColumn & { scope: NameScope } {
    const name = columnName(node);
    const table = typeof node.table === 'string' ? node.table : undefined;
    const text = table ? `${table}.${name}` : name;
    if (name === '*') throw unsupported('* outside COUNT(*) and SELECT *');
    const candidates = table === undefined ? this.sources : this.sources.filter((s) => lower(s.alias) === lower(table) || lower(s.entity.table) === lower(table));
    if (table !== undefined && candidates.length === 0) {
      if (!local && this.outer) return this.outer.resolve(node, false);
      throw new SqlImportError('unknown table', `"${table}" in "${text}" is not a table or alias of this query.`, table);
    }
    const found = candidates.flatMap((source): ResolvedColumn[] => {
      // A tenant column first, even when the model also lists it as a (hidden) field: its predicate is dropped.
      if (tenantColumns(source.entity).includes(lower(name))) return [{ kind: 'tenant', source, text }];
      const field = Object.values(source.entity.fields).find((f) => f.joinColumns === undefined && lower(f.column) === lower(name));
      if (field) return [{ kind: 'field', source, field, text }];
      return [];
    });
    if (found.length > 1) throw new SqlImportError('ambiguous column', `The column "${name}" belongs to more than one table of the query; name its table.`, name);
    const [one] = found;
    if (one === undefined) {
      if (!local && this.outer && table === undefined) return this.outer.resolve(node, false);
      throw unknownName('column', text);
    }
    return { ...one, scope: this as NameScope };
  }

  /**
   * The field whose joined columns (first and last name) are exactly these columns of one table, in order,
   * or undefined: the model shows such columns only together, as one field.
   */
  joinedField(nodes: readonly SqlNode[]): FieldRef | undefined {
    if (nodes.length < 2 || nodes.some((n) => n?.type !== 'column_ref')) return undefined;
    const names = nodes.map((n) => lower(columnName(n)));
    const tables = new Set(nodes.map((n) => (typeof n.table === 'string' ? lower(n.table) : '')));
    if (tables.size > 1) return undefined;
    const [table] = [...tables];
    const candidates = table ? this.sources.filter((s) => lower(s.alias) === table || lower(s.entity.table) === table) : this.sources;
    for (const source of candidates) {
      const field = Object.values(source.entity.fields).find((f) => !f.hidden && f.joinColumns !== undefined && f.joinColumns.length === names.length && f.joinColumns.every((c, i) => lower(c) === names[i]));
      if (field) return { entity: source.entity.name, field: field.name };
    }
    return undefined;
  }

  /** True when the column resolves to a field or tenant column of this query. */
  has(node: SqlNode): boolean {
    try {
      this.resolve(node);
      return true;
    } catch {
      return false;
    }
  }

  /** A visible field, or a hidden one that is a key of a relation (validation refuses it if it stays shown). */
  keyOrVisibleField(node: SqlNode): FieldRef {
    const column = this.resolve(node);
    if (column.kind === 'field' && column.field.hidden) {
      const entity = column.source.entity.name;
      const isKey = this.model.relations.some((r) => (r.fromEntity === entity && r.fromField === column.field.name) || (r.toEntity === entity && r.toField === column.field.name));
      if (isKey) return { entity, field: column.field.name };
    }
    return this.visibleField(node);
  }

  /** A field the plan may show or filter on (hidden ones are refused like unknown ones). */
  visibleField(node: SqlNode): FieldRef {
    const column = this.resolve(node);
    if (column.kind === 'tenant') throw new SqlImportError('tenant column', `"${column.text}" is the tenant column: the tenant comes from the caller, so the SQL may not show or group by it.`, column.text);
    if (column.field.hidden) throw unknownName('column', column.text);
    // A column of numbers kept as text is asked of the data once the plan is read (numbers-as-text.ts).
    return { entity: column.source.entity.name, field: column.field.name };
  }
}

/**
 * A column the model reads as numbers although the database stores text (`storedAsText`): the plan compares,
 * sorts, sums and shows it as numbers, the SQL as text ('9' > '10'), so no plan carries the SQL exactly.
 */
export function refuseNumberStoredAsText(column: ResolvedColumn): void {
  if (column.kind === 'field' && column.field.storedAsText === true) throw unsupported('a column of numbers stored as text', `the SQL compares and shows "${column.text}" as text, the plan as numbers`);
}

/** The FROM list's tables and aliases; subqueries and table functions are refused. */
export function sourcesOf(model: SemanticModel, from: readonly SqlNode[] | null | undefined): Source[] {
  if (!from || from.length === 0) throw unsupported('a SELECT without FROM');
  return from.map((item) => {
    if (item.expr) throw unsupported('a subquery in FROM');
    if (typeof item.table !== 'string') throw unsupported('a FROM item that is not a table');
    if (item.join && !/^(INNER JOIN|JOIN|LEFT JOIN|LEFT OUTER JOIN)$/i.test(item.join)) throw unsupported(String(item.join).toUpperCase());
    if (item.using) throw unsupported('JOIN ... USING');
    const entity = entityOfTable(model, item.table);
    return { alias: typeof item.as === 'string' ? item.as : item.table, entity };
  });
}
