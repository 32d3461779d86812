/**
 * A new user's first questions on their own sales data, in their own words: "revenue by category", "the
 * average order value", "how many orders per region", "top 3 products by quantity", "customers who signed
 * up this year". Each reading has a counter-example where the same words must not be read that way: two
 * money columns, a table that is itself called "sales", a per-customer average, a quantity of rows.
 */
import { shownColumn, shownRows, tinyDatabase, type TinyDatabase } from './tiny-database';

let shop: TinyDatabase;
let ledger: TinyDatabase;
let outlet: TinyDatabase;

beforeAll(async () => {
  shop = await tinyDatabase([
    'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, region TEXT, signup_date TEXT)',
    "INSERT INTO customers VALUES (1,'Ann','North','2025-03-02'),(2,'Bob','South','2026-02-10'),(3,'Cid','North','2026-05-20'),(4,'Dee','East','2024-11-30')",
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id), product TEXT, category TEXT, region TEXT, amount REAL, quantity INTEGER, status TEXT, order_date TEXT)',
    `INSERT INTO orders VALUES
      (1,1,'Lamp','Home','North',100,1,'shipped','2026-01-05'),(2,1,'Mug','Kitchen','North',20,4,'shipped','2026-02-11'),
      (3,2,'Lamp','Home','South',100,1,'pending','2026-03-03'),(4,3,'Rug','Home','North',250,1,'shipped','2026-03-19'),
      (5,3,'Mug','Kitchen','North',20,6,'cancelled','2026-04-02'),(6,4,'Pan','Kitchen','East',60,3,'shipped','2026-05-15'),
      (7,2,'Mug','Kitchen','South',20,1,'shipped','2026-05-30')`,
  ]);
  // Two money columns: "revenue" could be either.
  ledger = await tinyDatabase([
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, category TEXT, amount REAL)',
    "INSERT INTO orders VALUES (1,'Home',100),(2,'Kitchen',20),(3,'Home',250)",
    'CREATE TABLE refunds (refund_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id), amount REAL)',
    'INSERT INTO refunds VALUES (1,1,100)',
  ]);
  // A table called "sales": the word names its rows.
  outlet = await tinyDatabase([
    'CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, category TEXT, total REAL)',
    "INSERT INTO sales VALUES (1,'Home',100),(2,'Kitchen',20),(3,'Home',250)",
  ]);
});
afterAll(async () => Promise.all([shop, ledger, outlet].map((db) => db.close())));

const figure = (answer: { chart?: { data: readonly { label: string; value: number }[] } }, label: string): number | undefined => answer.chart?.data.find((point) => point.label === label)?.value;

describe('what people call the money a row records', () => {
  it('reads "revenue", "sales" and "spend" as the sum of the one amount column', async () => {
    const byCategory = await shop.ask('Revenue by category');
    expect(figure(byCategory, 'Home')).toBe(450);
    expect(figure(byCategory, 'Kitchen')).toBe(120);
    expect((await shop.ask('What were total sales?')).message).toContain('570');
    const perCustomer = await shop.ask('Which customer has the highest spend?');
    expect(perCustomer.message).toContain('Cid');
  });

  it('reads "the average order value" as the average amount of an order', async () => {
    const answer = await shop.ask('What is the average order value?');
    expect(answer.message).toMatch(/\$81\.43\b/);
  });

  it('does not guess between two amount columns', async () => {
    const answer = await ledger.ask('Revenue by category');
    expect(answer.planned).toBe(false);
    expect(answer.message).toContain('revenue');
  });

  it('leaves "sales" to a table of that name', async () => {
    const answer = await outlet.ask('How many sales are there?');
    expect(answer.message).toMatch(/\b3 sales\b/);
  });
});

