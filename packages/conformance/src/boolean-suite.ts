/**
 * Sets of entities and boolean conditions (issue 41) executed on a real demo warehouse and compared with
 * hand-written SQL, for every organisation: "both A and B" (two EXISTS, never a join that repeats rows),
 * "either", "neither", "A but not B", OR between conditions on different columns, and NOT. The hand SQL
 * says the sets with IN / NOT IN over keys, a different route from the plan's correlated EXISTS, and
 * carries every table's tenant predicate.
 */
import type { DataSource, Filter, QueryPlanInput } from '@askdata/core';
import { hand, ORGS, rounded, runPlan } from './execution-suite';

const users = (field: string) => ({ entity: 'users', field });
const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** Customers with an order of a product in `category` (count gt 0), or with none (eq 0). */
const bought = (category: string, none = false): Filter & { op: 'related' } => ({
  op: 'related', field: users('id'), entity: 'orders', via: 'user_id',
  where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }], count: none ? { op: 'eq', value: 0 } : { op: 'gt', value: 0 },
});
const buyers = (category: string): string =>
  `select o.user_id from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.organisation_id = :org and lower(p.category) = lower(${quoted(category)})`;
const customerIds = (filters: Filter[]): QueryPlanInput => ({ kind: 'list', entity: 'users', fields: [users('id')], orderBy: [{ field: users('id'), direction: 'asc' }], filters });
const handIds = (condition: string): string => `select u.id from users u where u.organisation_id = :org and ${condition} order by u.id`;

export function booleanSuite(source: () => DataSource): void {
  let a = '';
  let b = '';
  beforeAll(async () => {
    const categories = await hand(source(), 'select category from products where organisation_id = :org group by category order by count(*) desc, category limit 2', 1);
    [a = '', b = ''] = categories.map((row) => String(row.category));
  });

  const cases: [string, () => Filter[], () => string][] = [
    ['both A and B: two EXISTS', () => [bought(a), bought(b)], () => `u.id in (${buyers(a)}) and u.id in (${buyers(b)})`],
    ['either A or B: any of two related filters', () => [{ op: 'any', of: [[bought(a)], [bought(b)]] }], () => `(u.id in (${buyers(a)}) or u.id in (${buyers(b)}))`],
    ['neither A nor B', () => [bought(a, true), bought(b, true)], () => `u.id not in (${buyers(a)}) and u.id not in (${buyers(b)})`],
    ['A but not B: a related filter and a NOT of another', () => [bought(a), { op: 'not', of: [bought(b)] }], () => `u.id in (${buyers(a)}) and u.id not in (${buyers(b)})`],
    ['NOT of an AND: not (A and B)', () => [{ op: 'not', of: [bought(a), bought(b)] }], () => `not (u.id in (${buyers(a)}) and u.id in (${buyers(b)}))`],
  ];
  for (const [name, filters, condition] of cases) {
    it(`${name}, per tenant`, async () => {
      let seen = 0;
      for (const org of ORGS) {
        const result = await runPlan(source(), customerIds(filters()), org);
        const expected = await hand(source(), handIds(condition()), org);
        expect(rounded(result.rows)).toEqual(rounded(expected));
        seen += expected.length;
      }
      expect(seen).toBeGreaterThan(0);
    });
  }

  it('OR between conditions on different columns, one of them on a joined entity: orders of a city or above an amount', async () => {
    const [first] = await hand(source(), 'select city from users where organisation_id = :org group by city order by count(*) desc, city limit 1', 1);
    const city = String(first?.city);
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }],
        filters: [{ op: 'any', of: [[{ op: 'eq', field: users('city'), value: city }], [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 1500 }, { op: 'lt', field: { entity: 'orders', field: 'quantity' }, value: 2 }]] }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        `select count(*) from orders o join users u on u.id = o.user_id where o.organisation_id = :org and u.organisation_id = :org and (lower(u.city) = lower(${quoted(city)}) or (o.subtotal > 1500 and o.quantity < 2))`,
        org,
      );
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('NOT of plain conditions leaves out rows whose value is missing, as SQL does', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'count' }],
        filters: [{ op: 'not', of: [{ op: 'gte', field: { entity: 'reviews', field: 'rating' }, value: 4 }, { op: 'contains', field: { entity: 'reviews', field: 'comment' }, value: 'e' }] }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), "select count(*) from reviews r where r.organisation_id = :org and not (r.rating >= 4 and lower(r.comment) like '%e%')", org);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });
}
