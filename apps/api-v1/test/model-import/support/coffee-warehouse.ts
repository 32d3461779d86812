/**
 * The warehouse the published-style Snowflake semantic view describes (packages/model-import test fixture
 * coffee-subscriptions.snowflake.yaml): customers on plans, and the boxes shipped to them over 2025 and
 * early 2026. Column names are upper case, as Snowflake keeps them. Deterministic: the same rows every run.
 */
import Database from 'better-sqlite3';

const PLANS = [
  { id: 1, name: 'Espresso Lover', price: 24 },
  { id: 2, name: 'Filter Fan', price: 19.5 },
  { id: 3, name: 'Decaf Dreamer', price: 17.25 },
];
const REGIONS = ['North', 'South', 'East', 'West'];
const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Reyes'];

export function buildCoffeeWarehouse(path: string): void {
  const db = new Database(path);
  try {
    db.exec(`
      CREATE TABLE CUSTOMERS (CUSTOMER_ID INTEGER PRIMARY KEY, FIRST_NAME TEXT NOT NULL, LAST_NAME TEXT NOT NULL, REGION TEXT NOT NULL, PREFERENCES TEXT, SIGNED_UP_ON DATE NOT NULL);
      CREATE TABLE PLANS (PLAN_ID INTEGER PRIMARY KEY, PLAN_NAME TEXT NOT NULL, MONTHLY_PRICE REAL NOT NULL);
      CREATE TABLE SHIPMENTS (SHIPMENT_ID INTEGER PRIMARY KEY, CUSTOMER_ID INTEGER NOT NULL REFERENCES CUSTOMERS(CUSTOMER_ID), PLAN_ID INTEGER NOT NULL REFERENCES PLANS(PLAN_ID),
        STATUS TEXT NOT NULL, GIFT_MESSAGE TEXT, SHIPPED_ON DATE NOT NULL, BAGS INTEGER NOT NULL, AMOUNT_USD REAL NOT NULL, SHIPPING_COST_USD REAL NOT NULL);
    `);
    const plan = db.prepare('INSERT INTO PLANS VALUES (?, ?, ?)');
    for (const row of PLANS) plan.run(row.id, row.name, row.price);
    const customer = db.prepare('INSERT INTO CUSTOMERS VALUES (?, ?, ?, ?, ?, ?)');
    for (let id = 1; id <= 30; id++) {
      const month = String(1 + (id % 12)).padStart(2, '0');
      customer.run(id, FIRST[id % FIRST.length], LAST[id % LAST.length], REGIONS[id % REGIONS.length], '{"grind":"whole"}', `2024-${month}-${String(1 + (id % 27)).padStart(2, '0')}`);
    }
    const shipment = db.prepare('INSERT INTO SHIPMENTS VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    let id = 0;
    // Each customer gets a box most months from January 2025 to March 2026, on their plan.
    for (let customerId = 1; customerId <= 30; customerId++) {
      const planRow = PLANS[customerId % PLANS.length];
      if (planRow === undefined) continue;
      for (let m = 0; m < 15; m++) {
        if ((customerId + m) % 5 === 0) continue;
        const year = 2025 + Math.floor(m / 12);
        const month = String((m % 12) + 1).padStart(2, '0');
        const day = String(1 + ((customerId * 7 + m) % 27)).padStart(2, '0');
        const bags = 1 + ((customerId + m) % 3);
        const amount = Math.round(planRow.price * bags * 100) / 100;
        shipment.run(++id, customerId, planRow.id, (customerId * m) % 11 === 0 ? 'returned' : 'delivered', customerId % 6 === 0 ? 'Enjoy!' : null, `${year}-${month}-${day}`, bags, amount, 4.5);
      }
    }
  } finally {
    db.close();
  }
}

/** Rows of a query on the warehouse, for the expected figures. */
export function queryWarehouse(path: string, sql: string): Array<Record<string, unknown>> {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}
