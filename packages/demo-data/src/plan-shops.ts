/**
 * Turns the catalogues into everything the order loop samples from: product rows with launch dates and a
 * hidden quality (drives ratings), one product sampler per calendar month (category seasons), customer
 * sign-up times, and per-day order weights (shop season x growth trend x weekend bump).
 */
import { WeightedSampler, type Random } from './prng';
import type { ShopCatalogue } from './shop-catalogues';
import { DAY_MS, type TimeWindow } from './time-range';

export interface PlannedProduct {
  id: number;
  organisationId: number;
  title: string;
  category: string;
  price: number;
  createdMs: number;
  /** Mean star rating this product tends to get. */
  quality: number;
}

export interface PlannedShop {
  organisationId: number;
  catalogue: ShopCatalogue;
  products: PlannedProduct[];
  /** Index = calendar month - 1. */
  productSamplers: WeightedSampler<PlannedProduct>[];
  /** Sign-up times, ascending; customer i has id `firstCustomerId + i`. */
  customerCreatedMs: Float64Array;
  firstCustomerId: number;
  /** One weight per day of the window. */
  dayWeights: Float64Array;
  orderCount: number;
}

export function planShops(catalogues: readonly ShopCatalogue[], window: TimeWindow, totalOrders: number, random: Random): PlannedShop[] {
  const shareSum = catalogues.reduce((sum, shop) => sum + shop.orderShare, 0);
  let nextProductId = 1;
  let nextCustomerId = 1;
  return catalogues.map((catalogue, index) => {
    const organisationId = index + 1;
    const products = planProducts(catalogue, organisationId, nextProductId, window, random);
    nextProductId += products.length;
    const orderCount = Math.round((totalOrders * catalogue.orderShare) / shareSum);
    const customerCreatedMs = planCustomers(Math.max(5, Math.round(orderCount / catalogue.ordersPerCustomer)), window, random);
    const firstCustomerId = nextCustomerId;
    nextCustomerId += customerCreatedMs.length;
    return {
      organisationId,
      catalogue,
      products,
      productSamplers: monthlySamplers(catalogue, products),
      customerCreatedMs,
      firstCustomerId,
      dayWeights: dayWeights(catalogue, window),
      orderCount,
    };
  });
}

function planProducts(catalogue: ShopCatalogue, organisationId: number, firstId: number, window: TimeWindow, random: Random): PlannedProduct[] {
  const span = window.endMs - window.startMs;
  const products: PlannedProduct[] = [];
  for (const category of catalogue.categories) {
    for (const product of category.products) {
      const createdMs =
        product.launchedAt === undefined
          ? window.startMs - random.int(30, 700) * DAY_MS - random.int(0, DAY_MS - 1)
          : window.startMs + Math.floor(product.launchedAt * span);
      products.push({
        id: firstId + products.length,
        organisationId,
        title: product.title,
        category: category.name,
        price: product.price - 0.01,
        createdMs,
        quality: 2.4 + random.next() * 2.4,
      });
    }
  }
  return products;
}

/** Popularity falls off with the position in the category list (first listed = best seller). */
function monthlySamplers(catalogue: ShopCatalogue, products: PlannedProduct[]): WeightedSampler<PlannedProduct>[] {
  return Array.from({ length: 12 }, (_, monthIndex) => {
    const weights = products.map((product) => {
      const category = catalogue.categories.find((candidate) => candidate.name === product.category);
      if (category === undefined) return 0;
      const position = category.products.findIndex((candidate) => candidate.title === product.title);
      const popularitySum = category.products.reduce((sum, _p, i) => sum + 1 / (i + 1) ** 0.8, 0);
      const boost = category.monthBoost?.[monthIndex + 1] ?? 1;
      return (category.weight * boost * (1 / (position + 1) ** 0.8)) / popularitySum;
    });
    return new WeightedSampler(products, weights);
  });
}

/** 15% of customers signed up before the window so the first orders have someone to come from. */
function planCustomers(count: number, window: TimeWindow, random: Random): Float64Array {
  const created = new Float64Array(count);
  const early = Math.max(1, Math.round(count * 0.15));
  const span = window.endMs - window.startMs;
  for (let i = 0; i < count; i++) {
    created[i] = i < early ? window.startMs - Math.floor(random.next() * 365 * DAY_MS) - 1 : window.startMs + Math.floor(random.next() * span);
  }
  return created.sort();
}

function dayWeights(catalogue: ShopCatalogue, window: TimeWindow): Float64Array {
  const span = window.endMs - window.startMs;
  return Float64Array.from(window.days, (dayMs) => {
    const date = new Date(dayMs);
    const season = catalogue.season[date.getUTCMonth() + 1] ?? 1;
    const trend = 1 + (catalogue.growth - 1) * ((dayMs - window.startMs) / span);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 1.12 : 1;
    const partial = Math.min(1, (window.endMs - dayMs) / DAY_MS);
    return season * trend * weekend * partial;
  });
}
