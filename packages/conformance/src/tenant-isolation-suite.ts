/**
 * Tenant isolation as a property, on every engine (each adapter runs this suite against itself) and under
 * every tenancy strategy (the service runs it on a schema and a database per tenant): for generated plans
 * over the demo model (a base entity, joins reached through filters, filters whose values are drawn from
 * EVERY organisation's data, optional periods) and a caller organisation, every row core returns belongs
 * to the caller; and each tenant's value index (what suggestions, corrections and an LLM prompt see)
 * holds exactly that tenant's own values.
 *
 * Checked by independent SQL, not through core: the plan is run as a LIST of the ids of every entity it
 * touches, and each id's organisation_id is read back with a hand-written query; the same plan as a COUNT
 * must equal the number of listed rows (so the aggregate path is held to the same, verified rows). Ids are
 * unique across organisations in the demo data, so a query answered from another tenant's schema or
 * database shows up as another owner. Organisations the target has no schema or database for are asked
 * too, and must get TENANT_UNKNOWN for every plan.
 */
import fc from 'fast-check';
import { booleanFilters } from './boolean-arbitraries';
import { allLeaves, compileQuery, listFieldAlias, loadModelFile, loadTenantValues, resolveTenantScope, scopePlan, validatePlan, type DataSource, type Filter, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { checkRollupAndShares } from './tenant-isolation-forms';

const demoModel = loadModelFile(DEMO_MODEL_PATH);
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
        // A figure over other products (its own subquery, with its own tenant predicates), its condition drawn from every tenant's values.
        fc.tuple(fc.constantFrom<'gt' | 'lt' | 'eq'>('gt', 'lt', 'eq'), fc.constantFrom<'avg' | 'max' | 'min'>('avg', 'max', 'min'), fc.option(fc.constantFrom(...values.categories), { nil: undefined }), fc.boolean()).map(
          ([compare, aggregation, category, perCategory]): Filter => ({ op: 'vs_aggregate', field: ref('price'), compare, aggregation, of: ref('price'), where: category === undefined ? [] : [{ op: 'eq', field: ref('category'), value: category }], per: perCategory ? [ref('category')] : [] }),
        ),
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
      return [
        fc.integer({ min: 1, max: 5 }).map((value): Filter => ({ op: 'gte', field: ref('quantity'), value })),
        fc.integer({ min: 0, max: 3000 }).map((value): Filter => ({ op: 'lt', field: ref('subtotal'), value })),
        // The subquery joins products and users of its own, each with its tenant predicate; per city correlates on the outer customer.
        fc.tuple(fc.constantFrom(...values.categories), fc.boolean()).map(
          ([category, perCity]): Filter => ({ op: 'vs_aggregate', field: ref('subtotal'), compare: 'gt', aggregation: 'avg', of: ref('subtotal'), where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }], per: perCity ? [{ entity: 'users', field: 'city' }] : [] }),
        ),
      ];
    case 'reviews':
      return [fc.integer({ min: 1, max: 5 }).map((value): Filter => ({ op: 'gte', field: ref('rating'), value })), fc.constant<Filter>({ op: 'is_not_null', field: ref('comment') })];
    default: {
      const unexpected: never = entity;
      throw new Error(`no filters for ${String(unexpected)}`);
    }
  }
}

function caseArbitrary(values: Values, orgIds: readonly number[]) {
  return fc.constantFrom<Base>('orders', 'reviews', 'products', 'users').chain((base) => {
    const single = [base, ...reachable[base]].flatMap((entity) => filtersFor(entity, values));
    return fc.record({
      base: fc.constant(base),
      orgId: fc.constantFrom(...orgIds),
      filters: fc.array(fc.oneof(...single, ...booleanFilters(single)), { maxLength: 3 }),
      sinceMonths: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    });
  });
}

type Case = ReturnType<typeof caseArbitrary> extends fc.Arbitrary<infer C> ? C : never;

