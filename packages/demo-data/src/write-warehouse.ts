/**
 * Writes a complete warehouse into a fresh SQLite file: schema, then every row in one transaction through
 * prepared statements, then indexes and ANALYZE. The file is a private temp file (journal and fsync off are
 * safe: a crash leaves only a temp file that is never published).
 */
import Database from 'better-sqlite3';
import { generateOrders } from './generate-orders';
import { planShops, type PlannedShop } from './plan-shops';
import { WeightedSampler, createRandom, type Random } from './prng';
import { firstNames, lastNames, reviewComments, shopCatalogues } from './shop-catalogues';
import { DAY_MS, isoDate, isoDateTime, timeWindow, type TimeWindow } from './time-range';
import { createIndexesSql, createTablesSql } from './warehouse-schema';

export const BASE_ORDER_COUNT = 50_000;

export interface WarehouseSummary {
  organisations: number;
  users: number;
  products: number;
  orders: number;
  reviews: number;
  /** Inclusive start and exclusive end of the order dates, ISO. */
  from: string;
  to: string;
  elapsedMs: number;
}

export function writeWarehouse(file: string, options: { scale: number; now: Date; seed: number }): WarehouseSummary {
  const started = performance.now();
  const window = timeWindow(options.now);
  // Independent streams: changing how many orders are drawn never changes the catalogue or the customers.
  const shops = planShops(shopCatalogues, window, Math.round(BASE_ORDER_COUNT * options.scale), createRandom(options.seed));
  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF'); // users are written after their orders (last_order_at); checked in tests
    db.exec(createTablesSql);
    const counts = db.transaction(() => insertRows(db, shops, window, options.seed))();
    db.exec(createIndexesSql);
    db.pragma('analysis_limit = 2000'); // sampled statistics: enough for the planner, seconds faster at scale 100
    db.exec('ANALYZE');
    db.pragma('journal_mode = DELETE');
    return { ...counts, organisations: shops.length, from: isoDateTime(window.startMs), to: isoDateTime(window.endMs), elapsedMs: Math.round(performance.now() - started) };
  } finally {
    db.close();
  }
}

function insertRows(db: Database.Database, shops: PlannedShop[], window: TimeWindow, seed: number): { users: number; products: number; orders: number; reviews: number } {
  const insertOrganisation = db.prepare('INSERT INTO organisations (id, name, created_at) VALUES (?, ?, ?)');
  const insertProduct = db.prepare('INSERT INTO products (organisation_id, id, ean, title, category, price, stock_level, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insertOrder = db.prepare('INSERT INTO orders (organisation_id, id, user_id, product_id, subtotal, tax, discount, quantity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const productRandom = createRandom(seed ^ 0x5bd1e995);
  let products = 0;
  for (const shop of shops) {
    insertOrganisation.run(shop.organisationId, shop.catalogue.name, isoDateTime(window.startMs - (900 - shop.organisationId * 150) * DAY_MS));
    for (const product of shop.products) {
      const stock = productRandom.chance(0.08) ? 0 : productRandom.int(1, 400);
      insertProduct.run(shop.organisationId, product.id, ean(shop.organisationId, product.id), product.title, product.category, product.price, stock, isoDateTime(product.createdMs));
      products++;
    }
  }
  const loop = generateOrders(shops, window, createRandom(seed ^ 0x1b873593), (order) => {
    insertOrder.run(order.organisationId, order.id, order.userId, order.productId, order.subtotal, order.tax, order.discount, order.quantity, isoDateTime(order.createdMs));
  });
  const users = insertUsers(db, shops, loop.lastOrderMs, createRandom(seed ^ 0x27d4eb2f));
  const reviews = insertReviews(db, loop.reviews, createRandom(seed ^ 0x165667b1));
  return { users, products, orders: loop.orderCount, reviews };
}

function insertUsers(db: Database.Database, shops: PlannedShop[], lastOrderMs: Float64Array[], random: Random): number {
  const insert = db.prepare('INSERT INTO users (organisation_id, id, name, email, city, zip, birth_date, created_at, last_order_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  let count = 0;
  shops.forEach((shop, shopIndex) => {
    const cityEntries = Object.entries(shop.catalogue.cities);
    const cities = new WeightedSampler(cityEntries, cityEntries.map(([, [weight]]) => weight));
    shop.customerCreatedMs.forEach((createdMs, index) => {
      const id = shop.firstCustomerId + index;
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const [city, [, zipPrefix]] = cities.sample(random);
      const zip = `${zipPrefix}${String(random.int(0, 99)).padStart(2, '0')}`;
      const birth = Date.UTC(random.int(1950, 2006), 0, 1) + random.int(0, 364) * DAY_MS;
      const lastOrder = lastOrderMs[shopIndex]?.[index] ?? -1;
      const email = `${first}.${last}.${id}@example.com`.toLowerCase();
      insert.run(shop.organisationId, id, `${first} ${last}`, email, city, zip, isoDate(birth), isoDateTime(createdMs), lastOrder < 0 ? null : isoDateTime(lastOrder));
      count++;
    });
  });
  return count;
}

function insertReviews(db: Database.Database, drafts: { organisationId: number; productId: number; userId: number; rating: number; createdMs: number }[], random: Random): number {
  const insert = db.prepare('INSERT INTO reviews (organisation_id, id, product_id, user_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const ordered = [...drafts].sort((a, b) => a.createdMs - b.createdMs);
  ordered.forEach((review, index) => {
    const comment = random.pick(reviewComments[review.rating - 1] ?? ['']);
    insert.run(review.organisationId, index + 1, review.productId, review.userId, review.rating, comment, isoDateTime(review.createdMs));
  });
  return ordered.length;
}

/** A valid EAN-13: a 12-digit body and its check digit. */
function ean(organisationId: number, productId: number): string {
  const body = `40${organisationId}${String(productId).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
