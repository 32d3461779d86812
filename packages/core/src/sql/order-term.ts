/**
 * One ORDER BY term with NULLs last, whatever the direction. Most engines say so with `nulls last`;
 * a dialect whose SQL has no such clause (MySQL, MariaDB) brings its own spelling as `orderNullsLast`.
 */
import { sql } from 'kysely';
import type { DialectHooks, Sql } from './dialect-hooks';

export type OrderDirection = 'asc' | 'desc';

export function orderNullsLast(hooks: Pick<DialectHooks, 'orderNullsLast'>, expression: Sql, direction: OrderDirection, value?: Sql): Sql {
  return hooks.orderNullsLast ? hooks.orderNullsLast(expression, direction, value) : sql`${expression} ${sql.raw(direction)} nulls last`;
}
