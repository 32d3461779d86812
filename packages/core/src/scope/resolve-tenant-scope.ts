/**
 * The edge of every request: the caller's context, checked against the model's tenancy once and turned into
 * the TenantScope every later step takes. It runs before anything else, so a missing `orgId` is a 400 even
 * for a question the planner would decline. Values are normalised to the type of the
 * columns they scope (an `orgId` of "1" scopes an integer column as 1; "abc" is refused there rather than
 * reaching the database). Keys the model does not declare are recorded and never applied. With the schema
 * or database strategy the values name the tenant's schema or database instead (tenant-target.ts): checked
 * here, before any connection, and carried on the scope as its target.
 */
import { CoreError, type ErrorIssue } from '../errors/core-error';
import { publishTenantScopeResolved } from '../events/pipeline-events';
import type { FieldType } from '../semantic/model-schema';
import type { SemanticModel } from '../semantic/semantic-model';
import { recordTenantScope, type ContextValue, type TenantScope, type TenantTarget } from './tenant-scope';
import { templateValue, tenantTarget } from './tenant-target';

export function resolveTenantScope(model: SemanticModel, context: Record<string, unknown>): TenantScope {
  const declared = model.tenancy.mode === 'context' ? model.tenancy.keys : {};
  const strategy = model.tenancy.mode === 'context' ? model.tenancy.strategy : undefined;
  const ignored = Object.keys(context).filter((key) => !Object.hasOwn(declared, key)).sort();
  const applied: Record<string, ContextValue> = {};
  const missing: ErrorIssue[] = [];
  const invalid: ErrorIssue[] = [];
  for (const [key, { required }] of Object.entries(declared)) {
    const raw = Object.hasOwn(context, key) ? context[key] : undefined;
    const path = `context.${key}`;
    if (isAbsent(raw)) {
      if (required) missing.push({ path, message: raw === undefined ? 'is required' : 'must not be null or empty' });
      continue;
    }
    const result = strategy === undefined ? normalise(raw, columnTypes(model, key)) : templateValue(raw, strategy);
    if (result.ok) applied[key] = result.value;
    else invalid.push({ path, message: result.message });
  }
  let target: TenantTarget | undefined;
  if (strategy !== undefined && missing.length === 0 && invalid.length === 0) {
    const filled = tenantTarget(strategy, applied);
    if ('issues' in filled) invalid.push(...filled.issues);
    else target = filled.target;
  }
  if (missing.length > 0 || invalid.length > 0) {
    const issues = [...missing, ...invalid];
    const code = missing.length > 0 ? 'CONTEXT_MISSING' : 'CONTEXT_INVALID';
    const detail = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
    throw new CoreError(code, `The request context cannot scope this query: ${detail}`, { issues, details: { keys: issues.map((i) => i.path.slice('context.'.length)) } });
  }
  publishTenantScopeResolved({ appliedKeys: Object.keys(applied).sort() });
  const scope = { applied: Object.freeze(applied), ignored: Object.freeze(ignored), key: tenantKeyOf(applied), sent: deepFreeze(structuredClone(context)) };
  return recordTenantScope(target === undefined ? scope : { ...scope, target }, model);
}

/** null, undefined, "" and whitespace-only strings count as missing: never as "no restriction". */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Field types of every column the key scopes, across all scoped entities. */
function columnTypes(model: SemanticModel, key: string): Set<FieldType> {
  const types = new Set<FieldType>();
  for (const entity of Object.values(model.entities)) {
    if (entity.tenancy.kind !== 'scoped') continue;
    const column = entity.tenancy.columns[key];
    if (column === undefined) continue;
    const field = Object.values(entity.fields).find((f) => f.column === column && f.joinColumns === undefined);
    if (field) types.add(field.type);
  }
  return types;
}

type Normalised = { ok: true; value: ContextValue } | { ok: false; message: string };

/** The value to apply, or why it cannot scope: arrays, objects, NaN, or a value that does not fit the column type. */
function normalise(raw: unknown, types: Set<FieldType>): Normalised {
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { ok: false, message: 'must be a finite number' };
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return { ok: false, message: 'must be a string, a number or a boolean (not an array or object)' };
  const only = types.size === 1 ? [...types][0] : undefined;
  if (only === 'integer' || only === 'number') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
    // Beyond 2^53 two different ids would round to the same double and scope to the same tenant.
    if (!Number.isFinite(n) || (only === 'integer' && !Number.isSafeInteger(n))) return { ok: false, message: only === 'integer' ? 'must be an integer between -(2^53-1) and 2^53-1' : 'must be a number' };
    return { ok: true, value: n };
  }
  if (only === 'string' && typeof raw === 'number') return { ok: true, value: String(raw) };
  if (only === 'boolean' && typeof raw !== 'boolean') return { ok: false, message: 'must be true or false' };
  return { ok: true, value: raw };
}

/** A stable key for caches and ownership checks: canonical JSON of the applied values, keys sorted. */
function tenantKeyOf(applied: Record<string, ContextValue>): string {
  const sorted = Object.keys(applied).sort().map((key) => [key, applied[key]] as const);
  return JSON.stringify(Object.fromEntries(sorted));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
