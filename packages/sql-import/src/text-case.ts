/**
 * SQL's `=`, `<>`, `IN` and `NOT IN` on text compare letter case; the plan's do not (compile-filter.ts
 * compares `lower(col) = lower(?)`, because people type "laptop" for "Laptop"). A plan read from SQL is
 * therefore exact only where the column holds no other letter case of a value the SQL names. Rather than
 * give plans a case-sensitive filter (a change to the IR, the compiler on every dialect and the scoping
 * tests), the importer asks the data: each such comparison is run as a plan (count grouped by the column,
 * filtered on the values), through the same scope -> compile -> execute path as a question, so it reads the
 * tenant's own rows; any spelling it finds that the SQL did not name is a row the plan would match and the
 * SQL would not (or the reverse, for `<>`), and the statement is refused naming the comparison. Otherwise
 * the case-insensitive plan returns the SQL's rows on this data.
 *
 * SQL's `LIKE '%x%'` becomes a plan `contains` (`NOT LIKE`, `not_contains`), which every dialect compiles
 * case-insensitively (DialectHooks.likeInsensitive). Where the engine's own LIKE ignores case too (SQLite,
 * MySQL/MariaDB collations: `likeMatchesCase` false) the two match the same rows. Where it matches case
 * (PostgreSQL, DuckDB), the plan's contains is run as a probe the same way, and any spelling it finds that
 * does not hold the value in the SQL's letter case is a row the plan matches and the SQL does not (or the
 * reverse, for NOT LIKE): the statement is refused naming the LIKE. The plan does not say whether it was
 * read from LIKE or ILIKE, so an ILIKE is probed too and may be refused where it would have been exact:
 * a refusal, never a widened answer.
 *
 * This holds for the data as it is when the SQL is taught: nothing re-checks a verified question when the
 * data changes, so a differently cased value loaded later is matched by the plan and not by the SQL.
 */
import {
  allLeaves,
  compileQuery,
  dimensionAlias,
  scopePlan,
  validatePlan,
  type DataSource,
  type FieldRef,
  type Filter,
  type QueryPlan,
  type SemanticModel,
  type TenantScope,
} from '@askdata/core';
import { SqlImportError } from './sql-import-error';

/**
 * A comparison the compiler folds to lower case: equality or inequality of a text field with text, or a
 * substring match (`contains`: one value, the text between LIKE's `%`s).
 */
export interface TextComparison {
  field: FieldRef;
  op: 'eq' | 'neq' | 'in' | 'not_in' | 'contains' | 'not_contains';
  values: string[];
}

export const TEXT_CASE_CLAUSE = 'text compared by letter case';

const isTextField = (model: SemanticModel, ref: FieldRef): boolean => model.entities[ref.entity]?.fields[ref.field]?.type === 'string';

function comparisonsIn(filters: readonly Filter[], model: SemanticModel, likeMatchesCase: boolean): TextComparison[] {
  return filters.flatMap((filter): TextComparison[] => {
    if (filter.op === 'related') return comparisonsIn(filter.where, model, likeMatchesCase);
    if (filter.op === 'any' || filter.op === 'not') return comparisonsIn(allLeaves([filter]), model, likeMatchesCase);
    if (!isTextField(model, filter.field)) return [];
    if (filter.op === 'eq' || filter.op === 'neq') return typeof filter.value === 'string' ? [{ field: filter.field, op: filter.op, values: [filter.value] }] : [];
    if (filter.op === 'in' || filter.op === 'not_in') {
      const values = filter.values.filter((value): value is string => typeof value === 'string');
      return values.length > 0 ? [{ field: filter.field, op: filter.op, values }] : [];
    }
    // The SQL's LIKE matched case only where the engine's LIKE does; elsewhere it is the plan's contains.
    if ((filter.op === 'contains' || filter.op === 'not_contains') && likeMatchesCase) return [{ field: filter.field, op: filter.op, values: [filter.value] }];
    // gt/lt/between compare raw columns (no folding).
    return [];
  });
}

/**
 * Every text equality in the plan (its filters, a related filter's conditions, a share's `where`), and its
 * contains filters when the engine's LIKE, which the SQL used, matches letter case.
 */
export function textComparisons(plan: QueryPlan, model: SemanticModel, likeMatchesCase = false): TextComparison[] {
  const shares = plan.kind === 'aggregate' ? plan.measures.flatMap((measure) => (measure.kind === 'share' ? measure.where : [])) : [];
  return comparisonsIn([...plan.filters, ...shares], model, likeMatchesCase);
}

const quoted = (value: string): string => `'${value.replace(/'/g, "''")}'`;

