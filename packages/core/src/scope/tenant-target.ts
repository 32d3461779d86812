/**
 * The schema or database strategy's half of resolveTenantScope: each context value that fills a template is
 * checked against TENANT_VALUE_PATTERN (a 400 naming the key, before any connection is made) and kept as
 * text, so `1` and `"1"` are one tenant; then the template is filled into the scope's target.
 */
import type { ErrorIssue } from '../errors/core-error';
import type { TenantStrategy } from '../semantic/semantic-model';
import { fillTenantTemplate, TENANT_VALUE_PATTERN } from '../semantic/tenant-template';
import type { ContextValue, TenantTarget } from './tenant-scope';

/** PostgreSQL cuts longer identifiers to 63 bytes, which could make two tenants' schema names one (names here are ASCII). */
const MAX_SCHEMA_NAME = 63;

export type TemplateValue = { ok: true; value: string } | { ok: false; message: string };

/** A context value that names a schema or database: text of 1-64 letters, digits, "_" or "-". */
export function templateValue(raw: unknown, strategy: TenantStrategy): TemplateValue {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : undefined;
  if (text === undefined || !TENANT_VALUE_PATTERN.test(text)) {
    return { ok: false, message: `must be 1 to 64 letters, digits, "_" or "-" (it names the tenant's ${strategy.kind})` };
  }
  return { ok: true, value: text };
}

/** The filled template, or the issues that keep it from naming a schema (too long for PostgreSQL). */
export function tenantTarget(strategy: TenantStrategy, applied: Readonly<Record<string, ContextValue>>): { target: TenantTarget } | { issues: ErrorIssue[] } {
  const values = Object.fromEntries(Object.entries(applied).map(([key, value]) => [key, String(value)]));
  const name = fillTenantTemplate(strategy.template, values);
  if (strategy.kind === 'database') return { target: Object.freeze({ kind: 'database', url: name }) };
  if (name.length > MAX_SCHEMA_NAME) {
    const keys = [...new Set(strategy.template.parts.flatMap((part) => ('key' in part ? [part.key] : [])))];
    return { issues: keys.map((key) => ({ path: `context.${key}`, message: `is too long: the schema name would exceed PostgreSQL's ${MAX_SCHEMA_NAME} characters` })) };
  }
  return { target: Object.freeze({ kind: 'schema', schema: name }) };
}
