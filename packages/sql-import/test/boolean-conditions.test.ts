/**
 * OR, NOT and UNION into the plan's `any` / `not` (issue 41), on the demo model: exactly, or refused
 * where the plan would keep other rows (NOT IN with its NULLs, UNION ALL, a tenant column inside an OR).
 */
import { plan, refusal as refusalOf } from './support/demo-model-import';

const filters = (sql: string): unknown => plan(sql).filters;
const refusal = (sql: string): string => refusalOf(sql).message;
const orders = (field: string) => ({ entity: 'orders', field });
const users = (field: string) => ({ entity: 'users', field });
const anyOrders = { op: 'related', field: users('id'), entity: 'orders', via: 'user_id', where: [], count: { op: 'gt', value: 0 } };

describe('OR, NOT and UNION as any / not', () => {
  it('reads OR between conditions on different columns as groups of conditions', () => {
    expect(filters('SELECT id FROM orders WHERE (quantity = 1 AND subtotal > 3) OR subtotal < 2 OR quantity > 5')).toEqual([
      { op: 'any', of: [[{ op: 'eq', field: orders('quantity'), value: 1 }, { op: 'gt', field: orders('subtotal'), value: 3 }], [{ op: 'lt', field: orders('subtotal'), value: 2 }], [{ op: 'gt', field: orders('quantity'), value: 5 }]] },
    ]);
    // Values of one column joined by OR stay one IN.
    expect(filters('SELECT id FROM orders WHERE quantity = 1 OR quantity = 2')).toEqual([{ op: 'in', field: orders('quantity'), values: [1, 2] }]);
  });

  it('spreads AND over a nested OR, keeping an OR of one column\'s values as an IN', () => {
    expect(filters('SELECT id FROM orders WHERE quantity = 1 OR (subtotal > 3 AND (quantity = 2 OR quantity = 3))')).toEqual([
      { op: 'any', of: [[{ op: 'eq', field: orders('quantity'), value: 1 }], [{ op: 'gt', field: orders('subtotal'), value: 3 }, { op: 'in', field: orders('quantity'), values: [2, 3] }]] },
    ]);
    expect(filters('SELECT id FROM orders WHERE (quantity = 1 OR subtotal > 3) AND (quantity = 2 OR subtotal < 9)')).toEqual([
      { op: 'any', of: [[{ op: 'eq', field: orders('quantity'), value: 1 }], [{ op: 'gt', field: orders('subtotal'), value: 3 }]] },
      { op: 'any', of: [[{ op: 'eq', field: orders('quantity'), value: 2 }], [{ op: 'lt', field: orders('subtotal'), value: 9 }]] },
    ]);
  });

  it('reads a related condition inside an OR, written with EXISTS or IN', () => {
    const expected = [{ op: 'any', of: [[{ op: 'eq', field: users('city'), value: 'Oslo' }], [anyOrders]] }];
    expect(filters("SELECT id FROM users u WHERE u.city = 'Oslo' OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)")).toEqual(expected);
    expect(filters("SELECT id FROM users WHERE city = 'Oslo' OR id IN (SELECT user_id FROM orders)")).toEqual(expected);
  });

  it('reads NOT of an AND as one not, and NOT of an OR as one not per side', () => {
    expect(filters('SELECT id FROM orders WHERE NOT (quantity > 2 AND subtotal < 10)')).toEqual([{ op: 'not', of: [{ op: 'gt', field: orders('quantity'), value: 2 }, { op: 'lt', field: orders('subtotal'), value: 10 }] }]);
    expect(filters('SELECT id FROM orders WHERE NOT (quantity > 2 OR subtotal < 10)')).toEqual([
      { op: 'not', of: [{ op: 'gt', field: orders('quantity'), value: 2 }] },
      { op: 'not', of: [{ op: 'lt', field: orders('subtotal'), value: 10 }] },
    ]);
  });

  it('reads UNION of two queries on one entity\'s key as an any, one side through a related table', () => {
    expect(filters("SELECT u.id FROM users u JOIN orders o ON o.user_id = u.id WHERE o.quantity > 3 UNION SELECT id FROM users WHERE city = 'Oslo'")).toEqual([
      { op: 'any', of: [[{ ...anyOrders, where: [{ op: 'gt', field: orders('quantity'), value: 3 }] }], [{ op: 'eq', field: users('city'), value: 'Oslo' }]] },
    ]);
  });

  it('refuses what the plan would answer with other rows', () => {
    // NOT (x IN (SELECT ...)) is NOT IN: a NULL in the subquery makes it differ from NOT EXISTS.
    expect(refusal("SELECT id FROM orders WHERE NOT (user_id IN (SELECT id FROM users WHERE city = 'Oslo'))")).toMatch(/NOT IN with a subquery/);
    expect(refusal("SELECT id FROM orders WHERE NOT (quantity > 1 AND user_id IN (SELECT id FROM users WHERE city = 'Oslo'))")).toMatch(/IN with a subquery inside NOT/);
    expect(refusal("SELECT id FROM users WHERE city = 'Bergen' UNION ALL SELECT id FROM users WHERE city = 'Oslo'")).toMatch(/UNION ALL/);
    // Dropping the tenant column inside an OR would change which rows the other side keeps.
    expect(refusal('SELECT id FROM orders WHERE organisation_id = 1 OR quantity > 3')).toMatch(/tenant column inside an OR/);
    // The refusal quotes the condition, not the SQL parser's name for it ("binary_expr").
    expect(refusal('SELECT id FROM orders WHERE organisation_id = 1 OR quantity > 3')).toMatch(/inside an OR \(organisation_id = 1\)/);
    expect(refusal('SELECT id FROM orders WHERE organisation_id = 1 OR quantity > 3')).not.toMatch(/binary_expr/);
    expect(refusal('SELECT id FROM orders WHERE NOT (quantity > 2 OR NOT subtotal < 10)')).toMatch(/nested inside a NOT/);
    expect(refusal('SELECT id FROM orders WHERE quantity = 1 OR quantity > 2 OR subtotal = 3 OR subtotal > 4 OR discount = 1 OR discount > 3')).toMatch(/more than 5 conditions joined by OR/);
  });
});
