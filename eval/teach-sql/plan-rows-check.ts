/**
 * The property behind "nothing taught changes meaning" (issue 40): for every SQL statement the importer
 * accepts (sqlToPlan, then the validation every plan passes), the rows of the plan, compiled and run, are the
 * rows of the SQL itself on the same database. Columns are matched as the eval matches them (compareResults:
 * the plan may show a column more, never fewer or other values).
 *
 * Two differences are not the importer's and are told apart, each by a second query that shows it is the
 * only difference:
 * - order among ties: ORDER BY leaves the order of equal keys to the database, so two right answers may list
 *   tied rows in another order (the rows, as a bag, must still be equal);
 * - ties at a LIMIT: which of several tied rows makes the cut is the database's choice, so the statement and
 *   the plan are compared once more without their LIMIT (and must then be equal) and must return as many rows.
 * Text equality is checked as the service checks it (refuseCaseFoldedText, sql-import/text-case.ts): the plan
 * compares text ignoring letter case, so a statement whose column holds another case of its value is refused,
 * and an accepted one must return the SQL's rows like any other. NOT IN is checked as the service checks it
 * too (refuseNullLinks, sql-import/null-links.ts): refused where the subquery's column holds a NULL; and so
 * is a GROUP BY of a name without its key (refuseSharedNames, sql-import/unique-names.ts): refused where two
 * rows share a name; and so is a column of numbers kept as text (refuseNumbersAsText,
 * sql-import/numbers-as-text.ts): refused where a text is no number, or text and numeric order differ.
 */
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { refuseCaseFoldedText, refuseNullLinks, refuseNumbersAsText, refuseSharedNames, SqlImportError, sqlToPlan } from '@askdata/sql-import';
import { compareResults } from '../compare/compare-results';
import { asksForOrder } from '../kaggle/kaggle-set';
import type { ReadOnlySqlite } from '../lib/sqlite-rows';

export type RowsVerdict = 'equal' | 'equal-but-tie-order' | 'equal-but-ties-at-limit' | 'different';

export type CheckOutcome = { accepted: false; clause: string } | { accepted: true; verdict: RowsVerdict; detail: string; planSql: string };

/** Large enough that no spider or demo answer is cut by the compiler's row bound. */
const MAX_ROWS = 1_000_000;

function compiled(plan: QueryPlanInput, model: SemanticModel, deps: BuiltAnswerDeps, context: Record<string, unknown>): { sql: string; parameters: readonly unknown[] } {
  const valid = validatePlan(plan, model, { dialect: deps.dataSource.dialect });
  return compileQuery(scopePlan(valid, model, resolveTenantScope(model, context)), model, deps.dataSource.dialect, { maxRows: MAX_ROWS });
}

const withoutLimit = (sql: string): string => sql.replace(/\s+limit\s+\d+\s*;?\s*$/i, '');

export async function checkStatement(sql: string, deps: BuiltAnswerDeps, database: ReadOnlySqlite, context: Record<string, unknown> = {}): Promise<CheckOutcome> {
  let plan: QueryPlanInput;
  let query: { sql: string; parameters: readonly unknown[] };
  try {
    const imported = sqlToPlan(sql, deps.model);
    plan = imported.plan;
    query = compiled(plan, deps.model, deps, context);
    // As the service does once the plan is valid and its tenant known (service/teach/plan-from-sql.ts).
    const valid = validatePlan(plan, deps.model, { dialect: deps.dataSource.dialect, internal: true });
    await refuseCaseFoldedText(valid, deps.model, deps.dataSource, resolveTenantScope(deps.model, context), { timeoutMs: deps.limits.timeoutMs });
    await refuseNullLinks(imported.notInLinks, deps.model, deps.dataSource, resolveTenantScope(deps.model, context), { timeoutMs: deps.limits.timeoutMs });
    await refuseSharedNames(imported.namesAssumedUnique, deps.model, deps.dataSource, resolveTenantScope(deps.model, context), { timeoutMs: deps.limits.timeoutMs });
    await refuseNumbersAsText(valid, deps.model, deps.dataSource, resolveTenantScope(deps.model, context), { timeoutMs: deps.limits.timeoutMs });
  } catch (error) {
    if (error instanceof SqlImportError) return { accepted: false, clause: error.clause };
    // The service refuses a plan that fails validation with a 400 too: not accepted.
    return { accepted: false, clause: `plan validation: ${(error as Error).message.split(':').slice(0, 2).join(':').slice(0, 90)}` };
  }
  const ordered = asksForOrder(sql);
  const sqlRows = database.rows(sql);
  const planRows = database.rows(query.sql, query.parameters);
  const exact = compareResults(sqlRows, planRows, ordered);
  const result = (verdict: RowsVerdict, detail = ''): CheckOutcome => ({ accepted: true, verdict, detail, planSql: query.sql });
  if (exact.match) return result('equal');
  if (ordered && compareResults(sqlRows, planRows, false).match) return result('equal-but-tie-order');
  if ('limit' in plan && plan.limit !== undefined && sqlRows.length === planRows.length && withoutLimit(sql) !== sql) {
    const { limit: _limit, ...unlimited } = plan;
    const whole = compiled(unlimited as QueryPlanInput, deps.model, deps, context);
    if (compareResults(database.rows(withoutLimit(sql)), database.rows(whole.sql, whole.parameters), false).match) return result('equal-but-ties-at-limit');
  }
  return result('different', exact.reason);
}
