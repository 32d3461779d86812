/** The same answers on the real demo model file, so the in-code fixture cannot drift from it unnoticed. */
import { join } from 'node:path';
import { loadModelFile } from '../semantic/load-model-file';
import { plan, category, created, in2025, lastMonth, revenue, orderCount } from '../../test/support/answer-plans';
import { shapeAnswer } from './shape-answer';

const model = loadModelFile(join(__dirname, '../../../demo-data/model/demo-model.yaml'));
const shapeReal = (p: ReturnType<typeof plan>, rows: Record<string, unknown>[]) => shapeAnswer({ plan: p, rows, truncated: false, model, maxRows: 1000 });

describe('answers on the real demo model', () => {
  it('text with a named product', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [orderCount], filters: [{ op: 'eq', field: { entity: 'products', field: 'title' }, value: 'Apple Watch' }], timeRange: in2025 });
    expect(shapeReal(p, [{ m0: 312 }]).message).toBe('Apple Watch had 312 orders in 2025.');
  });

  it('bar chart with currency axis', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], timeRange: { ...in2025, label: 'last 12 months' } });
    const answer = shapeReal(p, [{ d0: 'Laptop', m0: 3 }, { d0: 'Audio', m0: 1 }]);
    expect(answer.chart).toMatchObject({ title: 'Revenue by category, last 12 months', xLabel: 'Category', yLabel: 'Revenue (USD)' });
  });

  it('list with ids as plain text and money formatted', () => {
    const p = plan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }, { entity: 'orders', field: 'subtotal' }, created], timeRange: lastMonth });
    const answer = shapeReal(p, [{ id: 10234, subtotal: 1299, created_at: '2026-10-30' }]);
    expect(answer.table?.displayRows[0]).toEqual(['10234', '$1,299.00', '30 Oct 2026']);
    expect(answer.message).toBe('Here is 1 order last month.');
  });

  it('ratings to two decimals', () => {
    const p = plan({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'model', entity: 'reviews', measure: 'average_rating' }] });
    expect(shapeReal(p, [{ m0: '4.2137' }]).message).toBe('The average rating was 4.21.');
  });
});
