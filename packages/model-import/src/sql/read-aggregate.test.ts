/** The SQL subset a metric may be written in, and the shapes an askdata measure can take of it. */
import { readAggregate } from './read-aggregate';
import { parseSqlExpression } from './sql-expression';

const shape = (text: string) => {
  const read = readAggregate(text);
  return read.ok ? read.value : read.reason;
};

describe('parseSqlExpression', () => {
  it('reads columns (bare, qualified, quoted), numbers, arithmetic with precedence, calls with DISTINCT and *', () => {
    expect(parseSqlExpression('a + b * 2')).toEqual({ kind: 'binary', op: '+', left: { kind: 'column', name: 'a' }, right: { kind: 'binary', op: '*', left: { kind: 'column', name: 'b' }, right: { kind: 'number', value: 2 } } });
    expect(parseSqlExpression('orders."Net Amount"')).toEqual({ kind: 'column', table: 'orders', name: 'Net Amount' });
    expect(parseSqlExpression('count(distinct x)')).toEqual({ kind: 'call', name: 'COUNT', distinct: true, args: [{ kind: 'column', name: 'x' }] });
    expect(parseSqlExpression('COUNT(*)')).toEqual({ kind: 'call', name: 'COUNT', distinct: false, args: [{ kind: 'star' }] });
  });

  it('names the first construct outside the subset', () => {
    for (const [text, reason] of [["status = 'x'", 'a comparison'], ["'x'", 'a string literal'], ['amount::float', 'a cast (::)'], ['CASE WHEN a THEN b END', 'CASE'], ['db.schema.table.col', 'a name of more than two parts (db.schema...)'], ['SUM(x) OVER ()', 'OVER'], ["{{ Dimension('a') }}", 'a template ({{ }})']] as const) {
      expect(() => parseSqlExpression(text)).toThrow(reason);
    }
  });
});

describe('readAggregate', () => {
  it('reads one aggregate of arithmetic, a row count, a count of distinct values', () => {
    expect(shape('SUM(orders.subtotal - orders.discount)')).toMatchObject({ kind: 'simple', aggregation: 'sum', inner: { kind: 'binary', op: '-' } });
    expect(shape('count(*)')).toEqual({ kind: 'simple', aggregation: 'count' });
    expect(shape('COUNT(1)')).toEqual({ kind: 'simple', aggregation: 'count' });
    expect(shape('COUNT(DISTINCT user_id)')).toEqual({ kind: 'simple', aggregation: 'count_distinct', inner: { kind: 'column', name: 'user_id' } });
    expect(shape('AVERAGE(rating)')).toMatchObject({ aggregation: 'avg' });
  });

  it('reads an aggregate over an aggregate as a ratio, guarded by NULLIF or not', () => {
    expect(shape('SUM(fare) / NULLIF(COUNT(*), 0)')).toEqual({ kind: 'ratio', numerator: { aggregation: 'sum', inner: { kind: 'column', name: 'fare' } }, denominator: { aggregation: 'count' } });
  });

  it('gives the reason for what a measure cannot be', () => {
    expect(shape('amount')).toMatch(/aggregates nothing/);
    expect(shape('SUM(a) + SUM(b)')).toMatch(/arithmetic around aggregates/);
    expect(shape('SUM(a) / SUM(b) * 100')).toMatch(/arithmetic around aggregates/);
    expect(shape('SUM(COALESCE(a, 0))')).toMatch(/COALESCE\(\.\.\.\) is a function/);
    expect(shape('PERCENTILE_CONT(a)')).toMatch(/not an aggregation askdata has/);
    expect(shape('SUM(AVG(a))')).toMatch(/aggregate inside an aggregate/);
    expect(shape('COUNT(DISTINCT a + b)')).toMatch(/only of one column/);
    expect(shape("SUM(CASE WHEN s = 'x' THEN 1 END)")).toMatch(/which askdata cannot carry/);
  });
});
