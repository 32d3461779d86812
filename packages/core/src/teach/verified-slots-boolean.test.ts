/** The values inside `any` / `not` get no slot: only the same question, values and all, reuses such a plan. */
import { queryPlanSchema } from '../plan/query-plan';
import { planValues } from '../plan/plan-values';
import { valueSites } from './verified-slots';

const plan = queryPlanSchema.parse({
  kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }],
  filters: [
    { op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Oslo' },
    { op: 'any', of: [[{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Bergen' }], [{ op: 'gt', field: { entity: 'users', field: 'id' }, value: 9 }]] },
    { op: 'not', of: [{ op: 'contains', field: { entity: 'users', field: 'name' }, value: 'Ann' }] },
  ],
});

describe('values inside any / not', () => {
  it('are no slots of a verified question', () => {
    expect(valueSites(plan).map((site) => site.value)).toEqual(['Oslo']);
  });

  it('are still values the plan carries, each at its own path', () => {
    expect(planValues(plan).map((v) => [v.path, v.value])).toEqual([
      ['filters[0].value', 'Oslo'],
      ['filters[1].of[0][0].value', 'Bergen'],
      ['filters[1].of[1][0].value', 9],
      ['filters[2].of[0].value', 'Ann'],
    ]);
  });
});
