import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[], foreignKeys: TableInfo['foreignKeys'] = []): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys });
const options = { tenancy: 'none', source: 'fixture' } as const;

const orders = table('orders', [column('order_date', 'datetime'), column('shipping_method_code', 'string')]);

describe('roles.lookup-name: the firm that carries the goods answers to "carrier" and "courier"', () => {
  it('names a shipping method column "carrier", with the evidence, and groups orders by it', () => {
    expect(modelFromSchema([orders], options).entities.orders?.fields.shipping_method_code?.synonyms).toEqual(expect.arrayContaining(['carrier', 'courier', 'shipping carrier']));
    expect(modelFileFromSchema([orders], options).readings).toContainEqual(expect.objectContaining({ rule: 'roles.lookup-name', entity: 'orders', field: 'shipping_method_code', confidence: 0.7 }));
    const planner = createRulesPlanner({ model: modelFromSchema([orders], options), valueIndex: createValueIndex([]) });
    const outcome = planner.planSync({ question: 'How many orders went out with each shipping carrier?', history: [], now: new Date('2026-06-01T00:00:00Z'), timezone: 'UTC' });
    expect(outcome.kind).toBe('plan');
    if (outcome.kind === 'plan') expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'orders', dimensions: [{ field: { entity: 'orders', field: 'shipping_method_code' } }] });
  });

  it('names a shippers table, and not the key that points at it', () => {
    const shippers = table('shippers', [column('company_name', 'string')]);
    const withKey = table('orders', [column('ship_via', 'integer')], [{ column: 'ship_via', referencedTable: 'shippers', referencedColumn: 'shippers_id' }]);
    const model = modelFromSchema([shippers, withKey], options);
    expect(model.entities.shippers?.synonyms).toEqual(expect.arrayContaining(['carrier', 'courier']));
    expect(model.entities.orders?.fields.ship_via?.synonyms ?? []).not.toContain('carrier');
  });

  it('calls a phone\'s carrier no courier, and names nothing where two columns could be the carrier', () => {
    expect(modelFromSchema([table('phones', [column('carrier', 'string')])], options).entities.phones?.fields.carrier?.synonyms ?? []).not.toContain('courier');
    const returns = table('returns', [column('shipping_method_code', 'string')]);
    expect(modelFileFromSchema([orders, returns], options).readings.filter((r) => r.rule === 'roles.lookup-name')).toEqual([]);
  });
});
