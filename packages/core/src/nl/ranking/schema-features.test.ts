import { salesModel } from '../../../test/support/sales-model';
import type { QueryPlan } from '../../plan/query-plan';
import { schemaFeatures } from './schema-features';

describe('the schema facts of the columns a plan reads', () => {
  const model = salesModel();
  const grouped = (field: { entity: string; field: string }): QueryPlan => ({
    kind: 'aggregate',
    entity: 'sales',
    measures: [{ kind: 'aggregate', aggregation: 'sum', field: { entity: 'sales', field: 'sale_price' } }],
    dimensions: [{ field }],
    filters: [{ op: 'eq', field: { entity: 'customers', field: 'state' }, value: 'California' }],
    having: [],
    orderBy: [],
    ties: false,
    presentation: 'auto',
  });

  it('names each use of a field with its type, role, and whether it is a key, a foreign key or an amount', () => {
    const byForeignKey = schemaFeatures(grouped({ entity: 'sales', field: 'customer_id' }), model);
    expect(byForeignKey).toEqual(expect.arrayContaining(['field:group:type-integer', 'field:group:foreign-key', 'field:aggregate:type-number', 'field:filter:type-string']));
    expect(byForeignKey).not.toContain('field:group:key');
    const byKey = schemaFeatures(grouped({ entity: 'customers', field: 'id' }), model);
    expect(byKey).toEqual(expect.arrayContaining(['field:group:key']));
    expect(byKey).not.toContain('field:group:foreign-key');
  });

  it('says nothing of a field the model does not have', () => {
    expect(schemaFeatures(grouped({ entity: 'customers', field: 'constructor' }), model).filter((f) => f.startsWith('field:group:'))).toEqual([]);
  });
});
