/**
 * DDL of the demo warehouse. Dates are ISO-8601 UTC text exactly as `Date#toISOString()` writes them
 * ('2025-11-03T14:07:22.481Z'; birth dates are 'YYYY-MM-DD'): they sort as strings, compare correctly with
 * ISO bounds ('2025-11-01' <= created_at < '2025-12-01'), and SQLite's strftime() reads them. Date columns
 * are declared DATETIME/DATE so introspection sees dates; the text never looks numeric, so SQLite's NUMERIC
 * affinity keeps it as text.
 *
 * FOREIGN KEY clauses are declared so introspection finds the relations. Indexes are created after the bulk
 * load (faster than maintaining them row by row).
 */
export const createTablesSql = `
CREATE TABLE organisations (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created_at DATETIME NOT NULL
);
CREATE TABLE users (
  organisation_id INTEGER NOT NULL REFERENCES organisations(id),
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  city TEXT NOT NULL,
  zip TEXT NOT NULL,
  birth_date DATE NOT NULL,
  created_at DATETIME NOT NULL,
  last_order_at DATETIME
);
CREATE TABLE products (
  organisation_id INTEGER NOT NULL REFERENCES organisations(id),
  id INTEGER PRIMARY KEY,
  ean TEXT NOT NULL,
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  price REAL NOT NULL,
  stock_level INTEGER NOT NULL,
  created_at DATETIME NOT NULL
);
CREATE TABLE orders (
  organisation_id INTEGER NOT NULL REFERENCES organisations(id),
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  subtotal REAL NOT NULL,
  tax REAL NOT NULL,
  discount REAL NOT NULL,
  quantity INTEGER NOT NULL,
  created_at DATETIME NOT NULL
);
CREATE TABLE reviews (
  organisation_id INTEGER NOT NULL REFERENCES organisations(id),
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  rating INTEGER NOT NULL,
  comment TEXT NOT NULL,
  created_at DATETIME NOT NULL
);
`;

/** Tenant column first in the composite indexes: every scoped query filters on it, most also on a date. */
export const createIndexesSql = `
CREATE INDEX users_organisation_id_idx ON users(organisation_id, created_at);
CREATE INDEX products_organisation_id_idx ON products(organisation_id, category);
CREATE INDEX orders_organisation_id_idx ON orders(organisation_id, created_at);
CREATE INDEX orders_user_id_idx ON orders(user_id);
CREATE INDEX orders_product_id_idx ON orders(product_id);
CREATE INDEX orders_created_at_idx ON orders(created_at);
CREATE INDEX reviews_organisation_id_idx ON reviews(organisation_id, created_at);
CREATE INDEX reviews_product_id_idx ON reviews(product_id);
CREATE INDEX reviews_user_id_idx ON reviews(user_id);
`;
