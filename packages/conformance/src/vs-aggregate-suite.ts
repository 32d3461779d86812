/**
 * Comparisons with an aggregate (issue 41, forms 5 and 6) executed on the real demo warehouse and compared,
 * per organisation, with hand-written SQL: a row against a figure over other rows (a scalar subquery, with
 * conditions of its own and correlated per group), a group against a figure over every group (a window
 * over the grouped query), and "the X of the Y with the most Z" (a grouped ranking kept with its ties,
 * showing another column of the winners). The hand SQL names the tenant in every subquery, as a person must.
 */
import type { DataSource, QueryPlanInput } from '@askdata/core';
import { hand, ORGS, rounded, runPlan } from './execution-suite';

const products = (field: string) => ({ entity: 'products', field });
const orders = (field: string) => ({ entity: 'orders', field });
const users = (field: string) => ({ entity: 'users', field });

/** The organisation's most common product category (names differ per tenant). */
async function topCategory(ds: DataSource, org: number): Promise<string> {
  const [row] = await hand(ds, 'select category from products where organisation_id = :org group by category order by count(*) desc, category limit 1', org);
  return String(row?.category);
}

export function vsAggregateSuite(source: () => DataSource): void {
  it('products priced above the average price, per tenant', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'list', entity: 'products', fields: [products('id'), products('price')],
        filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price') }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), 'select p.id, p.price from products p where p.organisation_id = :org and p.price > (select avg(q.price) from products q where q.organisation_id = :org) order by p.id', org);
      expect(result.rows.length).toBeGreaterThan(0);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('the most expensive product in each category, ties kept', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'list', entity: 'products', fields: [products('category'), products('id'), products('price')],
        filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'eq', aggregation: 'max', of: products('price'), per: [products('category')] }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(source(), 'select p.category, p.id, p.price from products p where p.organisation_id = :org and p.price = (select max(q.price) from products q where q.organisation_id = :org and q.category = p.category) order by p.id', org);
      const categories = await hand(source(), 'select count(distinct category) as n from products where organisation_id = :org', org);
      expect(result.rows.length).toBeGreaterThanOrEqual(Number(categories[0]?.n));
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('with conditions through a join inside the subquery: orders above the average subtotal of one category', async () => {
    const ds = source();
    for (const org of ORGS) {
      const category = await topCategory(ds, org);
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }],
        filters: [{ op: 'vs_aggregate', field: orders('subtotal'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: products('category'), value: category }] }],
      };
      const result = await runPlan(ds, plan, org);
      const quoted = category.replace(/'/g, "''");
      const expected = await hand(
        ds,
        `select count(*) from orders o where o.organisation_id = :org and o.subtotal > (select avg(i.subtotal) from orders i join products p on p.id = i.product_id where i.organisation_id = :org and p.organisation_id = :org and lower(p.category) = lower('${quoted}'))`,
        org,
      );
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('per a field reached through a join: orders with the largest quantity among orders of the same category', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'list', entity: 'orders', fields: [orders('id'), orders('quantity')],
        filters: [{ op: 'vs_aggregate', field: orders('quantity'), compare: 'eq', aggregation: 'max', of: orders('quantity'), per: [products('category')] }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        'select o.id, o.quantity from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.organisation_id = :org and o.quantity = (select max(i.quantity) from orders i join products q on q.id = i.product_id where i.organisation_id = :org and q.organisation_id = :org and q.category = p.category) order by o.id',
        org,
      );
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('customers who spent more than the average customer (a group against every group), ordered and capped with ties', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: orders('subtotal') }], dimensions: [{ field: users('id') }],
        having: [{ measure: 0, op: 'gt', against: { aggregation: 'avg' } }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        'select o.user_id, sum(o.subtotal) from orders o join users u on u.id = o.user_id where o.organisation_id = :org and u.organisation_id = :org group by o.user_id having sum(o.subtotal) > (select avg(t) from (select sum(i.subtotal) as t from orders i join users v on v.id = i.user_id where i.organisation_id = :org and v.organisation_id = :org group by i.user_id) as per_customer) order by o.user_id',
        org,
      );
      expect(result.rows.length).toBeGreaterThan(0);
      expect(rounded(result.rows)).toEqual(rounded(expected));
      const top = await runPlan(source(), { ...plan, orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 2, ties: true }, org);
      const highest = [...expected].sort((a, b) => Number(Object.values(b)[1]) - Number(Object.values(a)[1]));
      expect(rounded(top.rows).map((row) => row[1])).toEqual(rounded(highest).slice(0, top.rows.length).map((row) => row[1]));
      expect(top.rows.length).toBeGreaterThanOrEqual(Math.min(2, expected.length));
    }
  });

  it('a group against the lowest group and a value at once: categories with more orders than the least ordered one and over 5', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: products('category') }],
        having: [{ measure: 0, op: 'gt', against: { aggregation: 'min' } }, { measure: 0, op: 'gt', value: 5 }],
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        'select p.category, count(*) from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.organisation_id = :org group by p.category having count(*) > 5 and count(*) > (select min(n) from (select count(*) as n from orders i join products q on q.id = i.product_id where i.organisation_id = :org and q.organisation_id = :org group by q.category) as per_category) order by p.category',
        org,
      );
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('the X of the Y with the most Z: the city of the customer who placed the most orders, ties kept', async () => {
    for (const org of ORGS) {
      const plan: QueryPlanInput = {
        kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: users('id') }, { field: users('city') }],
        orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 1, ties: true,
      };
      const result = await runPlan(source(), plan, org);
      const expected = await hand(
        source(),
        'select u.id, u.city, count(*) as n from orders o join users u on u.id = o.user_id where o.organisation_id = :org and u.organisation_id = :org group by u.id, u.city having count(*) = (select max(c) from (select count(*) as c from orders i where i.organisation_id = :org and i.user_id is not null group by i.user_id) as per_customer) order by u.id, u.city',
        org,
      );
      expect(result.rows.length).toBeGreaterThanOrEqual(1);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });
}
