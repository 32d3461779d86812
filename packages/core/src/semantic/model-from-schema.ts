/**
 * Zero-configuration model: derives a usable semantic model from what the database says about itself
 * (tables, columns, types, keys). It builds a model *file* and runs it through the same validation and
 * normalisation as a hand-written one, so the scaffolder can print it back as an editable file.
 *
 * Tenancy fails closed. With `{ contextKey, column }`, every table that has `column` is scoped by it; the
 * tenant table itself (the one `column` points at, e.g. organisations for organisation_id) is scoped by its
 * primary key; every other table cannot be restricted to one tenant, so it is left out of the model (listed
 * in `excludedTables`) rather than marked shared: guessing "shared" would expose other tenants' rows. Only
 * a table the caller names in `sharedTables` (a lookup table such as plans or currencies) is kept as
 * shared, read by every tenant.
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { findTableByBase, looksLikeMoney, looksSensitive, pickDefaultDate, primaryKeyOf, referenceBase } from './introspection-heuristics';
import { expandAbbreviations } from './expand-abbreviations';
import { unitSuffix } from './unit-suffix';
import { pickDisplayColumn, pickNameParts } from './pick-display-column';
import { tableNoun } from './table-noun';
import { addSalesWords } from './sales-words';
import { addDateVerbs } from './date-verbs';
import { addCodeNames } from './code-names';
import { addPayByPhrases } from './payment-verbs';
import { addMoneyVerbs } from './money-verbs';
import { addMoneySize } from './money-size';
import { addPriceWords } from './price-words';
import { addUnitMeasures } from './unit-measures';
import { addPlaceAlternatives } from './place-alternatives';
import { nameRoleRelations } from './role-relations';
import { addPeopleWords } from './people-table';
import { addCustomerWords } from './customer-table';
import { nameFactRoles } from './fact-roles';
import { addShipperWords } from './lookup-names';
import type { BusinessReading } from './business-reading';
import { readingId, snapshotEntities, withdrawRejected } from './reading-review';
import { addFlagNames } from './flag-names';
import { profileKey, type SchemaProfile } from './schema-profile';
import { humanize, pluralize, singularize, splitWords, toIdentifier } from './humanize';
import { issuesFromZod, modelInvalid } from './model-issues';
import { modelFileSchema, type FieldType, type ModelFileInput } from './model-schema';
import { normalizeModel } from './normalize-model';
import type { ExcludedTable, SemanticModel } from './semantic-model';

export type IntrospectionTenancy = 'none' | { contextKey: string; column: string };

export interface ModelFromSchemaOptions {
  tenancy: IntrospectionTenancy;
  /** For messages; defaults to "introspection". */
  source?: string;
  name?: string;
  /** What the data showed (introspect/profile-schema.ts): used to choose the column that names a row. */
  profile?: SchemaProfile;
  /**
   * Guess relations from `<name>_id` columns when no foreign key is declared (default true). Introspection
   * of a live database turns it off: it adds only the foreign keys the data proves (introspect/infer-keys.ts).
   */
  inferRelationsByName?: boolean;
  /**
   * Tables without the tenant column to keep as shared (every tenant reads all their rows), by name or
   * `schema.name`; the caller says so (`model:scaffold --shared`), it is never guessed. Each must be a
   * table that would otherwise be left out.
   */
  sharedTables?: readonly string[];
  /** Ids (readingId) of business readings the model's owner rejected: withdrawn, never applied (reading-review.ts). */
  rejectedReadings?: readonly string[];
}

type FieldInput = NonNullable<ModelFileInput['entities'][string]['fields'][string]>;
type EntityInput = ModelFileInput['entities'][string];

interface TableEntry {
  table: TableInfo;
  key: string;
  /** Column name -> field key. */
  fieldKeys: Map<string, string>;
  tenant: 'shared' | Record<string, string>;
}