function plansFor(c: Case): { list: QueryPlanInput; count: QueryPlanInput; entities: string[] } {
  const joined = [...new Set(allLeaves(c.filters).map((f) => f.field.entity).filter((e) => e !== c.base))];
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

/**
 * Independent SQL: the distinct non-null values of `table.column` in the rows of organisation `orgId`
 * (`organisation_id`, or `id` for the organisations table itself: ownerColumn).
 */
export type ValuesLookup = (table: string, column: string, orgId: number) => Promise<string[]>;

/** The column that says which organisation a demo table's row belongs to. */
export const ownerColumn = (table: string): string => (table === 'organisations' ? 'id' : 'organisation_id');

/** Returns how many rows were checked, so a run that only ever sees empty results is caught. */
async function checkCase(target: TenantIsolationTarget, c: Case): Promise<number> {
  const { dataSource: ds, owners } = target;
  const model = target.model ?? demoModel;
  const { list, count, entities } = plansFor(c);
  const scope = resolveTenantScope(model, { orgId: c.orgId });
  const listPlan = validatePlan(list, model);
  const listQuery = compileQuery(scopePlan(listPlan, model, scope), model, ds.dialect, { maxRows: MAX_ROWS });
  if (target.unknownOrgIds?.includes(c.orgId)) {
    await expect(ds.execute(listQuery, { timeoutMs: 10_000, maxRows: MAX_ROWS })).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
    return 0;
  }
  const listed = await ds.execute(listQuery, { timeoutMs: 10_000, maxRows: MAX_ROWS });
  expect(listed.truncated).toBe(false);
  for (const entity of entities) {
    const alias = listFieldAlias(listPlan, { entity, field: 'id' });
    const ids = [...new Set(listed.rows.map((row) => Number(row[alias])))];
    const found = await owners(entity, ids);
    for (const id of ids) expect({ entity, id, org: found.get(id) }).toEqual({ entity, id, org: c.orgId });
  }
  const counted = await ds.execute(compileQuery(scopePlan(validatePlan(count, model), model, scope), model, ds.dialect, { maxRows: MAX_ROWS }), { timeoutMs: 10_000, maxRows: 10 });
  expect(Number(Object.values(counted.rows[0] ?? {})[0])).toBe(listed.rows.length);
  await checkRollupAndShares(ds, model, scope, { base: c.base, filters: c.filters, ...('timeRange' in count && count.timeRange ? { timeRange: count.timeRange } : {}) }, listed.rows.length);
  return listed.rows.length;
}

export interface TenantIsolationTarget {
  /** The data source under test, open on a generated demo warehouse (any scale), or in front of each tenant's part of one. */
  dataSource: DataSource;
  owners: OwnerLookup;
  /** The demo model with the strategy under test; default the demo model itself (the column strategy). */
  model?: SemanticModel;
  /** A data source on the whole warehouse, for filter values from every organisation; default `dataSource`. */
  everyTenant?: DataSource;
  /** Organisations that ask (default 1, 2, 3) and, among them, those with no schema or database of their own. */
  orgIds?: readonly number[];
  unknownOrgIds?: readonly number[];
  /** Each tenant's value index is held to exactly its own values, read with this. */
  values: ValuesLookup;
}

/** Each known tenant's value index equals its own values, field by field; an unknown tenant gets none. */
async function checkTenantValues(target: TenantIsolationTarget, values: ValuesLookup, orgId: number): Promise<number> {
  const model = target.model ?? demoModel;
  const scope = resolveTenantScope(model, { orgId });
  if (target.unknownOrgIds?.includes(orgId)) {
    await expect(loadTenantValues(model, target.dataSource, scope)).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
    return 0;
  }
  const loaded = await loadTenantValues(model, target.dataSource, scope);
  let checked = 0;
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (!field.indexValues || field.hidden) continue;
      const got = loaded.filter((v) => v.entity === entity.name && v.field === field.name).map((v) => v.value).sort();
      // A field with more values than the index keeps is left out of it entirely; otherwise it must match exactly.
      if (got.length === 0) continue;
      const own = (await values(entity.table, field.column, orgId)).filter((v) => v.trim() !== '').sort();
      expect({ orgId, field: `${entity.name}.${field.name}`, values: got }).toEqual({ orgId, field: `${entity.name}.${field.name}`, values: own });
      checked += got.length;
    }
  }
  return checked;
}

/**
 * vs_aggregate and HAVING against every group, checked by arithmetic rather than by ownership: a row of
 * the caller's compared with a figure over another tenant's rows still belongs to the caller, so the row
 * check above cannot see a subquery that lost its tenant predicate. Here the expected answer is computed
 * in JS from the caller's raw rows (read with plain SQL from the whole warehouse), and must equal core's.
 */
