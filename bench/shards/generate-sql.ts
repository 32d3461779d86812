/**
 * The sharded benchmark's tables and rows as SQL that each engine runs itself: PostgreSQL from
 * generate_series, MariaDB from its Sequence engine (seq_A_to_B), both INSERT … SELECT, so 20M orders
 * never pass through Node. Every value is arithmetic on the row number (a multiplicative hash spreads
 * dates, customers and products), so the same count gives the same rows on both engines and every run.
 * Column types are the ones test-support/copy-sqlite.ts gives the demo warehouse on each engine.
 */
import type { TenantRange } from './layout';

export type ShardEngine = 'postgres' | 'mariadb';

/** Orders fall between these instants (the pinned "now" is 2026-06-15, so "last year" is all of 2025). */
const ORDERS_FROM = '2024-01-01 00:00:00';
const ORDERS_SPAN_S = 77_414_400; // 896 days: up to 2026-06-14
const SIGNUPS_FROM = '2023-01-01 00:00:00';
const SIGNUPS_SPAN_S = 31_536_000;
/** Knuth's multiplicative constant: consecutive ids land far apart modulo any span. */
const SPREAD = 2_654_435_761;
const CITIES = ['New York', 'Portland', 'Austin', 'Chicago', 'Denver', 'Seattle', 'Boston', 'Salt Lake City'];
const CATEGORIES = ['Laptop', 'Phone', 'Audio', 'Gaming', 'Wearable', 'Camera', 'Tablet', 'Accessories'];
/** Rows per INSERT on MariaDB: one transaction's undo log stays small. */
const MARIADB_CHUNK = 1_000_000;

interface Types {
  money: string;
  instant: string;
  options: string;
}
const TYPES: Record<ShardEngine, Types> = {
  postgres: { money: 'numeric(12,2)', instant: 'timestamptz', options: '' },
  mariadb: { money: 'decimal(12,2)', instant: 'datetime(3)', options: ' engine=InnoDB default charset=utf8mb4' },
};

export const dimensionTablesSql = (engine: ShardEngine): string[] => {
  const t = TYPES[engine];
  return [
    `create table organisations (id integer primary key, name text not null, created_at ${t.instant} not null)${t.options}`,
    `create table users (organisation_id integer not null, id integer primary key, name text not null, email text not null, city text not null, zip text not null, birth_date date not null, created_at ${t.instant} not null, last_order_at ${t.instant} null)${t.options}`,
    `create table products (organisation_id integer not null, id integer primary key, ean text not null, title text not null, category text not null, price ${t.money} not null, stock_level integer not null, created_at ${t.instant} not null)${t.options}`,
  ];
};

/**
 * The orders table. On PostgreSQL without keys or indexes (ordersIndexesSql adds them after the rows: one
 * sort instead of a tree insert per row). On MariaDB with them: the Spider front copies its table's keys
 * from the backend's SHOW CREATE TABLE when it is made, before any row exists, and the single server gets
 * the same table so both sides load alike.
 */
export const ordersTableSql = (engine: ShardEngine, name = 'orders'): string => {
  const t = TYPES[engine];
  const keys = engine === 'mariadb' ? ', primary key (id), key (organisation_id, created_at), key (user_id), key (product_id)' : '';
  return `create table ${name} (organisation_id integer not null, id integer not null, user_id integer not null, product_id integer not null, subtotal ${t.money} not null, tax ${t.money} not null, discount ${t.money} not null, quantity integer not null, created_at ${t.instant} not null${keys})${t.options}`;
};
/** Reviews stay empty here (no question of this benchmark reads them); the table exists because the model names it. */
export const reviewsTableSql = (engine: ShardEngine, name = 'reviews'): string => {
  const t = TYPES[engine];
  const keys = engine === 'mariadb' ? ', primary key (id)' : '';
  return `create table ${name} (organisation_id integer not null, id integer not null, product_id integer not null, user_id integer not null, rating integer not null, comment text not null, created_at ${t.instant} not null${keys})${t.options}`;
};

/**
 * MariaDB's secondary indexes of orders come off before the rows go in and back after (one sorted build
 * each instead of a random insert per row, which slows to a crawl once they outgrow the buffer pool); the
 * Spider front already copied them when it was made.
 */
export const ordersBeforeRowsSql = (engine: ShardEngine, name = 'orders'): string[] =>
  engine === 'postgres' ? [] : [`alter table ${name} drop index organisation_id, drop index user_id, drop index product_id`];

/** Keys and the demo's indexes after the rows, on whichever server holds them. */
export const ordersIndexesSql = (engine: ShardEngine, name = 'orders'): string[] =>
  engine === 'postgres'
    ? [`alter table ${name} add primary key (id)`, `create index on ${name} (organisation_id, created_at)`, `create index on ${name} (user_id)`, `create index on ${name} (product_id)`]
    : [`alter table ${name} add index organisation_id (organisation_id, created_at), add index user_id (user_id), add index product_id (product_id)`];
export const dimensionIndexesSql = (engine: ShardEngine): string[] =>
  engine === 'postgres'
    ? ['create index on users (organisation_id, created_at)', 'create index on products (organisation_id, category)']
    : ['alter table users add index (organisation_id, created_at)', 'alter table products add index (organisation_id, category(32))'];

