import fc from 'fast-check';
import { toJsonValue } from '../src/json-values';

/** What the store used to do (and what a read returns): the JSON round trip, bigints as strings. */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) as string) as unknown;

/** Deep equality that also sees key order, prototypes and -0. */
const sameJson = (a: unknown, b: unknown): void => {
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  expect(a).toStrictEqual(b);
};

describe('toJsonValue', () => {
  test('gives exactly the JSON round trip for arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true }),
        (value) => {
          const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) as string | undefined;
          if (text === undefined) {
            expect(() => toJsonValue(value)).toThrow('cannot be stored as JSON');
            return;
          }
          sameJson(toJsonValue(value), roundTrip(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('handles the cases the answers actually contain, and the awkward ones', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    const value = {
      a: undefined,
      b: [undefined, () => 1, Symbol('s'), NaN, -0, Infinity, 1n],
      when,
      invalid: new Date(Number.NaN),
      nested: { toJSON: (key: string) => ({ key }) },
      map: new Map([[1, 2]]),
      boxed: [new Number(3), new String('s'), new Boolean(false)],
      ['__proto__']: { polluted: true },
    };
    Object.defineProperty(value, '__proto__', { value: { polluted: true }, enumerable: true });
    sameJson(toJsonValue(value), roundTrip(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const copy = toJsonValue({ x: { y: 1 } }) as { x: { y: number } };
    expect(copy).toEqual({ x: { y: 1 } });
    expect(() => toJsonValue(undefined)).toThrow('cannot be stored as JSON');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toJsonValue(cyclic)).toThrow(TypeError);
    const shared = { s: 1 };
    sameJson(toJsonValue({ a: shared, b: [shared] }), { a: { s: 1 }, b: [{ s: 1 }] });
  });

  test('never returns the caller\'s objects', () => {
    const input = { list: [{ v: 1 }] };
    const out = toJsonValue(input) as typeof input;
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    expect(out.list).not.toBe(input.list);
    expect(out.list[0]).not.toBe(input.list[0]);
  });
});
