/**
 * "How much" asks for money, never for a count of rows: "how much have we invoiced" is the invoices' one
 * amount summed, and where the rows record no such amount the question is declined, not counted.
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFromSchema } from '../semantic/model-from-schema';
import { createRulesPlanner } from './rules-planner';
import { NOW } from '../../test/support/demo-model';
import { summarise } from '../../test/support/summarise';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const tables: TableInfo[] = [
  { name: 'invoices', columns: [column('invoice_id', 'integer', true), column('issued_on', 'date'), column('amount', 'number')], foreignKeys: [] },
  { name: 'products', columns: [column('product_id', 'integer', true), column('name', 'string'), column('unit_price', 'number')], foreignKeys: [] },
];
const planner = createRulesPlanner({ model: modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }), minAnswerConfidence: 0 });
const ask = (question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });

describe('"how much" of a table: its one amount, never its count', () => {
  it('sums the one amount the rows record', () => {
    const outcome = ask('how much have we invoiced in total');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind} ${outcome.message}`);
    expect(summarise(outcome.plan).measures).toEqual(['sum(invoices.amount)']);
  });

  it('declines where the only money is a price: a price per unit does not add up to anything', () => {
    const products = ask('how much were the products');
    expect(products.kind === 'plan' && summarise(products.plan).measures.includes('product_count')).toBe(false);
  });
});
