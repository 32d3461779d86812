/**
 * Tenant isolation as a property, on every engine (each adapter runs this suite against itself): for generated plans over the demo model
 * (a base entity, joins reached through filters, filters whose values are drawn from EVERY organisation's
 * data, optional periods) and a caller organisation 1..3, every row core returns belongs to the caller.
 *
 * Checked by independent SQL, not through core: the plan is run as a LIST of the ids of every entity it
 * touches, and each id's organisation_id is read back with a hand-written query; the same plan as a COUNT
 * must equal the number of listed rows (so the aggregate path is held to the same, verified rows).
 */
import fc from 'fast-check';
import { compileQuery, listFieldAlias, loadModelFile, resolveTenantScope, scopePlan, validatePlan, type DataSource, type Filter, type QueryPlanInput } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';

const model = loadModelFile(DEMO_MODEL_PATH);
const MAX_ROWS = 100_000;
const RUNS = 60;

type Base = 'orders' | 'reviews' | 'products' | 'users';
/** Entities each base reaches along many-to-one relations (orders -> products, users; ...). */
const reachable: Record<Base, readonly ('products' | 'users')[]> = { orders: ['products', 'users'], reviews: ['products', 'users'], products: [], users: [] };

interface Values {
  categories: string[];
  titles: string[];
  cities: string[];
}

/** Filters on one entity; string values come from all organisations, so other tenants' values are tried too. */
function filtersFor(entity: Base | 'products' | 'users', values: Values): fc.Arbitrary<Filter>[] {
  const ref = (field: string) => ({ entity, field });
  switch (entity) {
    case 'products':
      return [
        fc.tuple(fc.constantFrom(...values.cities), fc.boolean()).map(
          ([city, none]): Filter => ({ op: 'related', field: ref('id'), entity: 'reviews', via: 'product_id', where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: city }], count: none ? { op: 'eq', value: 0 } : { op: 'gt', value: 0 } }),
        ),
        fc.constantFrom(...values.categories).map((value): Filter => ({ op: 'eq', field: ref('category'), value })),
        fc.subarray(values.categories, { minLength: 1, maxLength: 3 }).map((vs): Filter => ({ op: 'in', field: ref('category'), values: vs })),
        fc.constantFrom(...values.titles).map((title): Filter => ({ op: 'contains', field: ref('title'), value: title.slice(0, 4) })),
        fc.integer({ min: 0, max: 2000 }).map((value): Filter => ({ op: 'gt', field: ref('price'), value })),
      ];
    case 'users':
      return [
        fc.constantFrom(...values.cities).map((value): Filter => ({ op: 'eq', field: ref('city'), value })),
        fc.constantFrom(...values.cities).map((value): Filter => ({ op: 'neq', field: ref('city'), value })),
        // Related rows (their own subquery, with its own tenant predicates), conditions drawn from every tenant's values.
        fc.tuple(fc.constantFrom(...values.categories), fc.constantFrom<'eq' | 'gte' | 'gt'>('eq', 'gte', 'gt'), fc.integer({ min: 0, max: 3 })).map(
          ([category, op, value]): Filter => ({ op: 'related', field: ref('id'), entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }], count: { op, value } }),
        ),
      ];
    case 'orders':
      return [fc.integer({ min: 1, max: 5 }).map((value): Filter => ({ op: 'gte', field: ref('quantity'), value })), fc.integer({ min: 0, max: 3000 }).map((value): Filter => ({ op: 'lt', field: ref('subtotal'), value }))];
    case 'reviews':
      return [fc.integer({ min: 1, max: 5 }).map((value): Filter => ({ op: 'gte', field: ref('rating'), value })), fc.constant<Filter>({ op: 'is_not_null', field: ref('comment') })];
    default: {
      const unexpected: never = entity;
      throw new Error(`no filters for ${String(unexpected)}`);
    }
  }
}

function caseArbitrary(values: Values) {
  return fc.constantFrom<Base>('orders', 'reviews', 'products', 'users').chain((base) =>
    fc.record({
      base: fc.constant(base),
      orgId: fc.integer({ min: 1, max: 3 }),
      filters: fc.array(fc.oneof(...[base, ...reachable[base]].flatMap((entity) => filtersFor(entity, values))), { maxLength: 3 }),
      sinceMonths: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    }),
  );
}

