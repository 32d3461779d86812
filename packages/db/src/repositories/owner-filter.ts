import type { TenantScope } from '@askdata/core';
import type { Owner } from '../store';

/** The owner of what a caller (API key, principal) does under its tenant scope: the one place the store's tenant key is taken from. */
export function ownerFor(principal: Pick<Owner, 'apiKeyId' | 'principal'>, scope: TenantScope): Owner {
  return { apiKeyId: principal.apiKeyId, principal: principal.principal, tenantKey: scope.key };
}

/** The where-clause part that makes a record visible only to its exact owner (key, principal, tenant). */
export function ownedBy(owner: Owner): { apiKeyId: string | null; principal: string; tenantKey: string } {
  return { apiKeyId: owner.apiKeyId, principal: owner.principal, tenantKey: owner.tenantKey };
}

export function ownerOf(row: { apiKeyId: string | null; principal: string; tenantKey: string }): Owner {
  return { apiKeyId: row.apiKeyId, principal: row.principal, tenantKey: row.tenantKey };
}
