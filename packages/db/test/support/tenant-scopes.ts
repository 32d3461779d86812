/**
 * TenantScopes for store tests. They are resolved against a single-tenant model, so any context is
 * accepted and kept as sent (the store records `scope.sent`); owners are given to the store separately.
 */
import { resolveTenantScope, type TenantScope } from '@askdata/core';
import { singleTenantFixture } from '@askdata/core/testing';

const model = singleTenantFixture();

export function scopeOf(context: Record<string, unknown>): TenantScope {
  return resolveTenantScope(model, context);
}
