/**
 * A column of numbers the database keeps as text (`storedAsText`): the plan reads it as numbers
 * (DialectHooks.numberFromText), the SQL as the text itself. Which rows differ depends on the operation:
 * - shown, summed, averaged or counted: the same wherever every value the column holds spells a number
 *   (a text that does not is NULL to the plan, and shown or counted by the SQL);
 * - compared (`=`, `<`, `BETWEEN`, `IN`: text against the literal's text), sorted, grouped, or its MIN, MAX
 *   or distinct values: the same wherever, besides, the text order of the values (and the literals they
 *   are compared with) is their numeric order: '5' and '10' sort the other way as text, '5' and '5.0' are
 *   two texts and one number.
 * No plan reads a column as text the model calls numbers, so, as for letter case (text-case.ts), the
 * importer asks the data: the column's distinct texts, read raw through the tenant's scope, must all spell
 * numbers, and, where the plan compares, sorts or groups them, sort as text as they sort as numbers.
 * Otherwise the statement is refused naming the column. Any other use (a comparison with an aggregate, a
 * LIKE) is refused outright. As for letter case, this holds for the data when the SQL is taught.
 */
import {
  compileQuery,
  dimensionAlias,
  scopePlan,
  validatePlan,
  type DataSource,
  type FieldRef,
  type ModelField,
  type QueryPlan,
  type SemanticModel,
  type TenantScope,
} from '@askdata/core';
import { SqlImportError } from './sql-import-error';

export const NUMBER_TEXT_CLAUSE = 'a column of numbers stored as text';

/** One column kept as text that the plan reads, and whether its text order must be its numeric order. */
export interface NumberTextUse {
  field: FieldRef;
  ordered: boolean;
  /** The numbers it is compared with; the SQL compared their text form (literals.ts keeps it canonical). */
  literals: number[];
}

/** Filters whose SQL compares the column's text with literals' text. */
const COMPARED = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in', 'between', 'is_null', 'is_not_null']);
/** Aggregates that read the values as numbers in the SQL too (SQLite converts text to numbers to add it). */
const NUMERIC_AGGREGATES = new Set(['sum', 'avg', 'count']);
/** At most this many distinct texts are read; a column with more is refused. */
const MAX_DISTINCT = 10_000;

const fieldOf = (model: SemanticModel, ref: FieldRef): ModelField | undefined => model.entities[ref.entity]?.fields[ref.field];
const isRef = (node: unknown): node is FieldRef =>
  typeof node === 'object' && node !== null && typeof (node as FieldRef).entity === 'string' && typeof (node as FieldRef).field === 'string';

const refusal = (ref: FieldRef, why: string): SqlImportError =>
  new SqlImportError(NUMBER_TEXT_CLAUSE, `A verified SQL query cannot read ${ref.entity}.${ref.field}, numbers stored as text, here: ${why}.`);

/** Every use of a number-as-text column in `plan`; throws where the use is not one the data can make exact. */
export function numberTextUses(plan: QueryPlan, model: SemanticModel): NumberTextUse[] {
  const uses = new Map<string, NumberTextUse>();
  const isText = (ref: FieldRef): boolean => fieldOf(model, ref)?.storedAsText === true;
  const use = (ref: FieldRef, ordered: boolean): NumberTextUse => {
    const key = `${ref.entity}.${ref.field}`;
    const found = uses.get(key) ?? { field: { entity: ref.entity, field: ref.field }, ordered: false, literals: [] };
    found.ordered ||= ordered;
    uses.set(key, found);
    return found;
  };
  const walk = (node: unknown, safe: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, safe));
    if (typeof node !== 'object' || node === null) return;
    if (isRef(node) && Object.keys(node).length === 2) {
      if (isText(node)) use(node, !safe);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.op === 'string' && isRef(record.field) && isText(record.field)) {
      if (!COMPARED.has(record.op)) throw refusal(record.field, `the SQL compares its text, the plan its numbers (${record.op})`);
      const literals = [record.value, ...(Array.isArray(record.values) ? record.values : []), record.low, record.high];
      use(record.field, true).literals.push(...literals.filter((value): value is number => typeof value === 'number'));
      if (literals.some((value) => typeof value === 'string')) throw refusal(record.field, 'it is compared with text');
      return;
    }
    for (const value of Object.values(record)) walk(value, false);
  };
  for (const [key, value] of Object.entries(plan)) {
    if (plan.kind === 'list' && key === 'fields' && !plan.distinct) walk(value, true);
    else if (plan.kind === 'aggregate' && key === 'measures' && Array.isArray(value)) {
      for (const measure of value as Record<string, unknown>[]) walk(measure.kind === 'aggregate' && NUMERIC_AGGREGATES.has(String(measure.aggregation)) ? measure.field : measure, true);
    } else walk(value, false);
  }
  return [...uses.values()];
}