export function modelFromSchema(tables: readonly TableInfo[], options: ModelFromSchemaOptions): SemanticModel {
  const source = options.source ?? 'introspection';
  const { file, excluded, readings } = modelFileFromSchema(tables, options);
  const parsed = modelFileSchema.safeParse(file);
  if (!parsed.success) throw modelInvalid(source, issuesFromZod(parsed.error.issues));
  const model = normalizeModel(parsed.data, source);
  if (excluded.length === 0 && readings.length === 0) return model;
  return Object.freeze({
    ...model,
    ...(excluded.length === 0 ? {} : { excludedTables: Object.freeze(excluded.map((table) => Object.freeze(table))) as ExcludedTable[] }),
    ...(readings.length === 0 ? {} : { readings: Object.freeze(readings.map((reading) => Object.freeze(reading))) }),
  });
}

export function modelFileFromSchema(tables: readonly TableInfo[], options: ModelFromSchemaOptions): { file: ModelFileInput; excluded: ExcludedTable[]; readings: BusinessReading[] } {
  const { entries, excluded } = chooseTables(tables, options);
  const entities: Record<string, EntityInput> = {};
  const nouns = entityNouns(entries);
  for (const entry of entries) entities[entry.key] = entityFor(entry, options.tenancy, options.profile, nouns.get(entry));
  addSalesWords(entities, entries.map((entry) => entry.table.name));
  const beforeReadings = snapshotEntities(entities);
  // Every reading rule runs between the snapshot and the withdrawal, so a rejected reading comes off cleanly.
  const made = [...addDateVerbs(entities), ...addCodeNames(entities), ...addPayByPhrases(entities), ...addMoneyVerbs(entities), ...addMoneySize(entities), ...addFlagNames(entities), ...addPriceWords(entities), ...addUnitMeasures(entities, referencesOf(entries)), ...addPlaceAlternatives(entities), ...addPeopleWords(entities), ...addShipperWords(entities), ...addCustomerWords(entities, referencesOf(entries))];
  const readings = withdrawRejected(entities, beforeReadings, made, options.rejectedReadings);
  const tenancy: ModelFileInput['tenancy'] =
    options.tenancy === 'none' ? 'none' : { context: { [options.tenancy.contextKey]: { required: true, description: `Scopes every table by its "${options.tenancy.column}" column.` } } };
  const relations = relationsFor(entries, options.inferRelationsByName ?? true);
  readings.push(...withdrawRejectedRoles(relations, options.rejectedReadings, (named) => [...nameRoleRelations(entities, named), ...nameFactRoles(entities, named)]));
  const file: ModelFileInput = { version: 1, name: options.name ?? 'Data', tenancy, entities, relations };
  return { file, excluded, readings };
}

/**
 * The role readings name relations, not fields, so they are withdrawn here: a rejected one gives its
 * relation back the name it had before.
 */
function withdrawRejectedRoles(relations: NonNullable<ModelFileInput['relations']>, rejected: readonly string[] | undefined, name: (relations: NonNullable<ModelFileInput['relations']>) => BusinessReading[]): BusinessReading[] {
  const before = relations.map((relation) => relation.name);
  const made = name(relations);
  const ids = new Set(rejected ?? []);
  for (const reading of made.filter((candidate) => ids.has(readingId(candidate)))) {
    const index = relations.findIndex((relation) => relation.from === `${reading.entity}.${reading.field}`);
    if (index >= 0) relations[index]!.name = before[index];
  }
  return made.filter((reading) => !ids.has(readingId(reading)));
}

/** Each entity and the entities its table's foreign keys point at. */
function referencesOf(entries: readonly TableEntry[]): { entity: string; references: string[] }[] {
  return entries.map((entry) => ({ entity: entry.key, references: entry.table.foreignKeys.flatMap((fk) => entries.filter((other) => sameName(other.table.name, fk.referencedTable)).map((other) => other.key)) }));
}

