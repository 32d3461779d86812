import type { ColumnInfo, TableInfo } from '../../datasource/data-source';
import type { IndexedValue } from '../../semantic/value-index';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { createRulesPlanner } from '../rules-planner';
import { createValueIndex } from './value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });

/** The filters the planner puts on a plain count of `question`, or the kind of outcome when there is no plan. */
function filtersOf(tables: TableInfo[], values: IndexedValue[], question: string): unknown {
  const model = modelFromSchema(tables, { tenancy: 'none', source: 'fixture' });
  const planner = createRulesPlanner({ model, valueIndex: createValueIndex(values) });
  const outcome = planner.planSync({ question, history: [], now: new Date('2026-06-15T12:00:00Z'), timezone: 'UTC' });
  return outcome.kind === 'plan' ? outcome.plan.filters : outcome.kind;
}

const orders = [table('orders', [column('order_status_code', 'string'), column('order_details', 'string')])];
const status = (value: string): IndexedValue => ({ entity: 'orders', field: 'order_status_code', value });

describe('state values: a status named by another form of its word', () => {
  it('reads "cancelled" as the status "Cancel" and "successful" as "Success"', () => {
    const values = [status('Cancel'), status('Success')];
    expect(filtersOf(orders, values, 'How many orders were cancelled?')).toEqual([{ op: 'eq', field: { entity: 'orders', field: 'order_status_code' }, value: 'Cancel' }]);
    expect(filtersOf(orders, values, 'How many successful orders are there?')).toEqual([{ op: 'eq', field: { entity: 'orders', field: 'order_status_code' }, value: 'Success' }]);
  });

  it('reads "delivered" as the noun of the verb ("Delivery") in a stage column', () => {
    const shipments = [table('shipments', [column('delivery_stage', 'string')])];
    expect(filtersOf(shipments, [{ entity: 'shipments', field: 'delivery_stage', value: 'Delivery' }], 'How many shipments were delivered?')).toEqual([{ op: 'eq', field: { entity: 'shipments', field: 'delivery_stage' }, value: 'Delivery' }]);
  });

  it('never takes another form of the word in a column that is not a state', () => {
    // "ordered" is not the outcome "Order" of a type column: only a state column's values are states.
    const mail = [table('orders', [column('order_type_code', 'string')])];
    expect(filtersOf(mail, [{ entity: 'orders', field: 'order_type_code', value: 'Cancel' }], 'How many orders were cancelled?')).not.toEqual(expect.arrayContaining([expect.objectContaining({ value: 'Cancel' })]));
  });
});
