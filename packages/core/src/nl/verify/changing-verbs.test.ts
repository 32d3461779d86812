import type { ColumnInfo, TableInfo } from '../../datasource/data-source';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { createRulesPlanner } from '../rules-planner';
import { createValueIndex } from '../lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const orders: TableInfo = { name: 'orders', columns: [column('order_id', 'integer', true), column('shipping_method_code', 'string'), column('order_details', 'string')], foreignKeys: [] };
const model = modelFromSchema([orders], { tenancy: 'none', source: 'fixture' });
const planner = createRulesPlanner({ model, valueIndex: createValueIndex([{ entity: 'orders', field: 'shipping_method_code', value: 'FedEx' }]) });
const ask = (question: string) => planner.planSync({ question, history: [], now: new Date('2026-06-15T12:00:00Z'), timezone: 'UTC' });

describe('a verb that changes a row (ship, return, cancel) is told only by a condition on a column it names', () => {
  it('"shipped with FedEx" is told by a shipping method of FedEx', () => {
    const outcome = ask('How many orders were shipped with FedEx?');
    expect(outcome.kind === 'plan' ? outcome.plan.filters : outcome.kind).toEqual([{ op: 'eq', field: { entity: 'orders', field: 'shipping_method_code' }, value: 'FedEx' }]);
  });

  it('"returned with FedEx" is not: the plan says nothing of a return', () => {
    expect(ask('How many orders were returned with FedEx?').kind).toBe('decline');
  });
});
