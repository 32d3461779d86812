/**
 * The edge of every request: the caller's context, checked against the model's tenancy once and turned into
 * the TenantScope every later step takes. It runs before anything else, so a missing `orgId` is a 400 even
 * for a question the planner would decline. Values are normalised to the type of the columns they scope
 * (an `orgId` of "1" scopes an integer column as 1; "abc", "01" or "1.9999999999999999" are refused there
 * rather than reaching the database or being rounded). Keys the model does not declare are recorded and
 * never applied, except "__proto__", which is refused. With the schema or database strategy the values
 * name the tenant's schema or database instead (tenant-target.ts): checked here, before any connection,
 * and carried on the scope as its target.
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
  // JSON.parse makes "__proto__" an own key, and any later copy by assignment would make it the prototype:
  // no model can declare it (its file's record drops it), so it is refused, not carried as an ignored key.
  if (Object.hasOwn(context, '__proto__')) invalid.push({ path: 'context.__proto__', message: 'is not a tenancy key (no model can declare "__proto__")' });
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

const INTEGER_RANGE = 'between -(2^53-1) and 2^53-1';

/**
 * The value to apply, or why it cannot scope: arrays, objects, NaN, or a value that is not exactly one
 * value of the column's type. Nothing is rounded or read loosely: a number sent as text must be written
 * as the number itself would be ("2", never "2.00000000000000001", "1.9999999999999999", "02", " 2" or
 * "2e0", which JavaScript's Number() reads as 2), so two different context values never scope one tenant.
 * A key that scopes columns of several types must fit each of them, and is applied as sent.
 */
function normalise(raw: unknown, types: Set<FieldType>): Normalised {
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { ok: false, message: 'must be a finite number' };
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return { ok: false, message: 'must be a string, a number or a boolean (not an array or object)' };
  let value: ContextValue | undefined;
  for (const type of types) {
    const fitted = asType(raw, type);
    if (!fitted.ok) return fitted;
    value ??= fitted.value;
  }
  return { ok: true, value: types.size === 1 && value !== undefined ? value : raw };
}

/** Text that is exactly how JavaScript writes the number it reads as (the round trip), or undefined. */
function exactNumber(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : undefined;
}

function asType(raw: string | number | boolean, type: FieldType): Normalised {
  switch (type) {
    case 'integer': {
      // Beyond 2^53 two different ids would round to the same double and scope to the same tenant.
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? exactNumber(raw) : undefined;
      if (n !== undefined && Number.isSafeInteger(n)) return { ok: true, value: n };
      return { ok: false, message: typeof raw === 'string' ? `must be an integer ${INTEGER_RANGE}, written as its digits alone (no sign "+", leading zeros, spaces, decimals or exponent)` : `must be an integer ${INTEGER_RANGE}` };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? exactNumber(raw) : undefined;
      if (n !== undefined) return { ok: true, value: n };
      return { ok: false, message: 'must be a number, written as the number itself (no sign "+", leading or trailing zeros, spaces or exponent)' };
    }
    case 'string':
      // A whole number names one text exactly; other numbers have no single spelling ("1.5" or "1.50").
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && Number.isSafeInteger(raw)) return { ok: true, value: String(raw) };
      return { ok: false, message: `must be text (or an integer ${INTEGER_RANGE})` };
    case 'boolean':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, message: 'must be true or false' };
    case 'date':
    case 'datetime':
      return typeof raw === 'string' ? { ok: true, value: raw } : { ok: false, message: 'must be text' };
  }
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
