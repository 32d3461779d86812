/**
 * A verified question given as SQL: the SQL becomes a plan (@askdata/sql-import), which is then validated,
 * scoped and compiled like every plan; the SQL is never run. What the plan IR cannot carry, or a name the
 * model does not have, is a 400 naming the clause or the name. Tenant predicates written in the SQL are
 * dropped: the tenant of a verified question is its context (or every caller's, for a global one).
 */
import { CoreError, type DataSource, type FieldRef, type QueryPlan, type RelatedFilter, type SemanticModel, type TenantScope } from '@askdata/core';
import { refuseCaseFoldedText, refuseNullLinks, refuseNumbersAsText, refuseSharedNames, refuseUncheckedNullLinks, refuseUncheckedNumbersAsText, refuseUncheckedSharedNames, SqlImportError, sqlToPlan } from '@askdata/sql-import';

export interface PlanFromSql {
  plan: unknown;
  ignoredTenantPredicates: string[];
  /** Name fields grouped without their key, and NOT IN filters, for checkSqlOnData to ask the data about. */
  namesAssumedUnique: FieldRef[];
  notInLinks: RelatedFilter[];
}

/** The importer's refusal as the 400 every caller of the admin API and the import command gets. */
function asValidationError(error: unknown): unknown {
  if (!(error instanceof SqlImportError)) return error;
  const reason = error.unknownName !== undefined ? 'sql-unknown-name' : error.clause === 'syntax' ? 'sql-syntax' : 'sql-unsupported';
  return new CoreError('VALIDATION', error.message, {
    issues: [{ path: 'sql', message: error.message }],
    details: { reason, clause: error.clause, ...(error.unknownName !== undefined ? { name: error.unknownName } : {}) },
  });
}

export function planFromSql(sql: string, model: SemanticModel): PlanFromSql {
  try {
    const imported = sqlToPlan(sql, model);
    return { plan: imported.plan, ignoredTenantPredicates: imported.ignoredTenantPredicates, namesAssumedUnique: imported.namesAssumedUnique, notInLinks: imported.notInLinks };
  } catch (error) {
    throw asValidationError(error);
  }
}

/**
 * The second half of reading SQL, once the plan is valid and its tenant known, asked of the data source
 * through the tenant's scope; otherwise a 400 naming the clause: a text comparison is exact only where the
 * tenant's rows hold no other letter case of its value (sql-import/text-case.ts), a NOT IN only where its
 * subquery's column holds no NULL (sql-import/null-links.ts), a GROUP BY of a name without its key only
 * where no two rows share the name (sql-import/unique-names.ts), a column of numbers kept as text only where
 * its texts all spell numbers and sort as they do (sql-import/numbers-as-text.ts). Without a scope (a global
 * entry of a model with tenants) the last three cannot be asked, so such SQL is refused.
 */
export async function checkSqlOnData(imported: PlanFromSql, plan: QueryPlan, model: SemanticModel, dataSource: DataSource, scope: TenantScope | undefined, timeoutMs: number): Promise<void> {
  try {
    if (scope === undefined) {
      refuseUncheckedNullLinks(imported.notInLinks);
      refuseUncheckedNumbersAsText(plan, model);
      return refuseUncheckedSharedNames(imported.namesAssumedUnique);
    }
    await refuseCaseFoldedText(plan, model, dataSource, scope, { timeoutMs });
    await refuseNullLinks(imported.notInLinks, model, dataSource, scope, { timeoutMs });
    await refuseSharedNames(imported.namesAssumedUnique, model, dataSource, scope, { timeoutMs });
    await refuseNumbersAsText(plan, model, dataSource, scope, { timeoutMs });
  } catch (error) {
    throw asValidationError(error);
  }
}
