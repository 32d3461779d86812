/**
 * The sharded benchmark's data: six tenants of unequal sizes, two per shard, their id ranges and which
 * shard holds them. Everything follows from the order count, so two runs with the same count build the
 * same rows on every engine (no random(): every value is arithmetic on the row number).
 */

export interface TenantRange {
  organisationId: number;
  /** Share of all orders. */
  weight: number;
  /** Index of the shard holding this tenant's facts (0-based). */
  shard: number;
  orders: { first: number; last: number };
  users: { first: number; last: number };
  products: { first: number; last: number };
}

export interface ShardLayout {
  orders: number;
  users: number;
  products: number;
  shards: number;
  tenants: TenantRange[];
}

/**
 * Tenant 1 is the largest (30 % of orders), tenant 6 the smallest (5 %), and they sit on different shards,
 * so the plans show each pruned to its own shard. The shards hold 38, 27 and 35 % of the orders: uneven,
 * as shards of tenants of unequal size are.
 */
const TENANTS: readonly { weight: number; shard: number }[] = [
  { weight: 0.3, shard: 0 },
  { weight: 0.22, shard: 1 },
  { weight: 0.2, shard: 2 },
  { weight: 0.15, shard: 2 },
  { weight: 0.08, shard: 0 },
  { weight: 0.05, shard: 1 },
];
export const SHARD_COUNT = 3;
/** One customer per 40 orders and one product per 2,000 (at least 20 per tenant): the demo's proportions, roughly. */
const ORDERS_PER_USER = 40;
const ORDERS_PER_PRODUCT = 2_000;

/** Contiguous id blocks per tenant: [first, last], the last block ending exactly at `total`. */
function blocks(total: number, minimum: number): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  let next = 1;
  TENANTS.forEach((tenant, index) => {
    const size = index === TENANTS.length - 1 ? Math.max(minimum, total - next + 1) : Math.max(minimum, Math.round(total * tenant.weight));
    out.push({ first: next, last: next + size - 1 });
    next += size;
  });
  return out;
}

export function shardLayout(orders: number): ShardLayout {
  const orderBlocks = blocks(orders, 1);
  const userBlocks = blocks(Math.ceil(orders / ORDERS_PER_USER), 20);
  const productBlocks = blocks(Math.ceil(orders / ORDERS_PER_PRODUCT), 20);
  const tenants = TENANTS.map((tenant, index) => ({
    organisationId: index + 1,
    weight: tenant.weight,
    shard: tenant.shard,
    orders: orderBlocks[index]!,
    users: userBlocks[index]!,
    products: productBlocks[index]!,
  }));
  const last = (b: { first: number; last: number }[]): number => b.at(-1)!.last;
  return { orders: last(orderBlocks), users: last(userBlocks), products: last(productBlocks), shards: SHARD_COUNT, tenants };
}

export const tenantsOfShard = (layout: ShardLayout, shard: number): TenantRange[] => layout.tenants.filter((t) => t.shard === shard);
export const rowCount = (range: { first: number; last: number }): number => range.last - range.first + 1;

/** The benchmark asks as the smallest and the largest tenant. */
export function benchTenants(layout: ShardLayout): { label: 'small' | 'large'; tenant: TenantRange }[] {
  const bySize = [...layout.tenants].sort((a, b) => a.weight - b.weight);
  return [
    { label: 'small', tenant: bySize[0]! },
    { label: 'large', tenant: bySize.at(-1)! },
  ];
}