async function figuresAreTheCallers(target: TenantIsolationTarget, values: Values): Promise<{ rows: number; discriminating: number }> {
  const model = target.model ?? demoModel;
  const whole = target.everyTenant ?? target.dataSource;
  const read = async (sql: string) => (await whole.execute({ sql, parameters: [] }, { timeoutMs: 10_000, maxRows: MAX_ROWS })).rows;
  const productRows = (await read('select id, organisation_id, price, category from products')).map((r) => ({ id: Number(r.id), org: Number(r.organisation_id), price: Number(r.price), category: String(r.category) }));
  const orderRows = (await read('select user_id, organisation_id, subtotal from orders where user_id is not null')).map((r) => ({ user: Number(r.user_id), org: Number(r.organisation_id), subtotal: Number(r.subtotal) }));
  const figure = (aggregation: 'avg' | 'max' | 'min', xs: number[]): number | undefined =>
    xs.length === 0 ? undefined : aggregation === 'avg' ? xs.reduce((a, b) => a + b, 0) / xs.length : aggregation === 'max' ? Math.max(...xs) : Math.min(...xs);
  const holds = (compare: 'gt' | 'lt' | 'eq', x: number, y: number | undefined): boolean => y !== undefined && (compare === 'gt' ? x > y + 1e-9 : compare === 'lt' ? x < y - 1e-9 : Math.abs(x - y) <= 1e-9);
  const run = async (input: QueryPlanInput, orgId: number) => {
    const query = compileQuery(scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId })), model, target.dataSource.dialect, { maxRows: MAX_ROWS });
    return target.dataSource.execute(query, { timeoutMs: 10_000, maxRows: MAX_ROWS });
  };
  const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
  const cases = fc.sample(
    fc.record({
      orgId: fc.constantFrom(...(target.orgIds ?? [1, 2, 3])),
      compare: fc.constantFrom<'gt' | 'lt' | 'eq'>('gt', 'lt', 'eq'),
      aggregation: fc.constantFrom<'avg' | 'max' | 'min'>('avg', 'max', 'min'),
      category: fc.option(fc.constantFrom(...values.categories), { nil: undefined }),
      perCategory: fc.boolean(),
    }),
    24,
  );
  let rows = 0;
  let discriminating = 0;
  for (const c of cases) {
    const ref = (field: string) => ({ entity: 'products', field });
    const where = c.category === undefined ? [] : [{ op: 'eq' as const, field: ref('category'), value: c.category }];
    const products: QueryPlanInput = { kind: 'list', entity: 'products', fields: [ref('id')], filters: [{ op: 'vs_aggregate', field: ref('price'), compare: c.compare, aggregation: c.aggregation, of: ref('price'), where, per: c.perCategory ? [ref('category')] : [] }] };
    // The spenders above the average spender: sum per customer against the average of those sums.
    const spenders: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'subtotal' } }], dimensions: [{ field: { entity: 'users', field: 'id' } }], having: [{ measure: 0, op: c.compare, against: { aggregation: c.aggregation } }] };
    if (target.unknownOrgIds?.includes(c.orgId)) {
      await expect(run(products, c.orgId)).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
      await expect(run(spenders, c.orgId)).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
      continue;
    }
    const expectedProducts = (pool: typeof productRows): number[] =>
      productRows
        .filter((p) => p.org === c.orgId)
        .filter((p) => holds(c.compare, p.price, figure(c.aggregation, pool.filter((q) => (c.category === undefined || q.category.toLowerCase() === c.category.toLowerCase()) && (!c.perCategory || q.category === p.category)).map((q) => q.price))))
        .map((p) => p.id);
    const own = sorted(expectedProducts(productRows.filter((p) => p.org === c.orgId)));
    const got = sorted((await run(products, c.orgId)).rows.map((row) => Number(Object.values(row)[0])));
    expect({ case: c, ids: got }).toEqual({ case: c, ids: own });
    const spent = (org?: number): Map<number, number> => {
      const sums = new Map<number, number>();
      for (const o of orderRows) if (org === undefined || o.org === org) sums.set(o.user, (sums.get(o.user) ?? 0) + o.subtotal);
      return sums;
    };
    const expectedSpenders = (pool: Map<number, number>): number[] => {
      const bar = figure(c.aggregation, [...pool.values()]);
      return [...spent(c.orgId)].filter(([, total]) => holds(c.compare, total, bar)).map(([user]) => user);
    };
    const ownSpenders = sorted(expectedSpenders(spent(c.orgId)));
    const gotSpenders = sorted((await run(spenders, c.orgId)).rows.map((row) => Number(row.d0)));
    expect({ case: c, users: gotSpenders }).toEqual({ case: c, users: ownSpenders });
    rows += got.length + gotSpenders.length;
    if (JSON.stringify(sorted(expectedProducts(productRows))) !== JSON.stringify(own) || JSON.stringify(sorted(expectedSpenders(spent()))) !== JSON.stringify(ownSpenders)) discriminating++;
  }
  return { rows, discriminating };
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
      values = await distinctValues(target().everyTenant ?? target().dataSource);
    });

    it(`every row of every generated plan belongs to the caller, by independent SQL on ${engine}`, async () => {
      const orgIds = target().orgIds ?? [1, 2, 3];
      let nonEmpty = 0;
      await fc.assert(fc.asyncProperty(caseArbitrary(values, orgIds), async (c) => void (nonEmpty += (await checkCase(target(), c)) > 0 ? 1 : 0)), { numRuns: RUNS });
      const known = orgIds.filter((id) => !target().unknownOrgIds?.includes(id)).length;
      // Not vacuous: enough generated plans returned rows for "every row belongs to the caller" to mean
      // something. The plans are random (no fixed seed), so the bar sits well below what a run gives (a
      // quarter of the runs was the bar, and a run on DuckDB landed exactly on it); an empty-result
      // generator still fails it.
      expect(nonEmpty).toBeGreaterThan((RUNS / 10) * (known / orgIds.length));
    }, 60_000);

    it(`a figure over other rows or over every group is the caller's own, by independent arithmetic on ${engine}`, async () => {
      const checked = await figuresAreTheCallers(target(), values);
      expect(checked.rows).toBeGreaterThan(0);
      // Not vacuous: some generated cases have another answer when the figure is taken over every tenant,
      // so a subquery or a window without the caller's predicate would fail here.
      expect(checked.discriminating).toBeGreaterThan(0);
    }, 60_000);

    it(`each tenant's value index holds exactly its own values on ${engine}`, async () => {
      let checked = 0;
      for (const orgId of target().orgIds ?? [1, 2, 3]) checked += await checkTenantValues(target(), target().values, orgId);
      expect(checked).toBeGreaterThan(0);
    }, 60_000);
  });
}