function uniqueKey(wanted: string, taken: Set<string>): string {
  let key = wanted;
  for (let n = 2; taken.has(key); n++) key = `${wanted}_${n}`;
  taken.add(key);
  return key;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function chooseTables(tables: readonly TableInfo[], options: ModelFromSchemaOptions): { entries: TableEntry[]; excluded: ExcludedTable[] } {
  const tenancy = options.tenancy;
  const tenantTables = tenancy === 'none' ? new Map<TableInfo, string>() : findTenantTables(tables, tenancy.column);
  if (tenancy !== 'none' && tenantTables.size === 0 && !tables.some((table) => table.columns.some((column) => sameName(column.name, tenancy.column)))) {
    throw modelInvalid(options.source ?? 'introspection', [{ path: 'tenancy', message: `no table has a column "${tenancy.column}" to scope by; check the name, or use tenancy none for single-tenant data` }]);
  }
  const shared = sharedTablesOf(tables, options, tenantTables);
  const entries: TableEntry[] = [];
  const excluded: ExcludedTable[] = [];
  const entityKeys = new Set<string>();
  for (const table of tables) {
    let tenant: TableEntry['tenant'] = 'shared';
    if (tenancy !== 'none') {
      const own = table.columns.find((column) => sameName(column.name, tenancy.column));
      const tenantKey = tenantTables.get(table);
      if (own !== undefined) tenant = { [tenancy.contextKey]: own.name };
      else if (tenantKey !== undefined) tenant = { [tenancy.contextKey]: tenantKey };
      else if (shared.has(table)) tenant = 'shared';
      else {
        excluded.push({ table: table.name, ...(table.schema === undefined ? {} : { schema: table.schema }), reason: `has no "${tenancy.column}" column, so it cannot be restricted to one ${tenancy.contextKey}` });
        continue;
      }
    }
    const wanted = toIdentifier(table.name);
    const key = uniqueKey(entityKeys.has(wanted) && table.schema !== undefined ? toIdentifier(`${table.schema}_${table.name}`) : wanted, entityKeys);
    const taken = new Set<string>();
    const fieldKeys = new Map(table.columns.map((column) => [column.name, uniqueKey(toIdentifier(column.name), taken)]));
    entries.push({ table, key, fieldKeys, tenant });
  }
  return { entries, excluded };
}

/**
 * The tables `sharedTables` names. A name that is no table, or a table that is scoped anyway (it has the
 * tenant column, or is the tenant table), is an error: a typo must not leave a table out silently, and a
 * scoped table must not be opened to every tenant.
 */
function sharedTablesOf(tables: readonly TableInfo[], options: ModelFromSchemaOptions, tenantTables: ReadonlyMap<TableInfo, string>): Set<TableInfo> {
  const names = options.sharedTables ?? [];
  const found = new Set<TableInfo>();
  if (names.length === 0) return found;
  const source = options.source ?? 'introspection';
  const tenancy = options.tenancy;
  if (tenancy === 'none') throw modelInvalid(source, [{ path: 'sharedTables', message: 'with tenancy none every table is read by everyone already; shared tables need a tenant column to scope the others' }]);
  for (const name of names) {
    const table = tables.find((candidate) => candidate.name === name || (candidate.schema !== undefined && `${candidate.schema}.${candidate.name}` === name));
    if (table === undefined) throw modelInvalid(source, [{ path: 'sharedTables', message: `"${name}" is not a table of ${source}` }]);
    if (tenantTables.has(table) || table.columns.some((column) => sameName(column.name, tenancy.column))) {
      throw modelInvalid(source, [{ path: 'sharedTables', message: `"${name}" is scoped by its "${tenancy.column}" column (or is the table it points at), so it is not shared` }]);
    }
    found.add(table);
  }
  return found;
}

/** Tables the tenant column points at (by foreign key, else by name): each maps to the referenced column. */
function findTenantTables(tables: readonly TableInfo[], column: string): Map<TableInfo, string> {
  const found = new Map<TableInfo, string>();
  for (const table of tables) {
    for (const key of table.foreignKeys.filter((fk) => sameName(fk.column, column))) {
      const target = tables.find((candidate) => candidate.name === key.referencedTable);
      if (target !== undefined) found.set(target, key.referencedColumn);
    }
  }
  const base = referenceBase(column);
  const byName = base === undefined ? undefined : findTableByBase(base, tables);
  const byNameKey = byName === undefined ? undefined : primaryKeyOf(byName);
  if (found.size === 0 && byName !== undefined && byNameKey !== undefined) found.set(byName, byNameKey);
  return found;
}

function fieldType(column: ColumnInfo): FieldType {
  return column.type === 'unknown' ? 'string' : column.type;
}

/**
 * The noun each table stands for ("cars_data" -> car, "Ref_Template_Types" -> template type), when it is
 * shorter than the table's own name and no other table stands for the same noun.
 */
function entityNouns(entries: readonly TableEntry[]): Map<TableEntry, string> {
  const nouns = new Map<TableEntry, string>();
  const counts = new Map<string, number>();
  const full = new Set(entries.map((entry) => singularize(humanize(entry.key))));
  for (const entry of entries) {
    const noun = singularize(tableNoun(entry.table.name));
    counts.set(noun, (counts.get(noun) ?? 0) + 1);
  }
  for (const entry of entries) {
    const noun = singularize(tableNoun(entry.table.name));
    const own = singularize(humanize(entry.key));
    if (noun !== own && counts.get(noun) === 1 && !full.has(noun)) nouns.set(entry, noun);
  }
  return nouns;
}

function entityFor(entry: TableEntry, tenancy: IntrospectionTenancy, profile: SchemaProfile | undefined, noun: string | undefined): EntityInput {
  const { table, fieldKeys } = entry;
  const keyOf = (column: string): string => fieldKeys.get(column) ?? toIdentifier(column);
  const tenantColumn = tenancy === 'none' ? undefined : table.columns.find((column) => sameName(column.name, tenancy.column))?.name;
  // "customer_name" on customers is also just "name", "template_type_code" on template types just "code".
  const prefixes = [splitWords(singularize(humanize(entry.key))), ...(noun === undefined ? [] : [splitWords(noun)])];
  const fields: Record<string, FieldInput> = {};
  const keyColumns = new Set([primaryKeyOf(table), ...table.foreignKeys.map((fk) => fk.column)].filter((name): name is string => name !== undefined));
  for (const column of table.columns) {
    const key = keyOf(column.name);
    const field: FieldInput = { type: fieldType(column) };
    // Numbers kept in a text column (that is not a key) are numbers to people: compare and sum them as such.
    const numericText = profile?.get(profileKey(table))?.columns.get(column.name)?.numericText;
    const stats = profile?.get(profileKey(table))?.columns.get(column.name);
    if (column.type === 'string' && stats !== undefined && stats.values >= 10 && stats.distinct / stats.values < 0.5) field.repeats = true;
    if (numericText !== undefined && !keyColumns.has(column.name)) {
      field.type = numericText;
      // Untyped SQLite columns hold numbers as numbers; only a declared text column needs reading as one.
      if (column.type === 'string') field.storedAsText = true;
    }
    // 0 and 1 in an integer column that is no key: a yes/no kept as a number (SQLite has no boolean type).
    if (column.type === 'integer' && !keyColumns.has(column.name) && stats !== undefined && stats.values > 0 && stats.distinct <= 2 && stats.min !== undefined && stats.min >= 0 && (stats.max ?? 2) <= 1) {
      field.flag = true;
      field.role = 'attribute';
    }
    // ISO dates kept as text (SQLite's convention) are dates to people: periods and grains apply to them.
    if (stats?.dateText !== undefined && !keyColumns.has(column.name)) field.type = stats.dateText;
    if (stats?.textDateFormat !== undefined && !keyColumns.has(column.name)) field.textDateFormat = stats.textDateFormat;
    if (key !== column.name) field.column = column.name;
    if (column.name === tenantColumn || looksSensitive(column.name)) {
      field.hidden = true;
      field.role = column.name === tenantColumn ? 'identifier' : 'attribute';
    }
    // A column declared without a type is text unless its values are numbers (numericText below).
    if (column.type === 'unknown' && profile?.get(profileKey(table))?.columns.get(column.name) === undefined) field.role = 'attribute';
    // Codes that are keys ('APG', 'PPT') are named in questions like categories: index their values, and
    // so for short text whatever its name ("description" columns holding "Book", "Presentation").
    const averageLength = profile?.get(profileKey(table))?.columns.get(column.name)?.averageLength;
    if (column.type === 'string' && field.hidden !== true && (keyColumns.has(column.name) || (averageLength !== undefined && averageLength <= 40))) field.indexValues = true;
    if (column.type === 'number' && looksLikeMoney(column.name)) field.format = 'currency';
    // A year is a label, not a quantity: "1980", not "1,980", and never summed.
    // "founded", "built", "opened" holding 1000-2200: years as well, when the data says so.
    const yearish = /(^| )(founded|established|built|opened|since|born)$/.test(humanize(column.name)) && stats?.min !== undefined && stats.min >= 1000 && (stats.max ?? 0) <= 2200;
    // The field's type, not the column's: a year kept in a text column ("Year" text holding 2014) reads as one too.
    if (field.type === 'integer' && (/(^| )year$/.test(humanize(column.name)) || yearish)) {
      field.format = 'text';
      field.role = 'dimension';
    }
    if (column.comment !== undefined) field.description = column.comment;
    // "height_cm": labelled "height in centimetres", and named "height" in questions ("the tallest player").
    const unit = field.type === 'integer' || field.type === 'number' ? unitSuffix(humanize(key)) : undefined;
    const written = unit === undefined ? expandAbbreviations(humanize(key)) : `${expandAbbreviations(unit.quantity) ?? unit.quantity} in ${unit.unit}`;
    if (written !== undefined) field.label = written;
    // A short comment ("district name" on dist_nm) is the best label there is; the column name stays a name too.
    const named = shortName(column.comment);
    if (named !== undefined) field.label = named;
    const words = splitWords(column.name);
    for (const prefix of prefixes) {
      const rest = words.slice(prefix.length).join(' ');
      if (words.length > prefix.length && prefix.every((word, i) => words[i] === word) && rest !== 'id') {
        field.synonyms = [expandAbbreviations(rest) ?? rest];
        break;
      }
    }
    if (unit !== undefined) field.synonyms = [...(field.synonyms ?? []), expandAbbreviations(unit.quantity) ?? unit.quantity];
    fields[key] = field;
  }
  const primaryKey = primaryKeyOf(table);
  const commented = shortName(table.comment);
  const label = commented !== undefined ? singularize(commented) : (noun ?? singularize(humanize(entry.key)));
  const plural = pluralize(label);
  const countKey = uniqueKey(`${toIdentifier(label)}_count`, new Set(Object.keys(fields)));
  const entity: EntityInput = {
    table: table.name,
    tenant: entry.tenant,
    fields,
    measures: { [countKey]: { label: `number of ${plural}`, aggregation: 'count', format: 'integer', synonyms: [plural, `${label} count`] } },
    defaultMeasure: countKey,
  };
  if (noun !== undefined || commented !== undefined) {
    entity.label = label;
    entity.plural = plural;
    entity.synonyms = [humanize(entry.key)];
  }
  if (table.schema !== undefined && !['main', 'public'].includes(table.schema)) entity.schema = table.schema;
  if (table.comment !== undefined) entity.description = table.comment;
  if (primaryKey !== undefined) entity.primaryKey = keyOf(primaryKey);
  const tableStats = profile?.get(profileKey(table));
  const typed = table.columns.map((column) => {
    const kind = tableStats?.columns.get(column.name)?.dateText;
    return kind === undefined || keyColumns.has(column.name) ? column : { ...column, type: kind };
  });
  const date = pickDefaultDate(typed, noun ?? singularize(humanize(entry.key)));
  if (date !== undefined) entity.defaultDate = keyOf(date.name);
  const hidden = new Set(table.columns.filter((column) => column.name === tenantColumn || looksSensitive(column.name)).map((column) => column.name));
  const display = pickDisplayColumn(table, hidden, profile?.get(profileKey(table)));
  // People are named by first and last name together: a joined label, shown wherever the person is. Next to
  // a first and a last name, a "title" is a job title, not the row's name.
  const parts = pickNameParts(table, hidden);
  const namedByParts = parts !== undefined && (display === undefined || !/(^| )name$/.test(splitWords(display.name).join(' ')));
  if (display !== undefined && !namedByParts) entity.displayField = keyOf(display.name);
  else {
    if (parts !== undefined) {
      const key = uniqueKey('full_name', new Set(Object.keys(fields)));
      fields[key] = { type: 'string', role: 'attribute', label: 'name', synonyms: ['full name'], joinColumns: parts.map((column) => column.name) };
      entity.displayField = key;
    }
  }
  return entity;
}

/** A column other rows can point at: the table's primary key or a unique column. */
function isKeyColumn(table: TableInfo, column: string): boolean {
  if (primaryKeyOf(table) === column) return true;
  return table.columns.some((c) => c.name === column && c.unique === true);
}

/**
 * Foreign keys first; then (when asked) `<name>_id` columns that match a table by name. Only links to a
 * key of the other side become relations: a join on anything else could repeat rows and inflate every
 * figure. Self-links are skipped (they need aliased joins).
 */
function relationsFor(entries: readonly TableEntry[], byName: boolean): NonNullable<ModelFileInput['relations']> {
  const relations: NonNullable<ModelFileInput['relations']> = [];
  const byTable = new Map(entries.map((entry) => [entry.table, entry]));
  for (const entry of entries) {
    const names = new Set<string>();
    const add = (column: string, target: TableEntry, targetColumn: string): void => {
      if (!isKeyColumn(target.table, targetColumn)) return;
      const toField = target.fieldKeys.get(targetColumn);
      const fromField = entry.fieldKeys.get(column);
      if (toField === undefined || fromField === undefined || target === entry) return;
      const name = uniqueKey(humanize(referenceBase(column) ?? column), names);
      relations.push({ from: `${entry.key}.${fromField}`, to: `${target.key}.${toField}`, name });
    };
    const declared = new Set<string>();
    for (const key of entry.table.foreignKeys) {
      const target = entries.find((candidate) => candidate.table.name === key.referencedTable);
      if (target === undefined) continue;
      declared.add(key.column);
      add(key.column, target, key.referencedColumn);
    }
    for (const column of byName ? entry.table.columns : []) {
      const base = referenceBase(column.name);
      if (base === undefined || declared.has(column.name)) continue;
      const table = findTableByBase(base, [...byTable.keys()]);
      const target = table === undefined ? undefined : byTable.get(table);
      const targetKey = table === undefined ? undefined : primaryKeyOf(table);
      if (target !== undefined && targetKey !== undefined) add(column.name, target, targetKey);
    }
  }
  return relations;
}

/** A comment short enough to be a name ("school districts", "total federal revenue"), lower-cased; else undefined. */
function shortName(comment: string | undefined): string | undefined {
  const text = comment?.trim().replace(/[.;:]+$/, '');
  if (text === undefined || text === '' || text.split(/\s+/).length > 4 || /[^A-Za-z0-9 '-]/.test(text)) return undefined;
  return text.toLowerCase();
}
