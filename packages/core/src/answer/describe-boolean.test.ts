/** `any` and `not` in words: the grouping visible, and what NOT does with a missing value said plainly. */
import { queryPlanSchema, type Filter } from '../plan/query-plan';
import { demoModel as loadDemoModel } from '../../test/support/demo-model';
import { describePlan } from './describe-plan';

const model = loadDemoModel();
const users = (field: string) => ({ entity: 'users', field });
const phrases = (entity: string, filters: Filter[]): string[] =>
  describePlan(queryPlanSchema.parse({ kind: 'list', entity, fields: [{ entity, field: 'id' }], filters }), model).filters;
const ordered = { op: 'related', field: users('id'), entity: 'orders', via: 'user_id', where: [], count: { op: 'gt', value: 0 } } as const satisfies Filter;

describe('describing any / not', () => {
  it('says an OR between conditions on different columns, each group in brackets when it has several', () => {
    expect(phrases('orders', [{ op: 'any', of: [[{ op: 'eq', field: users('city'), value: 'Oslo' }], [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 2000 }, { op: 'lt', field: { entity: 'orders', field: 'quantity' }, value: 3 }]] }]))
      .toEqual(['where city is Oslo or (subtotal is above $2,000 and quantity is below 3)']);
  });

  it('says either of two related conditions as each would be said alone', () => {
    expect(phrases('users', [{ op: 'any', of: [[ordered], [{ op: 'eq', field: users('city'), value: 'Oslo' }]] }])).toEqual(['where has orders or city is Oslo']);
  });

  it('says a NOT of one plain condition the other way round, and that rows with no value are left out', () => {
    expect(phrases('users', [{ op: 'not', of: [{ op: 'eq', field: users('city'), value: 'Oslo' }] }])).toEqual(['where city is not Oslo, leaving out those with no city']);
    // is_null is never unknown: nothing is left out beyond what the words say.
    expect(phrases('users', [{ op: 'not', of: [{ op: 'is_null', field: users('city') }] }])).toEqual(['where city is set']);
  });

  it('says a NOT of a related condition as "without", and a NOT of several as not (...)', () => {
    expect(phrases('users', [{ op: 'not', of: [ordered] }])).toEqual(['without any orders']);
    expect(phrases('users', [{ op: 'not', of: [ordered, { op: 'eq', field: users('city'), value: 'Oslo' }] }])).toEqual(['where not (has orders and city is Oslo); rows with no city may be left out']);
  });
});
