/**
 * A tenant context arrives as JSON, and JSON.parse makes `{"__proto__": {...}}` an own property named
 * "__proto__". zod's record and object parsing skip that key (assigning it would set the prototype), so
 * `{"context": {"__proto__": {"orgId": 1}}}` became `{}`: on an admin endpoint, an entry for every tenant.
 * No model can declare the key (the model file's record drops it too), so every context parser refuses
 * it by name before zod sees the object; core refuses it again (resolveTenantScope) for the parsers that
 * are not zod (the CLI, a query string).
 */
import { z } from 'zod';

export const PROTO_KEY = '__proto__';
export const PROTO_KEY_MESSAGE = 'is not a tenancy key (no model can declare "__proto__"; it would set an object\'s prototype)';

export const hasProtoKey = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.hasOwn(value, PROTO_KEY);

/**
 * `schema` (a record of context values) with an own "__proto__" key refused as an issue at
 * `<path>.__proto__`; with `field`, the context is the input's property of that name (a body that holds
 * one). The JSON Schema of the result is `schema`'s (a preprocess is documented by its output).
 */
export function withoutProtoKey<T extends z.ZodType>(schema: T, field?: string): T {
  const guarded = z.preprocess((input, ctx) => {
    const context = field === undefined ? input : typeof input === 'object' && input !== null && Object.hasOwn(input, field) ? (input as Record<string, unknown>)[field] : undefined;
    if (hasProtoKey(context)) ctx.addIssue({ code: 'custom', path: field === undefined ? [PROTO_KEY] : [field, PROTO_KEY], message: PROTO_KEY_MESSAGE, input });
    return input;
  }, schema);
  // Typed as `schema`: it accepts and returns exactly what `schema` does (a preprocess would type its input
  // as unknown, and the typed client's request types are the contract's input types).
  return guarded as unknown as T;
}
