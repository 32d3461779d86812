/**
 * Direct SQL on the test warehouse, written by hand (not through core), so the figures /ask returns are
 * checked against an independent computation for each organisation. Revenue is subtotal - discount,
 * as the demo model defines it.
 */
import Database from 'better-sqlite3';
import { testWarehousePath } from './test-deps';

function query<T>(sql: string, ...parameters: (string | number)[]): T[] {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...parameters) as T[];
  } finally {
    db.close();
  }
}

export function orderCount(orgId: number): number {
  return query<{ n: number }>('SELECT count(*) AS n FROM orders WHERE organisation_id = ?', orgId)[0]?.n ?? 0;
}

/** Revenue per category for orders created in [from, to), rounded to cents, largest first. */
export function revenueByCategory(orgId: number, from: string, to: string): { label: string; value: number }[] {
  return query<{ label: string; value: number }>(
    `SELECT p.category AS label, round(sum(o.subtotal - o.discount), 2) AS value
       FROM orders o JOIN products p ON p.id = o.product_id
      WHERE o.organisation_id = ? AND o.created_at >= ? AND o.created_at < ?
      GROUP BY p.category ORDER BY value DESC`,
    orgId, from, to,
  );
}

/** The top customers by revenue (all time), rounded to cents; a customer is a user id (names repeat). */
export function topCustomers(orgId: number, limit: number): [string, number][] {
  return query<{ name: string; value: number }>(
    `SELECT u.name AS name, round(sum(o.subtotal - o.discount), 2) AS value
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.organisation_id = ?
      GROUP BY u.id, u.name ORDER BY value DESC, name ASC LIMIT ?`,
    orgId, limit,
  ).map((row) => [row.name, row.value]);
}
