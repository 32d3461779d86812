/** A plan with a hostile value in every kind of leaf `any` and `not` hold, for the SQL-injection suite. */
import type { QueryPlanInput } from '@askdata/core';

export function booleanInjectionPlan(value: string): QueryPlanInput {
  const users = (field: string) => ({ entity: 'users', field });
  return {
    kind: 'list', entity: 'users', fields: [users('name')],
    filters: [
      {
        op: 'any',
        of: [
          [{ op: 'eq', field: users('city'), value }],
          [{ op: 'related', field: users('id'), entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value }], count: { op: 'gt', value: 0 } }],
        ],
      },
      { op: 'not', of: [{ op: 'contains', field: users('name'), value }, { op: 'related', field: users('id'), entity: 'reviews', via: 'user_id', where: [{ op: 'neq', field: { entity: 'reviews', field: 'comment' }, value }], count: { op: 'eq', value: 0 } }] },
    ],
  };
}
