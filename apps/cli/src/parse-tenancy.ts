/**
 * `--tenancy none | contextKey=column`, as `model:scaffold` and `model import` ask for it: tenancy is always
 * stated, never assumed.
 */
import type { IntrospectionTenancy } from '@askdata/core';

export class UsageError extends Error {}

export function parseTenancy(text: string | undefined): IntrospectionTenancy {
  if (text === undefined) throw new UsageError('--tenancy is required: say "none" for single-tenant data, or map a context key to a column, e.g. --tenancy orgId=organisation_id');
  if (text === 'none') return 'none';
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) throw new UsageError(`--tenancy must be "none" or contextKey=column (e.g. orgId=organisation_id), got "${text}"`);
  return { contextKey: match[1], column: match[2] };
}