/** The model with `ref` read as it is stored, so a probe sees the column's own text. */
function readRaw(model: SemanticModel, ref: FieldRef): SemanticModel {
  const entity = model.entities[ref.entity]!;
  const { storedAsText: _read, ...raw } = entity.fields[ref.field]!;
  return { ...model, entities: { ...model.entities, [ref.entity]: { ...entity, fields: { ...entity.fields, [ref.field]: raw } } } };
}

/** A number as the dialects' numberFromText reads one: nothing around it. */
const NUMBER_TEXT = /^[-+]?[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?$/;

async function distinctTexts(ref: FieldRef, model: SemanticModel, dataSource: DataSource, scope: TenantScope, timeoutMs: number): Promise<unknown[]> {
  const probe = validatePlan({ kind: 'aggregate', entity: ref.entity, measures: [{ kind: 'count' }], dimensions: [{ field: ref }], filters: [] }, model, { internal: true });
  // Scoped against the model the tenant's scope was made for; compiled reading the column as it is stored.
  const query = compileQuery(scopePlan(probe, model, scope), readRaw(model, ref), dataSource.dialect, { maxRows: MAX_DISTINCT + 1 });
  const { rows } = await dataSource.execute(query, { timeoutMs, maxRows: MAX_DISTINCT + 1 });
  if (rows.length > MAX_DISTINCT) throw refusal(ref, `it holds more than ${MAX_DISTINCT} different values to check`);
  return [...new Set(rows.map((row) => row[dimensionAlias(0)]))];
}

/** Throws unless `texts` all spell numbers and, for an ordered use, sort as text as they do as numbers. */
export function checkTexts(use: NumberTextUse, texts: readonly unknown[]): void {
  const present = texts.filter((text) => text !== null && text !== undefined);
  const other = present.find((text) => typeof text !== 'string' || !NUMBER_TEXT.test(text));
  if (other !== undefined) throw refusal(use.field, `it holds '${String(other)}', which the plan reads as no number`);
  if (!use.ordered) return;
  const all = [...new Set([...(present as string[]), ...use.literals.map(String)])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < all.length; i++) {
    if (!(Number(all[i - 1]) < Number(all[i]))) throw refusal(use.field, `'${all[i - 1]}' comes before '${all[i]}' as text, not as a number`);
  }
}

/** Throws SqlImportError (NUMBER_TEXT_CLAUSE) where a number-as-text column of `plan` reads other rows than the SQL on the rows `scope` sees. */
export async function refuseNumbersAsText(plan: QueryPlan, model: SemanticModel, dataSource: DataSource, scope: TenantScope, options: { timeoutMs?: number } = {}): Promise<void> {
  for (const use of numberTextUses(plan, model)) checkTexts(use, await distinctTexts(use.field, model, dataSource, scope, options.timeoutMs ?? 30_000));
}

/** Where no one tenant's rows can be asked (a global entry of a model with tenants), such a column is refused. */
export function refuseUncheckedNumbersAsText(plan: QueryPlan, model: SemanticModel): void {
  const [use] = numberTextUses(plan, model);
  if (use !== undefined) throw refusal(use.field, "whether its texts all spell numbers depends on each tenant's rows");
}