describe('"the amount of"', () => {
  it('is the amount column when the rows named next have one', async () => {
    const answer = await shop.ask('What is the total amount of shipped orders?');
    expect(answer.message).toContain('450');
  });

  it('stays a number of rows when they have none', async () => {
    const answer = await shop.ask('Which region has the largest amount of customers?');
    expect(answer.message).toContain('North');
    expect(answer.message).not.toContain('$');
  });
});

describe('"per"', () => {
  it('breaks a count down by a category: "how many orders per region"', async () => {
    const answer = await shop.ask('How many orders per region?');
    expect(figure(answer, 'North')).toBe(4);
    expect(figure(answer, 'South')).toBe(2);
    expect(figure(answer, 'East')).toBe(1);
  });

  it('averages over an entity: "how many orders per customer"', async () => {
    const answer = await shop.ask('How many orders per customer?');
    expect(answer.message).toMatch(/\baverage\b/i);
    expect(answer.message).toMatch(/\b1\.75\b/);
  });

  it('averages over a category when "on average" is said', async () => {
    const answer = await shop.ask('How many orders per region on average?');
    expect(answer.message).toMatch(/\baverage\b/i);
    expect(answer.message).toMatch(/\b2\.33\b/);
  });
});

describe('ranking a column of labels by a quantity', () => {
  it('"top 2 products by quantity" totals each product', async () => {
    const answer = await shop.ask('Top 2 products by quantity');
    expect(shownRows(answer).map((row) => row[0])).toEqual(['Mug', 'Pan']);
    expect(shownRows(answer)[0]).toContain('11');
  });
});

describe('the words of selling', () => {
  it('"units sold" and "quantity sold" total the quantity of the rows that record sales', async () => {
    expect((await shop.ask('How many units were sold in May 2026?')).message).toMatch(/\b4\b/);
    expect((await shop.ask('What was the total quantity sold in March 2026?')).message).toMatch(/\b2\b/);
  });

  it('"units sold by category" breaks down by the category, which sold nothing itself', async () => {
    const answer = await shop.ask('Units sold by category');
    expect(figure(answer, 'Kitchen')).toBe(14);
    expect(figure(answer, 'Home')).toBe(3);
  });

  it('"bought" in a period dates the sales rows, never the customers: not counted by when they joined', async () => {
    // Q1 2026: orders 1-4, by customers 1, 2 and 3 (4 orders); only Bob signed up then; 4 customers in all.
    const answer = await shop.ask('How many customers bought in Q1 2026?');
    expect(answer.planned).toBe(true);
    expect(answer.message).toMatch(/\b3 customers\b/);
  });

  it('"the largest order" is the one of most money, "the smallest" of least', async () => {
    const largest = await shop.ask('What was the largest order?');
    expect(shownRows(largest)).toHaveLength(1);
    expect(shownRows(largest)[0]).toContain('$250.00');
    expect(shownRows(await shop.ask('Show the smallest order in February 2026'))[0]).toContain('$20.00');
  });

  it('sizes by money only rows that record sales: "the largest customer" is not read', async () => {
    const answer = await shop.ask('Which customer is the largest?');
    expect(answer.planned).toBe(false);
  });

  it('"the most popular product" is the one with the most rows', async () => {
    const answer = await shop.ask('Which product is the most popular?');
    expect(answer.message).toContain('Mug');
    expect(answer.message).not.toMatch(/Lamp|Rug|Pan/);
  });
});

describe('a verb and its particle written as one word in a column name', () => {
  it('"signed up" is the signup date', async () => {
    const answer = await shop.ask('How many customers signed up in 2026?');
    expect(answer.message).toMatch(/\b2 customers\b/);
  });

  it('a verb the columns do not name is still not understood', async () => {
    const answer = await shop.ask('How many customers logged in in 2026?');
    expect(answer.planned).toBe(false);
  });
});

it('shows a label column next to the figures it ranks', async () => {
  const answer = await shop.ask('Top 2 products by quantity');
  expect(shownColumn(answer, /product/i)).toEqual(['Mug', 'Pan']);
});
