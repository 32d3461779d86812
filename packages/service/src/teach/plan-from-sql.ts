/**
 * A verified question given as SQL: the SQL becomes a plan (@askdata/sql-import), which is then validated,
 * scoped and compiled like every plan; the SQL is never run. What the plan IR cannot carry, or a name the
 * model does not have, is a 400 naming the clause or the name. Tenant predicates written in the SQL are
 * dropped: the tenant of a verified question is its context (or every caller's, for a global one).
 */
import { CoreError, type SemanticModel } from '@askdata/core';
import { SqlImportError, sqlToPlan } from '@askdata/sql-import';

export interface PlanFromSql {
  plan: unknown;
  ignoredTenantPredicates: string[];
}

export function planFromSql(sql: string, model: SemanticModel): PlanFromSql {
  try {
    const imported = sqlToPlan(sql, model);
    return { plan: imported.plan, ignoredTenantPredicates: imported.ignoredTenantPredicates };
  } catch (error) {
    if (!(error instanceof SqlImportError)) throw error;
    const reason = error.unknownName !== undefined ? 'sql-unknown-name' : error.clause === 'syntax' ? 'sql-syntax' : 'sql-unsupported';
    throw new CoreError('VALIDATION', error.message, {
      issues: [{ path: 'sql', message: error.message }],
      details: { reason, clause: error.clause, ...(error.unknownName !== undefined ? { name: error.unknownName } : {}) },
    });
  }
}
