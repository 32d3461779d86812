import type { Owner } from '../store';

/** The where-clause part that makes a record visible only to its exact owner (key, principal, tenant). */
export function ownedBy(owner: Owner): { apiKeyId: string | null; principal: string; tenantKey: string } {
  return { apiKeyId: owner.apiKeyId, principal: owner.principal, tenantKey: owner.tenantKey };
}

export function ownerOf(row: { apiKeyId: string | null; principal: string; tenantKey: string }): Owner {
  return { apiKeyId: row.apiKeyId, principal: row.principal, tenantKey: row.tenantKey };
}