type Case = ReturnType<typeof caseArbitrary> extends fc.Arbitrary<infer C> ? C : never;

function plansFor(c: Case): { list: QueryPlanInput; count: QueryPlanInput; entities: string[] } {
  const joined = [...new Set(c.filters.map((f) => f.field.entity).filter((e) => e !== c.base))];
  const entities = [c.base, ...joined];
  const timeRange = c.sinceMonths === undefined ? undefined : { field: { entity: c.base, field: 'created_at' }, start: new Date(Date.UTC(2026, 2 - c.sinceMonths, 1)).toISOString().slice(0, 10), label: 'recently' };
  const common = { entity: c.base, filters: c.filters, ...(timeRange ? { timeRange } : {}) };
  return {
    list: { kind: 'list', ...common, fields: entities.map((entity) => ({ entity, field: 'id' })) },
    count: { kind: 'aggregate', ...common, measures: [{ kind: 'count' }] },
    entities,
  };
}

/** Independent SQL, through the engine's own driver: organisation_id of each id of `table`. */
export type OwnerLookup = (table: string, ids: number[]) => Promise<Map<number, number>>;

/** Returns how many rows were checked, so a run that only ever sees empty results is caught. */
async function checkCase(ds: DataSource, owners: OwnerLookup, c: Case): Promise<number> {
  const { list, count, entities } = plansFor(c);
  const scope = resolveTenantScope(model, { orgId: c.orgId });
  const listPlan = validatePlan(list, model);
  const listed = await ds.execute(compileQuery(scopePlan(listPlan, model, scope), model, ds.dialect, { maxRows: MAX_ROWS }), { timeoutMs: 10_000, maxRows: MAX_ROWS });
  expect(listed.truncated).toBe(false);
  for (const entity of entities) {
    const alias = listFieldAlias(listPlan, { entity, field: 'id' });
    const ids = [...new Set(listed.rows.map((row) => Number(row[alias])))];
    const found = await owners(entity, ids);
    for (const id of ids) expect({ entity, id, org: found.get(id) }).toEqual({ entity, id, org: c.orgId });
  }
  const counted = await ds.execute(compileQuery(scopePlan(validatePlan(count, model), model, scope), model, ds.dialect, { maxRows: MAX_ROWS }), { timeoutMs: 10_000, maxRows: 10 });
  expect(Number(Object.values(counted.rows[0] ?? {})[0])).toBe(listed.rows.length);
  return listed.rows.length;
}

export interface TenantIsolationTarget {
  /** The data source under test, open on a generated demo warehouse (any scale). */
  dataSource: DataSource;
  owners: OwnerLookup;
}

/** Filter values from every organisation, read with plain SQL that every engine runs as is. */
async function distinctValues(ds: DataSource): Promise<Values> {
  const column = async (sql: string): Promise<string[]> => (await ds.execute({ sql, parameters: [] }, { timeoutMs: 10_000, maxRows: 10_000 })).rows.map((row) => String(row.v));
  return {
    categories: await column('select distinct category as v from products order by 1'),
    titles: await column('select distinct title as v from products order by 1'),
    cities: await column('select distinct city as v from users order by 1'),
  };
}

/** Run by each adapter against itself; `target` is called once its beforeAll has opened the engine. */
export function tenantIsolationSuite(engine: string, target: () => TenantIsolationTarget): void {
  describe(`tenant isolation property (${engine})`, () => {
    let values: Values;
    beforeAll(async () => {
      values = await distinctValues(target().dataSource);
    });

    it(`every row of every generated plan belongs to the caller, by independent SQL on ${engine}`, async () => {
      const { dataSource, owners } = target();
      let nonEmpty = 0;
      await fc.assert(fc.asyncProperty(caseArbitrary(values), async (c) => void (nonEmpty += (await checkCase(dataSource, owners, c)) > 0 ? 1 : 0)), { numRuns: RUNS });
      expect(nonEmpty).toBeGreaterThan(RUNS / 4);
    }, 60_000);
  });
}
