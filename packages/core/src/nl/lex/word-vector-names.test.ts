import type { ColumnInfo, ForeignKeyInfo, TableInfo } from '../../datasource/data-source';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { wordVectors } from '../../lexical/word-vectors';
import { createRulesPlanner } from '../rules-planner';
import { createValueIndex } from './value-index';
import { NOW } from '../../../test/support/demo-model';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, key: string, columns: ColumnInfo[], foreignKeys: ForeignKeyInfo[] = [], comment?: string): TableInfo => ({ name, columns: [column(key, 'integer', true), ...columns], foreignKeys, ...(comment === undefined ? {} : { comment }) });

function plannerOver(tables: TableInfo[]) {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }), minAnswerConfidence: 0, valueIndex: createValueIndex([]) });
  return (question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
}

const shop = plannerOver([
  table('customers', 'customer_id', [column('email', 'string'), column('phone', 'string')]),
  table('orders', 'order_id', [column('order_date', 'date'), column('cost', 'number'), column('customer_id', 'integer')], [{ column: 'customer_id', referencedTable: 'customers', referencedColumn: 'customer_id' }]),
]);

describe('names.word-vector: a word the lexicon does not know, read as the schema name nearest in meaning', () => {
  it('reads "guests" as the customers, with the cosine and the next best name in the trace', () => {
    const outcome = shop('how many guests are there');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind}: ${outcome.message}`);
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'customers' });
    const entry = outcome.trace?.find((t) => t.rule === 'names.word-vector');
    expect(entry?.reason).toMatch(/^"guests" read as "customer" by word vectors \(cosine 0\.\d\d; next best "\w+" 0\.\d\d\)$/);
  });

  it('costs the reading confidence: the same question in the schema\'s own word is surer', () => {
    const byVector = shop('how many guests are there');
    const byName = shop('how many customers are there');
    if (byVector.kind !== 'plan' || byName.kind !== 'plan') throw new Error('expected two plans');
    expect(byVector.confidence).toBeLessThan(byName.confidence);
  });

  it('never reads a neighbour or an opposite as the name: suppliers are not customers, revenue is not cost', () => {
    // The vectors themselves put these near: what the rule must not trust.
    expect(wordVectors().similarity('suppliers', 'customers')).toBeGreaterThan(0.65);
    expect(wordVectors().similarity('revenue', 'cost')).toBeGreaterThan(0.7);
    expect(shop('how many suppliers are there').kind).toBe('decline');
    expect(shop('total revenue by customer').kind).toBe('decline');
  });

  it('never stands in for an aggregate or a comparison word ("maximum" and "minimum" are 0.84 apart)', () => {
    expect(wordVectors().similarity('maximum', 'minimum')).toBeGreaterThan(0.8);
    const hotel = plannerOver([table('reservations', 'reservation_id', [column('adults', 'integer'), column('rate', 'number')])]);
    // "children" is near "adults" (0.66) and no kind of adult.
    expect(hotel('how many children stayed').kind).toBe('decline');
    const outcome = hotel('what is the peak rate');
    expect(outcome.trace?.some((t) => t.rule === 'names.word-vector') ?? false).toBe(false);
  });

  it('does not read a verb of the question as a noun of the schema ("sell" -> sale)', () => {
    const sales = plannerOver([table('sales', 'sale_id', [column('sale_date', 'date'), column('amount', 'number')])]);
    const outcome = sales('which products do we sell');
    expect(outcome.trace?.some((t) => t.rule === 'names.word-vector') ?? false).toBe(false);
  });

  it('takes the schema\'s comments as evidence: "guests" are the members a comment says stayed as guests', () => {
    const members = (comment?: string) => plannerOver([table('members', 'member_id', [column('joined_on', 'date')], [], comment), table('rooms', 'room_id', [column('beds', 'integer')])]);
    const outcome = members('Everyone who has stayed with us as a guest')('how many guests are there');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind}: ${outcome.message}`);
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'members' });
    expect(outcome.trace?.find((t) => t.rule === 'names.word-vector')?.reason).toMatch(/^"guests" read as "guest" by word vectors \(cosine 1\.00/);
    // Without the comment nothing says a guest is a member.
    expect(members()('how many guests are there').kind).toBe('decline');
  });
});
