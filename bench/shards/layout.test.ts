/** The sharded benchmark's rows: every id block is contiguous and complete, tenants differ in size, shards stay near a third each. */
import { benchTenants, rowCount, shardLayout, tenantsOfShard, SHARD_COUNT } from './layout';
import { parseOrderCount } from '../shards-run';
import { svgBarChart } from '../lib/svg-bar-chart';

describe('shardLayout', () => {
  it.each([1_000, 100_000, 20_000_000])('splits %i orders, their customers and products into six contiguous tenant blocks', (orders) => {
    const layout = shardLayout(orders);
    expect(layout.orders).toBe(orders);
    for (const key of ['orders', 'users', 'products'] as const) {
      const ranges = layout.tenants.map((t) => t[key]);
      expect(ranges[0]!.first).toBe(1);
      ranges.slice(1).forEach((range, i) => expect(range.first).toBe(ranges[i]!.last + 1));
      expect(ranges.at(-1)!.last).toBe(layout[key]);
      ranges.forEach((range) => expect(rowCount(range)).toBeGreaterThan(0));
    }
  });

  it('places two tenants on each of three shards, each shard within 7 points of a third of the orders', () => {
    const layout = shardLayout(20_000_000);
    for (let shard = 0; shard < SHARD_COUNT; shard += 1) {
      const tenants = tenantsOfShard(layout, shard);
      expect(tenants).toHaveLength(2);
      const share = tenants.reduce((sum, t) => sum + rowCount(t.orders), 0) / layout.orders;
      expect(Math.abs(share - 1 / 3)).toBeLessThan(0.07);
    }
  });

  it('asks as the smallest and the largest tenant, five times apart and on different shards', () => {
    const [small, large] = benchTenants(shardLayout(20_000_000));
    expect(rowCount(large!.tenant.orders) / rowCount(small!.tenant.orders)).toBeGreaterThanOrEqual(5);
    expect(small!.tenant.shard).not.toBe(large!.tenant.shard);
  });
});

describe('parseOrderCount', () => {
  it('reads 20m, 500k and plain counts, and refuses anything else', () => {
    expect(parseOrderCount('20m')).toBe(20_000_000);
    expect(parseOrderCount('2.5M')).toBe(2_500_000);
    expect(parseOrderCount('500k')).toBe(500_000);
    expect(parseOrderCount('12345')).toBe(12_345);
    expect(() => parseOrderCount('lots')).toThrow(/order count/);
    expect(() => parseOrderCount('10')).toThrow(/at least 1000/);
  });
});

describe('svgBarChart', () => {
  it('draws one bar per finite value, taller for larger values, on a log axis covering them', () => {
    const svg = svgBarChart({ title: 'T <1>', xLabels: ['a\nsmall', 'b'], xTitle: 'x', yLabel: 'ms', series: [{ name: 'one', color: '#111', values: [1, 1000] }, { name: 'two', color: '#222', values: [Number.NaN, 10] }] });
    const bars = [...svg.matchAll(/<rect x="[^"]*" y="[^"]*" width="[^"]*" height="([^"]*)" fill="#(111|222)"\/>/g)];
    const heights = bars.map((m) => Number(m[1]));
    expect(heights).toHaveLength(3 + 2); // three bars and two legend swatches
    expect(heights[1]).toBeGreaterThan(heights[0]!);
    expect(svg).toContain('T &lt;1&gt;');
    expect(svg).toContain('1000 ms');
    expect(svg).toContain('>small</text>');
  });
});
