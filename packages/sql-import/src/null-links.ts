/**
 * `k NOT IN (SELECT fk FROM t WHERE ...)` becomes the plan's "no related row" (a related filter counting
 * 0), which compiles to NOT EXISTS. The two are the same only while the subquery returns no NULL: one NULL
 * makes `k NOT IN (...)` unknown for every row, so the SQL returns none, where NOT EXISTS keeps the rows
 * with no related row. (The left side is a primary key, conditions.ts, so it holds no NULL.) No plan says
 * "nothing at all if any link is missing", so, as for letter case (text-case.ts), the importer asks the
 * data: each such filter's related rows, under its conditions and through the tenant's scope, are counted
 * twice, all of them and those whose link is not NULL; if the two differ the statement is refused naming
 * the NOT IN. Otherwise the plan's rows are the SQL's on this data.
 *
 * The importer lists the filters it read from such a NOT IN (ImportedSql.notInLinks); a NOT EXISTS, which a
 * NULL link does not change, is not asked about. A link whose column is the related table's own primary key
 * holds no NULL and is not listed. A side of INTERSECT or EXCEPT reads no such NOT IN (EXCEPT negates it, and
 * NOT IN's NULLs do not negate). As for letter case, this holds for the data when the SQL is taught; a NULL
 * link added later is not seen.
 */
import { compileQuery, measureAlias, scopePlan, validatePlan, type DataSource, type RelatedFilter, type SemanticModel, type TenantScope } from '@askdata/core';
import { SqlImportError } from './sql-import-error';

export const NULL_LINK_CLAUSE = 'NOT IN with a subquery whose column holds NULL';

async function hasNullLink(filter: RelatedFilter, model: SemanticModel, dataSource: DataSource, scope: TenantScope, timeoutMs: number): Promise<boolean> {
  // Counting a hidden link is allowed (validation's hiddenKeyAsGrain); filtering on it is not, hence two counts.
  const link = { entity: filter.entity, field: filter.via };
  const probe = validatePlan(
    { kind: 'aggregate', entity: filter.entity, measures: [{ kind: 'count' }, { kind: 'aggregate', aggregation: 'count', field: link }], dimensions: [], filters: filter.where },
    model,
    { internal: true },
  );
  const query = compileQuery(scopePlan(probe, model, scope), model, dataSource.dialect, { maxRows: 1 });
  const [row] = (await dataSource.execute(query, { timeoutMs, maxRows: 1 })).rows;
  return row !== undefined && Number(row[measureAlias(0)] ?? 0) !== Number(row[measureAlias(1)] ?? 0);
}

/**
 * Where no one tenant's rows can be asked (a global verified question of a model with tenants, which every
 * tenant's data answers), a "no related row" filter whose link may be NULL is refused outright.
 */
export function refuseUncheckedNullLinks(links: readonly RelatedFilter[]): void {
  const [filter] = links;
  if (filter !== undefined) {
    throw new SqlImportError(NULL_LINK_CLAUSE, `A global verified SQL query cannot use NOT IN over ${filter.entity}.${filter.via}, which may hold NULL in a tenant's rows (NOT IN then keeps no row).`);
  }
}

/**
 * Throws SqlImportError (NULL_LINK_CLAUSE) when one of `links` (ImportedSql.notInLinks) has a related row
 * with a NULL link in the rows `scope` sees; resolves otherwise.
 */
export async function refuseNullLinks(links: readonly RelatedFilter[], model: SemanticModel, dataSource: DataSource, scope: TenantScope, options: { timeoutMs?: number } = {}): Promise<void> {
  for (const filter of links) {
    if (await hasNullLink(filter, model, dataSource, scope, options.timeoutMs ?? 30_000)) {
      throw new SqlImportError(
        NULL_LINK_CLAUSE,
        `A verified SQL query cannot use ${NULL_LINK_CLAUSE} (${filter.entity}.${filter.via}): NOT IN then keeps no row, a plan those with none related.`,
      );
    }
  }
}
