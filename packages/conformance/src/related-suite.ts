/**
 * Related filters (semi/anti-joins and count thresholds), HAVING, ties and distinct lists executed on a
 * real demo warehouse and compared with hand-written SQL, for every organisation: the subqueries carry
 * their own tenant predicates, so another tenant's rows can never satisfy (or defeat) a condition.
 */
import type { DataSource, QueryPlanInput } from '@askdata/core';
import { hand, ORGS, rounded, runPlan } from './execution-suite';

const products = (field: string) => ({ entity: 'products', field });
const users = (field: string) => ({ entity: 'users', field });

export function relatedSuite(source: () => DataSource): void {
  it('anti-join: products nobody reviewed, per tenant', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }],
        filters: [{ op: 'related', field: products('id'), entity: 'reviews', via: 'product_id', count: { op: 'eq', value: 0 } }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), 'select count(*) from products p where p.organisation_id = :org and not exists (select 1 from reviews r where r.product_id = p.id and r.organisation_id = :org)', org);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('count threshold through a join inside the subquery: customers with at least 3 laptop orders', async () => {
    const [first] = await hand(source(), "select category from products where organisation_id = :org group by category order by count(*) desc limit 1", 1);
    const category = String(first?.category);
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'list', entity: 'users', fields: [users('id')], orderBy: [{ field: users('id'), direction: 'asc' }],
        filters: [{ op: 'related', field: users('id'), entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: products('category'), value: category }], count: { op: 'gte', value: 3 } }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        `select u.id from users u where u.organisation_id = :org and (select count(*) from orders o join products p on p.id = o.product_id where o.user_id = u.id and o.organisation_id = :org and p.organisation_id = :org and lower(p.category) = lower('${category.replace(/'/g, "''")}')) >= 3 order by u.id`,
        org,
      );
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('having: categories with more than 20 orders', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: products('category') }], having: [{ measure: 0, op: 'gt', value: 20 }] };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), 'select p.category, count(*) from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.organisation_id = :org group by p.category having count(*) > 20 order by p.category', org);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('ties: every city that shares the most customers', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'users', measures: [{ kind: 'count' }], dimensions: [{ field: users('city') }], orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 1, ties: true };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), 'select city, count(*) as n from users where organisation_id = :org group by city having count(*) = (select count(*) from users where organisation_id = :org group by city order by count(*) desc limit 1) order by city', org);
      expect(result.rows.length).toBeGreaterThanOrEqual(1);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('distinct list: each city once', async () => {
    for (const org of ORGS) {
      const result = await runPlan(source(), { kind: 'list', entity: 'users', fields: [users('city')], distinct: true }, org);
      const expected = await hand(source(), 'select distinct city from users where organisation_id = :org order by city', org);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });
}
