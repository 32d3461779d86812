/**
 * The one statement that sets up each query's read-only transaction: the statement timeout and UTC, and
 * with row-level security on (TENANT_RLS=on) the role and the tenant values too. All are transaction-local
 * set_config calls in one SELECT, so the second lock costs no extra round trip, and every value, the role
 * name included, is a bound parameter. `set_config('role', r, true)` is what `SET LOCAL ROLE r` does; SET
 * takes no parameters, so it would need the name spliced into the text as a quoted identifier.
 */
import { CoreError } from '@askdata/core';

/** What a query under row-level security sets besides the timeout: the role, and askdata.<key> per tenant value. */
export interface TenantLocals {
  role: string;
  settings: Readonly<Record<string, string>>;
}

/** Context keys are model identifiers, which are also valid parts of a PostgreSQL custom setting name. */
const CONTEXT_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The setting a policy reads for one context key: `current_setting('askdata.orgId', true)`. */
export const settingName = (contextKey: string): string => `askdata.${contextKey}`;

export function transactionSettings(timeoutMs: number, tenant?: TenantLocals): { text: string; values: unknown[] } {
  const values: unknown[] = [String(timeoutMs)];
  const calls = ["set_config('statement_timeout', $1, true)", "set_config('TimeZone', 'UTC', true)"];
  const bind = (value: unknown): string => `$${values.push(value)}`;
  if (tenant) {
    calls.push(`set_config('role', ${bind(tenant.role)}, true)`);
    for (const [key, value] of Object.entries(tenant.settings)) {
      if (!CONTEXT_KEY.test(key)) throw new CoreError('SCOPE_VIOLATION', `Context key ${JSON.stringify(key)} cannot name a PostgreSQL setting.`);
      calls.push(`set_config(${bind(settingName(key))}, ${bind(value)}, true)`);
    }
  }
  return { text: `select ${calls.join(', ')}`, values };
}
