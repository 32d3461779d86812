/**
 * A verified SQL query as a plan for `model`. The result is a plan to validate like any other (the caller
 * does: validation, tenant scoping and compilation stay where every plan goes through them); the SQL itself
 * is never run. Tenant predicates the SQL wrote are dropped and listed in `ignoredTenantPredicates`.
 */
import type { FieldRef, QueryPlanInput, RelatedFilter, SemanticModel } from '@askdata/core';
import { parseSelect, type SqlNode } from './parse-sql';
import { readWithJoinsAsRelated } from './join-as-related';
import { refuseUncarriedConstructs } from './refuse-constructs';
import { selectToPlan } from './select-to-plan';
import { setOperationToPlan } from './set-operations';
import { rollupOrPercentToPlan } from './rollup-and-percent';
import { topWithTiesToPlan } from './top-with-ties';

export interface ImportedSql {
  plan: QueryPlanInput;
  /** Columns of tenant predicates the SQL wrote, which the plan leaves out. */
  ignoredTenantPredicates: string[];
  /**
   * Name fields the SQL groups by without their entity's key: the plan, which groups a name by its key too,
   * is exact only where no two rows share one, which refuseSharedNames asks of the data.
   */
  namesAssumedUnique: FieldRef[];
  /**
   * `k NOT IN (SELECT link ...)` filters, read as "no related row": exact only where the subquery's column
   * holds no NULL, which refuseNullLinks asks of the data.
   */
  notInLinks: RelatedFilter[];
}

/** Throws SqlImportError naming the clause (or the model name) the plan cannot carry. */
export function sqlToPlan(sql: string, model: SemanticModel): ImportedSql {
  const select = parseSelect(sql);
  refuseUncarriedConstructs(select);
  const ignored: string[] = [];
  // A side of a set operation reads no NOT IN over a column that may hold NULL (select-to-plan.ts).
  if (select.set_op) return { plan: setOperationToPlan(model, select, ignored), ignoredTenantPredicates: ignored, namesAssumedUnique: [], notInLinks: [] };
  return readWithJoinsAsRelated(model, select, ignored, (one) => singleSelectToPlan(model, one, ignored));
}

function singleSelectToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): ImportedSql {
  const top = topWithTiesToPlan(model, select, ignored);
  if (top !== undefined) return { plan: top.plan, ignoredTenantPredicates: ignored, namesAssumedUnique: top.namesAssumedUnique ?? [], notInLinks: top.notInLinks ?? [] };
  const rolled = rollupOrPercentToPlan(model, select, ignored);
  if (rolled !== undefined) return { plan: rolled, ignoredTenantPredicates: ignored, namesAssumedUnique: [], notInLinks: [] };
  const read = selectToPlan(model, select, ignored);
  return { plan: read.plan, ignoredTenantPredicates: ignored, namesAssumedUnique: read.namesAssumedUnique ?? [], notInLinks: read.notInLinks ?? [] };
}
