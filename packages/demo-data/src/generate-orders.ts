/**
 * The order loop: walks the window day by day (so memory stays flat even at scale 100), spreads each shop's
 * orders over the days by weight with carried rounding (totals come out exact), and emits orders in time
 * order with increasing ids. Customers are picked among those already signed up, favouring older ones (loyal
 * repeat buyers); a few orders spawn a review some days later.
 */
import { WeightedSampler, roundCents, type Random } from './prng';
import type { PlannedProduct, PlannedShop } from './plan-shops';
import { DAY_MS, type TimeWindow } from './time-range';

export interface OrderRow {
  organisationId: number;
  id: number;
  userId: number;
  productId: number;
  subtotal: number;
  tax: number;
  discount: number;
  quantity: number;
  createdMs: number;
}

export interface ReviewDraft {
  organisationId: number;
  productId: number;
  userId: number;
  rating: number;
  createdMs: number;
}

export interface OrderLoopResult {
  orderCount: number;
  /** Per shop, per customer index: time of the last order, or -1. */
  lastOrderMs: Float64Array[];
  reviews: ReviewDraft[];
}

const REVIEW_PROBABILITY = 0.07;
const DISCOUNT_RATES = [0.05, 0.1, 0.15, 0.2] as const;
// Busy afternoons and evenings, quiet nights.
const hourSampler = new WeightedSampler(
  Array.from({ length: 24 }, (_, hour) => hour),
  [1, 0.5, 0.3, 0.2, 0.2, 0.3, 0.8, 1.5, 2.5, 3.5, 4, 4.5, 5, 5, 4.5, 4.5, 4.5, 5, 5.5, 6, 6, 5, 3.5, 2],
);

export function generateOrders(shops: readonly PlannedShop[], window: TimeWindow, random: Random, emit: (order: OrderRow) => void): OrderLoopResult {
  const weightTotals = shops.map((shop) => shop.dayWeights.reduce((sum, weight) => sum + weight, 0));
  const carries = shops.map(() => 0);
  const nextCustomer = shops.map(() => 0);
  const lastOrderMs = shops.map((shop) => new Float64Array(shop.customerCreatedMs.length).fill(-1));
  const reviews: ReviewDraft[] = [];
  let nextId = 1;

  window.days.forEach((dayMs, dayIndex) => {
    const dayEnd = Math.min(dayMs + DAY_MS, window.endMs);
    const today: OrderRow[] = [];
    shops.forEach((shop, shopIndex) => {
      const expected = (shop.orderCount * (shop.dayWeights[dayIndex] ?? 0)) / (weightTotals[shopIndex] ?? 1);
      const carried = (carries[shopIndex] ?? 0) + expected;
      const count = Math.floor(carried + 1e-9);
      carries[shopIndex] = carried - count;
      const times = Array.from({ length: count }, () => orderTime(dayMs, dayEnd, random)).sort((a, b) => a - b);
      for (const createdMs of times) {
        // Advance past everyone who signed up before this order.
        let available = nextCustomer[shopIndex] ?? 0;
        while (available < shop.customerCreatedMs.length && (shop.customerCreatedMs[available] ?? Infinity) < createdMs) available++;
        nextCustomer[shopIndex] = available;
        const customerIndex = Math.floor(Math.max(1, available) * random.next() ** 1.6);
        const product = pickProduct(shop, createdMs, random);
        today.push(priceOrder(shop, product, shop.firstCustomerId + customerIndex, createdMs, random));
        const last = lastOrderMs[shopIndex];
        if (last !== undefined && (last[customerIndex] ?? -1) < createdMs) last[customerIndex] = createdMs;
        if (random.chance(REVIEW_PROBABILITY)) {
          const reviewMs = createdMs + random.int(1, 21) * DAY_MS + random.int(0, DAY_MS - 1);
          if (reviewMs < window.endMs) reviews.push({ organisationId: shop.organisationId, productId: product.id, userId: shop.firstCustomerId + customerIndex, rating: rating(product, random), createdMs: reviewMs });
        }
      }
    });
    today.sort((a, b) => a.createdMs - b.createdMs);
    for (const order of today) emit({ ...order, id: nextId++ });
  });
  return { orderCount: nextId - 1, lastOrderMs, reviews };
}

function orderTime(dayMs: number, dayEnd: number, random: Random): number {
  if (dayEnd - dayMs < DAY_MS) return dayMs + Math.floor(random.next() * (dayEnd - dayMs));
  return dayMs + hourSampler.sample(random) * 3_600_000 + Math.floor(random.next() * 3_600_000);
}

/** Products launched later than the order are re-drawn; the shop's first product always existed. */
function pickProduct(shop: PlannedShop, createdMs: number, random: Random): PlannedProduct {
  const sampler = shop.productSamplers[new Date(createdMs).getUTCMonth()];
  for (let attempt = 0; sampler !== undefined && attempt < 8; attempt++) {
    const product = sampler.sample(random);
    if (product.createdMs <= createdMs) return product;
  }
  return shop.products[0] as PlannedProduct;
}

function priceOrder(shop: PlannedShop, product: PlannedProduct, userId: number, createdMs: number, random: Random): OrderRow {
  const roll = random.next();
  const quantity = product.price >= 300 ? (roll < 0.95 ? 1 : 2) : roll < 0.7 ? 1 : roll < 0.9 ? 2 : roll < 0.97 ? 3 : 4;
  const subtotal = roundCents(product.price * quantity);
  // Black-Friday month: discounts are twice as common.
  const discountChance = new Date(createdMs).getUTCMonth() === 10 ? 0.45 : 0.2;
  const discount = random.chance(discountChance) ? roundCents(subtotal * random.pick(DISCOUNT_RATES)) : 0;
  const tax = roundCents((subtotal - discount) * shop.catalogue.taxRate);
  return { organisationId: shop.organisationId, id: 0, userId, productId: product.id, subtotal, tax, discount, quantity, createdMs };
}

function rating(product: PlannedProduct, random: Random): number {
  const noise = (random.next() + random.next() + random.next() - 1.5) * 1.4;
  return Math.min(5, Math.max(1, Math.round(product.quality + noise)));
}
