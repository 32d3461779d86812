/**
 * `GROUP BY name` adds up the rows that share a name; a plan's dimension on an entity's name field groups by
 * the entity's key as well (compile-aggregate's identityColumns), so two rows of one name stay apart. The
 * two are the same groups where no two rows of the entity share a name, and at most one has none (SQL puts
 * every NULL in one group). No plan groups by the name alone, so, as for letter case (text-case.ts), the
 * importer asks the data: the entity's rows, through the tenant's scope, are counted, with the names they
 * hold and the distinct ones; where two share a name the statement is refused naming the GROUP BY.
 * As for letter case, this holds for the data when the SQL is taught; a duplicate name added later is not seen.
 */
import { compileQuery, measureAlias, scopePlan, validatePlan, type DataSource, type FieldRef, type SemanticModel, type TenantScope } from '@askdata/core';
import { SqlImportError } from './sql-import-error';

export const SHARED_NAME_CLAUSE = 'GROUP BY a name column without its key';

async function namesShared(name: FieldRef, model: SemanticModel, dataSource: DataSource, scope: TenantScope, timeoutMs: number): Promise<boolean> {
  const probe = validatePlan(
    {
      kind: 'aggregate',
      entity: name.entity,
      measures: [{ kind: 'count' }, { kind: 'aggregate', aggregation: 'count', field: name }, { kind: 'aggregate', aggregation: 'count_distinct', field: name }],
      dimensions: [],
      filters: [],
    },
    model,
    { internal: true },
  );
  const query = compileQuery(scopePlan(probe, model, scope), model, dataSource.dialect, { maxRows: 1 });
  const [row] = (await dataSource.execute(query, { timeoutMs, maxRows: 1 })).rows;
  const [rows, named, distinct] = [0, 1, 2].map((i) => Number(row?.[measureAlias(i)] ?? 0)) as [number, number, number];
  return named !== distinct || rows - named > 1;
}

const refusal = (name: FieldRef, why: string): SqlImportError =>
  new SqlImportError(SHARED_NAME_CLAUSE, `A verified SQL query cannot use ${SHARED_NAME_CLAUSE} (${name.entity}.${name.field}): ${why}; group by the key too.`);

/** Throws SqlImportError (SHARED_NAME_CLAUSE) when two rows `scope` sees share one of `names`; resolves otherwise. */
export async function refuseSharedNames(names: readonly FieldRef[], model: SemanticModel, dataSource: DataSource, scope: TenantScope, options: { timeoutMs?: number } = {}): Promise<void> {
  for (const name of names) {
    if (await namesShared(name, model, dataSource, scope, options.timeoutMs ?? 30_000)) throw refusal(name, 'rows that share a name are one group in the SQL, apart in a plan');
  }
}

/** Where no one tenant's rows can be asked (a global entry of a model with tenants), such a GROUP BY is refused. */
export function refuseUncheckedSharedNames(names: readonly FieldRef[]): void {
  const [name] = names;
  if (name !== undefined) throw refusal(name, "whether two rows share a name depends on each tenant's rows");
}
