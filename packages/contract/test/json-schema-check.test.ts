/** The JSON Schema subset checker: each supported keyword accepts and rejects, $refs resolve, and unsupported keywords throw. */
import { z } from 'zod';
import { checkJsonSchema } from '../src/openapi/json-schema-check';
import { toJsonSchema } from '../src/openapi/to-json-schema';

const messages = (schema: Parameters<typeof checkJsonSchema>[0], value: unknown, root?: unknown) =>
  checkJsonSchema(schema, value, root === undefined ? {} : { root }).map((issue) => `${issue.at} ${issue.message}`);

describe('checkJsonSchema', () => {
  it('checks types, including integer as a kind of number and type lists', () => {
    expect(messages({ type: 'string' }, 'x')).toEqual([]);
    expect(messages({ type: 'string' }, 1)).toEqual(['/ expected string, got integer']);
    expect(messages({ type: 'number' }, 3)).toEqual([]);
    expect(messages({ type: 'integer' }, 3.5)).toEqual(['/ expected integer, got number']);
    expect(messages({ type: ['string', 'null'] }, null)).toEqual([]);
    expect(messages({ type: 'object' }, [])).toEqual(['/ expected object, got array']);
  });

  it('checks enum, const, string and number bounds, and patterns', () => {
    expect(messages({ enum: ['a', 'b'] }, 'c')).toEqual(['/ must be one of ["a","b"]']);
    expect(messages({ const: 1 }, 1)).toEqual([]);
    expect(messages({ type: 'string', minLength: 2, maxLength: 3 }, 'a')).toHaveLength(1);
    expect(messages({ type: 'string', maxLength: 1 }, '😀')).toEqual([]);
    expect(messages({ type: 'string', pattern: '^[a-z]+$' }, 'A')).toEqual(['/ must match ^[a-z]+$']);
    expect(messages({ type: 'number', minimum: 1, maximum: 2 }, 3)).toEqual(['/ must be <= 2']);
    expect(messages({ exclusiveMinimum: 0 }, 0)).toEqual(['/ must be > 0']);
  });

  it('checks objects: required, unknown properties, additionalProperties schemas and property names', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    expect(messages(schema, { a: 'x' })).toEqual([]);
    expect(messages(schema, {})).toEqual(['/ is missing required property "a"']);
    expect(messages(schema, { a: 'x', b: 1 })).toEqual(['/ has unknown property "b"']);
    expect(messages({ type: 'object', additionalProperties: { type: 'number' } }, { x: 'no' })).toEqual(['/x expected number, got string']);
    expect(messages({ type: 'object', propertyNames: { pattern: '^x' } }, { y: 1 })).toEqual(['/y (name) must match ^x']);
  });

  it('checks arrays item by item, with paths to the failing item', () => {
    expect(messages({ type: 'array', items: { type: 'array', items: { type: 'string' } } }, [['a'], ['b', 2]])).toEqual(['/1/1 expected string, got integer']);
    expect(messages({ type: 'array', minItems: 1 }, [])).toEqual(['/ must have at least 1 items']);
  });

  it('checks anyOf, oneOf, allOf and not', () => {
    const anyOf = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(messages(anyOf, null)).toEqual([]);
    expect(messages(anyOf, 1)).toEqual(['/ matches none of anyOf']);
    expect(messages({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1)).toEqual(['/ must match exactly one of oneOf']);
    expect(messages({ allOf: [{ type: 'number' }, { minimum: 5 }] }, 1)).toEqual(['/ must be >= 5']);
    expect(messages({ not: { type: 'string' } }, 'x')).toEqual(['/ must not match "not"']);
  });

  it('resolves local $refs against the given root', () => {
    const root = { components: { schemas: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } } } };
    expect(messages({ $ref: '#/components/schemas/Point' }, { x: 1 }, root)).toEqual([]);
    expect(messages({ $ref: '#/components/schemas/Point' }, {}, root)).toEqual(['/ is missing required property "x"']);
    expect(() => messages({ $ref: '#/components/schemas/Nope' }, {}, root)).toThrow(/does not resolve/);
    expect(() => messages({ $ref: 'https://example.com/schema' }, {})).toThrow(/only local/);
  });

  it('throws on a keyword it does not implement instead of passing it silently', () => {
    expect(() => messages({ type: 'object', dependentRequired: { a: ['b'] } }, {})).toThrow(/unsupported keyword "dependentRequired"/);
    expect(() => messages({ type: 'string', contentEncoding: 'base64' }, 'x')).toThrow(/unsupported keyword/);
  });

  it('agrees with zod on values checked against z.toJSONSchema output', () => {
    const schema = z.object({ kind: z.enum(['a', 'b']), sizes: z.array(z.number().int().min(0)), note: z.string().max(3).optional(), extra: z.record(z.string(), z.unknown()) }).strict();
    const json = toJsonSchema(schema, { io: 'output' });
    const samples: unknown[] = [
      { kind: 'a', sizes: [1, 2], extra: {} },
      { kind: 'c', sizes: [1], extra: {} },
      { kind: 'a', sizes: [-1], extra: {} },
      { kind: 'b', sizes: [1.5], extra: { x: 1 } },
      { kind: 'b', sizes: [], note: 'long', extra: {} },
      { kind: 'b', sizes: [], extra: {}, other: true },
      { sizes: [], extra: {} },
    ];
    for (const sample of samples) expect(checkJsonSchema(json, sample).length === 0).toBe(schema.safeParse(sample).success);
  });
});
