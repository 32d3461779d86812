/**
 * A verified SQL query as a plan for `model`. The result is a plan to validate like any other (the caller
 * does: validation, tenant scoping and compilation stay where every plan goes through them); the SQL itself
 * is never run. Tenant predicates the SQL wrote are dropped and listed in `ignoredTenantPredicates`.
 */
import type { QueryPlanInput, SemanticModel } from '@askdata/core';
import { parseSelect } from './parse-sql';
import { refuseUncarriedConstructs } from './refuse-constructs';
import { selectToPlan } from './select-to-plan';
import { setOperationToPlan } from './set-operations';
import { rollupOrPercentToPlan } from './rollup-and-percent';

export interface ImportedSql {
  plan: QueryPlanInput;
  /** Columns of tenant predicates the SQL wrote, which the plan leaves out. */
  ignoredTenantPredicates: string[];
}

/** Throws SqlImportError naming the clause (or the model name) the plan cannot carry. */
export function sqlToPlan(sql: string, model: SemanticModel): ImportedSql {
  const select = parseSelect(sql);
  refuseUncarriedConstructs(select);
  const ignored: string[] = [];
  const plan = select.set_op ? setOperationToPlan(model, select, ignored) : (rollupOrPercentToPlan(model, select, ignored) ?? selectToPlan(model, select, ignored).plan);
  return { plan, ignoredTenantPredicates: ignored };
}
