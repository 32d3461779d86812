/**
 * "The rows with the top figure, ties included" written without window functions (`SELECT cols FROM (Q)
 * WHERE k IS (SELECT k FROM (Q) ORDER BY k DESC LIMIT 1)`) read as Q ranked by its figure, limit 1, with
 * ties; and what looks like it but is not refused by name. Every accepted plan passes validation too.
 */
import { plan, refusal } from './support/demo-model-import';

const topOf = (inner: string, outer: string, { op = 'IS', direction = 'DESC', other = inner } = {}): string =>
  `SELECT ${outer} FROM (${inner}) WHERE k ${op} (SELECT k FROM (${other}) ORDER BY k ${direction} LIMIT 1)`;
const byCity = 'SELECT city, (count(*)) AS k FROM users GROUP BY city';

describe('sqlToPlan: the rows with the top figure, ties included', () => {
  it('reads the city with the most customers as a count by city, top 1 with its ties', () => {
    expect(plan(topOf(byCity, 'city'))).toMatchObject({
      kind: 'aggregate', entity: 'users', measures: [{}], dimensions: [{ field: { entity: 'users', field: 'city' } }],
      orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 1, ties: true,
    });
  });

  it('reads "=" like "IS", the fewest (ASC) too, and a figure of qualified columns over a join', () => {
    expect(plan(topOf(byCity, 'city', { op: '=', direction: 'ASC' }))).toMatchObject({ orderBy: [{ direction: 'asc' }], limit: 1, ties: true });
    const joined = 'SELECT T1.title, (count(*)) AS k FROM products AS T1 JOIN orders AS T2 ON T1.id = T2.product_id GROUP BY T1.id';
    expect(plan(topOf(joined, 'title'))).toMatchObject({ kind: 'aggregate', entity: 'orders', limit: 1, ties: true });
  });

  it('is not the idiom, and reads as before, when the two subqueries differ or the cut is not one row', () => {
    const other = 'SELECT city, (count(*)) AS k FROM users WHERE city IS NOT NULL GROUP BY city';
    expect(refusal(topOf(byCity, 'city', { other })).message).not.toMatch(/top figure/);
    expect(refusal(topOf(byCity, 'city').replace('LIMIT 1', 'LIMIT 2')).message).not.toMatch(/top figure/);
  });

  it('refuses by name a top by a figure that may be NULL, other columns around it, or an order inside', () => {
    expect(refusal(topOf('SELECT title, (price) AS k FROM products', 'title')).message).toMatch(/a figure that may be NULL/);
    expect(refusal(topOf(byCity, 'k')).message).toMatch(/other than those they show/);
    expect(refusal(topOf(`${byCity} ORDER BY city`, 'city', { other: `${byCity} ORDER BY city` })).message).toMatch(/ORDER BY, LIMIT or a set operation inside/);
    expect(refusal(`${topOf(byCity, 'city')} ORDER BY city`).message).toMatch(/a grouping or order around/);
  });
});
