/**
 * Texting spellings ("hw many orders r there") are read as the words they stand for, but only where the
 * word is otherwise unknown: a value or a column spelt "r" keeps its meaning.
 */
import type { ColumnInfo, TableInfo } from '../../datasource/data-source';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { createRulesPlanner } from '../rules-planner';
import { NOW } from '../../../test/support/demo-model';
import { summarise } from '../../../test/support/summarise';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const orders: TableInfo = { name: 'orders', columns: [column('order_id', 'integer', true), column('placed_on', 'date'), column('amount', 'number')], foreignKeys: [] };
const films: TableInfo = { name: 'films', columns: [column('film_id', 'integer', true), column('title', 'string'), column('r', 'integer')], foreignKeys: [] };
const askOn = (tables: TableInfo[]) => {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }), minAnswerConfidence: 0 });
  return (question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
};

describe('texting spellings', () => {
  it('reads "hw" and "r" as "how" and "are" where nothing else explains them', () => {
    const outcome = askOn([orders])('hw many orders r there');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind} ${'message' in outcome ? outcome.message : ''}`);
    expect(summarise(outcome.plan).measures).toEqual(['order_count']);
  });

  it('leaves a column spelt like a texting word alone', () => {
    const outcome = askOn([orders, films])('average r of films');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind} ${'message' in outcome ? outcome.message : ''}`);
    expect(summarise(outcome.plan).measures).toEqual(['avg(films.r)']);
  });
});