function describeComparison(comparison: TextComparison): string {
  const column = `${comparison.field.entity}.${comparison.field.field}`;
  switch (comparison.op) {
    case 'eq':
      return `${column} = ${quoted(comparison.values[0]!)}`;
    case 'neq':
      return `${column} != ${quoted(comparison.values[0]!)}`;
    case 'in':
      return `${column} IN (${comparison.values.map(quoted).join(', ')})`;
    case 'not_in':
      return `${column} NOT IN (${comparison.values.map(quoted).join(', ')})`;
    case 'contains':
      return `${column} LIKE ${quoted(`%${comparison.values[0]!}%`)}`;
    case 'not_contains':
      return `${column} NOT LIKE ${quoted(`%${comparison.values[0]!}%`)}`;
  }
}

const isSubstringMatch = (comparison: TextComparison): boolean => comparison.op === 'contains' || comparison.op === 'not_contains';

/** Whether the SQL itself matches `spelling`: it names it (equality), or it holds the value in its case (LIKE). */
function sqlMatches(comparison: TextComparison, spelling: string): boolean {
  return isSubstringMatch(comparison) ? spelling.includes(comparison.values[0]!) : comparison.values.includes(spelling);
}

/** The refusal for a comparison whose column also holds `other`, a spelling the SQL did not name. */
export function textCaseRefusal(comparison: TextComparison, other: string): SqlImportError {
  const column = `${comparison.field.entity}.${comparison.field.field}`;
  const named = isSubstringMatch(comparison)
    ? `%${comparison.values[0]!}%`
    : (comparison.values.find((value) => value.toLowerCase() === other.toLowerCase()) ?? comparison.values[0]!);
  return new SqlImportError(
    TEXT_CASE_CLAUSE,
    `A verified SQL query cannot use ${TEXT_CASE_CLAUSE} (${describeComparison(comparison)}): ${quoted(named)} also matches ${quoted(other)} in ${column}, as a plan ignores case.`,
  );
}

export interface TextCaseCheckOptions {
  timeoutMs?: number;
}

/** The refusal when a LIKE's column holds more distinct matching spellings than the probe reads. */
function tooManySpellings(comparison: TextComparison, maxRows: number): SqlImportError {
  const column = `${comparison.field.entity}.${comparison.field.field}`;
  return new SqlImportError(
    TEXT_CASE_CLAUSE,
    `A verified SQL query cannot use ${TEXT_CASE_CLAUSE} (${describeComparison(comparison)}): ${column} holds more than ${maxRows} spellings it matches, too many to check that a plan, which ignores case, matches the same rows.`,
  );
}

/**
 * A LIKE probe reads every distinct spelling holding the value, which may be many (`'%a%'` over names);
 * past this bound the statement is refused rather than checked on part of the data.
 */
const MAX_SPELLINGS = 100_000;

/** The distinct spellings of `comparison.field` that the plan's folded comparison matches, in `scope`'s rows. */
async function spellingsMatched(comparison: TextComparison, model: SemanticModel, dataSource: DataSource, scope: TenantScope, timeoutMs: number): Promise<string[]> {
  const { field, values } = comparison;
  // The plan's own filter, unnegated: NOT LIKE and the plan's not_contains differ on the rows contains matches.
  const filter: Filter = isSubstringMatch(comparison) ? { op: 'contains', field, value: values[0]! } : { op: 'in', field, values };
  const probe = validatePlan({ kind: 'aggregate', entity: field.entity, measures: [{ kind: 'count' }], dimensions: [{ field }], filters: [filter] }, model, { internal: true });
  // Equality: one row per distinct spelling of at most 100 values, far below the bound. (A MySQL column with
  // a case-insensitive collation groups spellings into one row, but there SQL's `=` ignores case too.)
  const maxRows = MAX_SPELLINGS;
  const query = compileQuery(scopePlan(probe, model, scope), model, dataSource.dialect, { maxRows });
  const result = await dataSource.execute(query, { timeoutMs, maxRows });
  if (result.truncated) throw tooManySpellings(comparison, maxRows);
  return result.rows.map((row) => row[dimensionAlias(0)]).filter((value): value is string => typeof value === 'string');
}

/**
 * Throws SqlImportError (TEXT_CASE_CLAUSE) when a text comparison of `plan`, read from SQL, would match
 * another letter case of its value in the rows `scope` sees; resolves when every one is exact on this data.
 */
export async function refuseCaseFoldedText(plan: QueryPlan, model: SemanticModel, dataSource: DataSource, scope: TenantScope, options: TextCaseCheckOptions = {}): Promise<void> {
  for (const comparison of textComparisons(plan, model, dataSource.dialect.likeMatchesCase)) {
    const other = (await spellingsMatched(comparison, model, dataSource, scope, options.timeoutMs ?? 30_000)).find((spelling) => !sqlMatches(comparison, spelling));
    if (other !== undefined) throw textCaseRefusal(comparison, other);
  }
}