/** `[first, last]` as rows `g` of the engine's series source. */
function series(engine: ShardEngine, first: number, last: number): { from: string; g: string } {
  return engine === 'postgres' ? { from: `generate_series(${first}::bigint, ${last}::bigint) as s(g)`, g: 'g' } : { from: `seq_${first}_to_${last}`, g: 'seq' };
}

/** An instant `offset` seconds after `from`, as the engine writes it. */
const instant = (engine: ShardEngine, from: string, offset: string): string =>
  engine === 'postgres' ? `(timestamptz '${from}+00' + (${offset}) * interval '1 second')` : `(timestamp'${from}' + interval (${offset}) second)`;
const pick = (engine: ShardEngine, values: readonly string[], index: string): string =>
  engine === 'postgres' ? `(array[${values.map((v) => `'${v}'`).join(', ')}])[1 + ${index}]` : `elt(1 + ${index}, ${values.map((v) => `'${v}'`).join(', ')})`;
const concat = (engine: ShardEngine, ...parts: string[]): string => (engine === 'postgres' ? `(${parts.join(' || ')})` : `concat(${parts.join(', ')})`);
const text = (engine: ShardEngine, value: string): string => (engine === 'postgres' ? `(${value})::text` : `cast(${value} as char)`);

/** Splits [first, last] into INSERTs of at most `chunk` rows. */
function chunks(first: number, last: number, chunk: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = first; start <= last; start += chunk) out.push([start, Math.min(last, start + chunk - 1)]);
  return out;
}
const chunkOf = (engine: ShardEngine): number => (engine === 'postgres' ? Number.MAX_SAFE_INTEGER : MARIADB_CHUNK);

export function organisationsInsertSql(engine: ShardEngine, tenants: readonly TenantRange[]): string {
  return `insert into organisations (id, name, created_at) values ${tenants.map((t) => `(${t.organisationId}, 'Shop ${t.organisationId}', ${instant(engine, SIGNUPS_FROM, String(t.organisationId * 86_400))})`).join(', ')}`;
}

export function usersInsertSql(engine: ShardEngine, tenant: TenantRange): string[] {
  return chunks(tenant.users.first, tenant.users.last, chunkOf(engine)).map(([first, last]) => {
    const { from, g } = series(engine, first, last);
    return `insert into users (organisation_id, id, name, email, city, zip, birth_date, created_at, last_order_at)
      select ${tenant.organisationId}, ${g}, ${concat(engine, "'Customer '", text(engine, g))}, ${concat(engine, "'customer'", text(engine, g), "'@example.com'")},
        ${pick(engine, CITIES, `${g} % ${CITIES.length}`)}, ${text(engine, `10000 + ${g} % 89999`)},
        ${engine === 'postgres' ? `date '1950-01-01' + (${g} * 7 % 18000)::integer` : `date'1950-01-01' + interval (${g} * 7 % 18000) day`},
        ${instant(engine, SIGNUPS_FROM, `${g} * ${SPREAD} % ${SIGNUPS_SPAN_S}`)}, null
      from ${from}`;
  });
}

export function productsInsertSql(engine: ShardEngine, tenant: TenantRange): string[] {
  return chunks(tenant.products.first, tenant.products.last, chunkOf(engine)).map(([first, last]) => {
    const { from, g } = series(engine, first, last);
    return `insert into products (organisation_id, id, ean, title, category, price, stock_level, created_at)
      select ${tenant.organisationId}, ${g}, ${text(engine, `4000000000000 + ${g}`)}, ${concat(engine, "'Product '", text(engine, g))},
        ${pick(engine, CATEGORIES, `${g} % ${CATEGORIES.length}`)}, round(5 + (${g} * 37 % 50000) / 100.0, 2), ${g} * 13 % 500,
        ${instant(engine, SIGNUPS_FROM, `${g} * ${SPREAD} % ${SIGNUPS_SPAN_S}`)}
      from ${from}`;
  });
}

/**
 * One tenant's orders into `table` (the shard's own table, or the single server's): its customers and
 * products only, so every join on organisation_id and the foreign key finds its row.
 */
export function ordersInsertSql(engine: ShardEngine, tenant: TenantRange, table = 'orders'): string[] {
  const users = tenant.users.last - tenant.users.first + 1;
  const products = tenant.products.last - tenant.products.first + 1;
  return chunks(tenant.orders.first, tenant.orders.last, chunkOf(engine)).map(([first, last]) => {
    const { from, g } = series(engine, first, last);
    const subtotal = `round(5 + (${g} * 31 % 50000) / 100.0, 2)`;
    return `insert into ${table} (organisation_id, id, user_id, product_id, subtotal, tax, discount, quantity, created_at)
      select ${tenant.organisationId}, ${g}, ${tenant.users.first} + ${g} * 7919 % ${users}, ${tenant.products.first} + ${g} * 104729 % ${products},
        ${subtotal}, round(${subtotal} * 0.08, 2), case when ${g} % 10 = 0 then round(${subtotal} * 0.1, 2) else 0 end, 1 + ${g} % 5,
        ${instant(engine, ORDERS_FROM, `${g} * ${SPREAD} % ${ORDERS_SPAN_S}`)}
      from ${from}`;
  });
}
