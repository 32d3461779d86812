import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateDemoWarehouse } from './generate-demo-warehouse';

const dir = mkdtempSync(join(tmpdir(), 'askdata-demo-'));
const now = new Date('2026-03-10T12:00:00Z');

function open(path: string): Database.Database {
  return new Database(path, { readonly: true });
}

function fingerprint(path: string): unknown {
  const db = open(path);
  try {
    return db
      .prepare(
        `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM reviews) AS reviews,
                (SELECT round(sum(subtotal), 2) FROM orders) AS subtotal, (SELECT round(sum(tax), 2) FROM orders) AS tax,
                (SELECT sum(rating) FROM reviews) AS rating, (SELECT group_concat(created_at) FROM (SELECT created_at FROM orders ORDER BY id LIMIT 50)) AS dates,
                (SELECT group_concat(name) FROM (SELECT name FROM users ORDER BY id LIMIT 50)) AS names`,
      )
      .get();
  } finally {
    db.close();
  }
}

describe('generateDemoWarehouse', () => {
  const path = join(dir, 'demo.sqlite');
  const summary = generateDemoWarehouse({ path, scale: 0.2, now });
  const db = open(path);
  afterAll(() => db.close());
  const all = <T>(sql: string): T[] => db.prepare(sql).all() as T[];

  it('writes about 50,000 x scale orders over the 24 months up to now', () => {
    expect(summary.orders).toBe(10_000);
    expect(summary.organisations).toBe(3);
    const [range] = all<{ first: string; last: string; count: number }>('SELECT min(created_at) AS first, max(created_at) AS last, count(*) AS count FROM orders');
    expect(range?.count).toBe(10_000);
    expect((range?.first ?? '') >= '2024-03-10').toBe(true);
    expect((range?.last ?? '9') < now.toISOString()).toBe(true);
  });

  it('is deterministic for the same seed and now, and different for another seed', () => {
    const again = join(dir, 'again.sqlite');
    const other = join(dir, 'other.sqlite');
    generateDemoWarehouse({ path: again, scale: 0.2, now });
    generateDemoWarehouse({ path: other, scale: 0.2, now, seed: 7 });
    expect(fingerprint(again)).toEqual(fingerprint(path));
    expect(fingerprint(other)).not.toEqual(fingerprint(path));
  });

  it('stores ISO-8601 UTC text that strftime and ISO bounds understand', () => {
    const dates = all<{ created_at: string; month: string }>("SELECT created_at, strftime('%Y-%m', created_at) AS month FROM orders LIMIT 100");
    for (const row of dates) {
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(row.month).toBe(row.created_at.slice(0, 7));
    }
    const types = all<{ t: string }>('SELECT DISTINCT typeof(created_at) AS t FROM orders UNION SELECT DISTINCT typeof(birth_date) FROM users');
    expect(types).toEqual([{ t: 'text' }]);
    const [inFebruary] = all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE created_at >= '2026-02-01' AND created_at < '2026-03-01'");
    const [byStrftime] = all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE strftime('%Y-%m', created_at) = '2026-02'");
    expect(inFebruary?.n).toBeGreaterThan(0);
    expect(inFebruary?.n).toBe(byStrftime?.n);
  });

  it('gives organisations clearly different volumes and catalogues', () => {
    const volumes = all<{ organisation_id: number; n: number }>('SELECT organisation_id, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC');
    expect(volumes).toHaveLength(3);
    expect(volumes[0]?.n).toBeGreaterThan(1.5 * (volumes[1]?.n ?? 0));
    expect(volumes[1]?.n).toBeGreaterThan(1.5 * (volumes[2]?.n ?? 0));
    const shared = all<{ category: string }>('SELECT category FROM products GROUP BY category HAVING count(DISTINCT organisation_id) > 1');
    expect(shared).toEqual([]);
    const titles = all<{ title: string }>('SELECT title FROM products WHERE organisation_id = 1').map((row) => row.title);
    expect(titles).toEqual(expect.arrayContaining(['Apple Watch', 'MacBook Air']));
  });

  it('has seasonality and an uneven category mix', () => {
    const months = all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE created_at >= '2024-04-01' AND created_at < '2026-03-01' GROUP BY strftime('%Y-%m', created_at) ORDER BY n");
    expect(months).toHaveLength(23);
    expect(months.at(-1)?.n ?? 0).toBeGreaterThan(2 * (months[0]?.n ?? 0));
    const [december] = all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE created_at LIKE '2025-12%'");
    const [june] = all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE created_at LIKE '2025-06%'");
    expect(december?.n ?? 0).toBeGreaterThan(1.5 * (june?.n ?? 0));
    const categories = all<{ n: number }>('SELECT count(*) AS n FROM orders o JOIN products p ON p.id = o.product_id WHERE o.organisation_id = 1 GROUP BY p.category ORDER BY n');
    expect(categories.at(-1)?.n ?? 0).toBeGreaterThan(2.5 * (categories[0]?.n ?? 0));
  });

  it('keeps money, customers and reviews consistent', () => {
    const [money] = all<{ bad: number; discounted: number; zero: number }>(
      `SELECT sum(abs(o.subtotal - round(p.price * o.quantity, 2)) > 0.005 OR o.discount > o.subtotal OR o.tax < 0) AS bad,
              sum(o.discount > 0) AS discounted, sum(o.discount = 0) AS zero
       FROM orders o JOIN products p ON p.id = o.product_id`,
    );
    expect(money?.bad).toBe(0);
    expect(money?.discounted).toBeGreaterThan(0);
    expect(money?.zero).toBeGreaterThan(money?.discounted ?? 0);
    const [lastOrder] = all<{ n: number }>('SELECT count(*) AS n FROM users u WHERE last_order_at IS NOT (SELECT max(created_at) FROM orders o WHERE o.user_id = u.id)');
    expect(lastOrder?.n).toBe(0);
    const [crossTenant] = all<{ n: number }>(
      'SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id JOIN products p ON p.id = o.product_id WHERE u.organisation_id <> o.organisation_id OR p.organisation_id <> o.organisation_id OR u.created_at > o.created_at',
    );
    expect(crossTenant?.n).toBe(0);
    const ratings = all<{ product_id: number; avg: number }>('SELECT product_id, avg(rating) AS avg FROM reviews GROUP BY 1 HAVING count(*) >= 10 ORDER BY avg');
    expect((ratings.at(-1)?.avg ?? 0) - (ratings[0]?.avg ?? 0)).toBeGreaterThan(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('declares foreign keys and indexes the tenant columns, foreign keys and dates', () => {
    const foreignKeys = all<{ from: string; table: string }>("SELECT \"from\", \"table\" FROM pragma_foreign_key_list('orders')");
    expect(foreignKeys).toEqual(expect.arrayContaining([{ from: 'user_id', table: 'users' }, { from: 'product_id', table: 'products' }, { from: 'organisation_id', table: 'organisations' }]));
    const indexed = all<{ tbl: string; col: string }>(
      "SELECT m.name AS tbl, i.name AS col FROM sqlite_master m, pragma_index_list(m.name) l, pragma_index_info(l.name) i WHERE m.type = 'table'",
    ).map((row) => `${row.tbl}.${row.col}`);
    for (const expected of ['orders.organisation_id', 'orders.user_id', 'orders.product_id', 'orders.created_at', 'users.organisation_id', 'products.organisation_id', 'reviews.organisation_id', 'reviews.product_id', 'reviews.user_id']) {
      expect(indexed).toContain(expected);
    }
  });

  it('rejects a bad scale', () => {
    expect(() => generateDemoWarehouse({ path: join(dir, 'x.sqlite'), scale: 0 })).toThrow(/scale must be/);
    expect(() => generateDemoWarehouse({ path: join(dir, 'x.sqlite'), scale: Number.NaN })).toThrow(/scale must be/);
  });
});
