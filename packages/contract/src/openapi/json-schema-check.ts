/**
 * A small JSON Schema (2020-12) checker for exactly the subset that z.toJSONSchema emits in our OpenAPI
 * documents, so tests can validate real responses against the published document without a validator
 * dependency. It refuses (throws on) any keyword it does not implement: an unsupported keyword must never
 * pass silently, or a test "validating" against the document would prove nothing.
 */
import type { JsonSchema } from './json-schema';

export interface SchemaIssue {
  /** JSON Pointer-ish location in the value, e.g. "/chart/data/0/value". */
  at: string;
  message: string;
}

/** Keywords that only annotate: they never make a value invalid. */
const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'format', 'id']);
/** OpenAPI's own keyword next to oneOf; checked through its mapping (discriminated below). */
const OPENAPI_KEYWORDS = new Set(['discriminator']);
const ASSERTIONS = new Set([
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'prefixItems',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'anyOf', 'oneOf', 'allOf', 'not', '$ref',
]);

export interface CheckOptions {
  /** The document `$ref`s resolve against (e.g. the whole OpenAPI document); defaults to the schema itself. */
  root?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Only local refs ("#/a/b"), which is all our documents contain. */
function resolveRef(root: unknown, ref: string): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`json-schema-check: only local $ref is supported, got ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[segment] : undefined;
  }
  if (!isObject(node)) throw new Error(`json-schema-check: $ref ${ref} does not resolve`);
  return node;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every issue of `value` against `schema`; an empty list means valid. */
export function checkJsonSchema(schema: JsonSchema | boolean, value: unknown, options: CheckOptions = {}): SchemaIssue[] {
  const root = options.root ?? schema;
  const issues: SchemaIssue[] = [];
  visit(schema, value, '', root, issues);
  return issues;
}

/** The $ref a discriminator's mapping picks for `value`, when the schema has one and the value names it. */
function discriminated(schema: JsonSchema, value: unknown): string | undefined {
  const discriminator = schema.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string' || !isObject(discriminator.mapping) || !isObject(value)) return undefined;
  const ref = discriminator.mapping[String(value[discriminator.propertyName])];
  return typeof ref === 'string' ? ref : undefined;
}

function visit(schema: JsonSchema | boolean, value: unknown, at: string, root: unknown, issues: SchemaIssue[]): void {
  if (schema === true) return;
  if (schema === false) {
    issues.push({ at, message: 'no value is allowed here' });
    return;
  }
  for (const keyword of Object.keys(schema)) {
    if (!ANNOTATIONS.has(keyword) && !ASSERTIONS.has(keyword) && !OPENAPI_KEYWORDS.has(keyword)) throw new Error(`json-schema-check: unsupported keyword "${keyword}" at ${at || '/'}`);
  }
  const fail = (message: string): void => {
    issues.push({ at: at || '/', message });
  };
  const sub = (child: unknown, childValue: unknown, childAt: string) => visit(child as JsonSchema | boolean, childValue, childAt, root, issues);
  const passes = (child: unknown): boolean => {
    const found: SchemaIssue[] = [];
    visit(child as JsonSchema | boolean, value, at, root, found);
    return found.length === 0;
  };

  if (typeof schema.$ref === 'string') sub(resolveRef(root, schema.$ref), value, at);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => matchesType(value, type))) return fail(`expected ${types.join(' or ')}, got ${typeOf(value)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) fail(`must be one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && !deepEqual(schema.const, value)) fail(`must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((child) => sub(child, value, at));
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some(passes)) fail('matches none of anyOf');
  // OpenAPI's discriminator names the branch by one property ("type": "chart" -> ChartAnswer), so a wrong
  // value is reported where it is wrong ("/chart/type"), not as "matches none of oneOf".
  const branch = discriminated(schema, value);
  if (branch !== undefined) sub({ $ref: branch }, value, at);
  else if (Array.isArray(schema.oneOf) && schema.oneOf.filter(passes).length !== 1) fail('must match exactly one of oneOf');
  if (schema.not !== undefined && passes(schema.not)) fail('must not match "not"');

  if (typeof value === 'string') checkString(schema, value, fail);
  if (typeof value === 'number') checkNumber(schema, value, fail);
  if (Array.isArray(value)) checkArray(schema, value, at, sub, fail);
  if (isObject(value)) checkObject(schema, value, at, sub, fail);
}

type Fail = (message: string) => void;
type Sub = (child: unknown, value: unknown, at: string) => void;

function checkString(schema: JsonSchema, value: string, fail: Fail): void {
  // JSON Schema counts code points, not UTF-16 units.
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) fail(`must have at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) fail(`must have at most ${schema.maxLength} characters`);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) fail(`must match ${schema.pattern}`);
}

function checkNumber(schema: JsonSchema, value: number, fail: Fail): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum) fail(`must be >= ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum) fail(`must be <= ${schema.maximum}`);
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) fail(`must be > ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) fail(`must be < ${schema.exclusiveMaximum}`);
}

function checkArray(schema: JsonSchema, value: unknown[], at: string, sub: Sub, fail: Fail): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) fail(`must have at least ${schema.minItems} items`);
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail(`must have at most ${schema.maxItems} items`);
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  prefix.forEach((child, index) => {
    if (index < value.length) sub(child, value[index], `${at}/${index}`);
  });
  if (schema.items !== undefined) value.slice(prefix.length).forEach((item, index) => sub(schema.items, item, `${at}/${index + prefix.length}`));
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, at: string, sub: Sub, fail: Fail): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required as string[]) if (!(name in value)) fail(`is missing required property "${name}"`);
  }
  for (const [name, member] of Object.entries(value)) {
    const childAt = `${at}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (schema.propertyNames !== undefined) sub(schema.propertyNames, name, `${childAt} (name)`);
    if (name in properties) sub(properties[name], member, childAt);
    else if (schema.additionalProperties === false) fail(`has unknown property "${name}"`);
    else if (schema.additionalProperties !== undefined) sub(schema.additionalProperties, member, childAt);
  }
}
