/**
 * What reading a condition carries along (the names in scope, the tenant predicates dropped, the NOT IN
 * links the data must still be asked about), and the reader itself as a type. A file of its own so that
 * conditions.ts and the readers of subqueries it calls (scalar-subquery-condition.ts) share them without
 * importing each other.
 */
import type { Filter, RelatedFilter } from '@askdata/core';
import type { NameScope } from './name-scope';
import type { SqlNode } from './parse-sql';

export interface ConditionContext {
  scope: NameScope;
  /** Tenant predicates the SQL wrote, dropped (for the caller's information). */
  ignored: string[];
  /** NOT IN filters whose subquery's column may hold NULL, for the caller to ask the data (null-links.ts). */
  notInLinks?: RelatedFilter[];
}

/** How a condition is read into filters (conditions.ts filtersOf), for the readers of subqueries it calls. */
export type ReadConditions = (ctx: ConditionContext, condition: SqlNode, allowRelated?: boolean) => Filter[];
