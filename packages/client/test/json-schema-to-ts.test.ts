import { TypeWriter } from '../codegen/json-schema-to-ts';

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

describe('JSON Schema as TypeScript declarations', () => {
  it('declares, on each member of a oneOf, the keys only other members have as absent', () => {
    const writer = new TypeWriter({
      Text: object({ type: { const: 'text' } }, ['type']),
      Chart: object({ type: { const: 'chart' }, chart: { type: 'string' } }, ['type', 'chart']),
      Answer: { oneOf: [{ $ref: 'Text' }, { $ref: 'Chart' }, object({ type: { const: 'table' }, table: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, ['type', 'table'])] },
    });
    expect(writer.declaration('Text')).toBe("export interface Text {\n  type: 'text';\n  chart?: undefined;\n  table?: undefined;\n}\n");
    expect(writer.declaration('Chart')).toContain('  chart: string;\n  table?: undefined;\n');
    expect(writer.declaration('Answer')).toBe("export type Answer = Text | Chart | {\n  type: 'table';\n  table: (string | number)[];\n  chart?: undefined;\n};\n");
  });

  it('writes optional members, nulls, records and descriptions as the contract\u2019s inferred types have them', () => {
    const writer = new TypeWriter({
      Page: {
        ...object({ next: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'The */ cursor.' }, context: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} }, count: { type: 'integer' } }, ['next']),
        description: 'One page.',
      },
    });
    expect(writer.declaration('Page')).toBe(
      '/** One page. */\nexport interface Page {\n  /** The *\\/ cursor. */\n  next: string | null;\n  context?: Record<string, unknown> | undefined;\n  count?: number | undefined;\n}\n',
    );
  });

  it('refuses a keyword it has no TypeScript form for, and a $ref to no named type, rather than writing unknown', () => {
    expect(() => new TypeWriter({ Both: { allOf: [{ type: 'string' }] } }).declaration('Both')).toThrow('"allOf"');
    expect(() => new TypeWriter({ Lost: { $ref: 'Elsewhere' } }).declaration('Lost')).toThrow('Elsewhere');
  });
});
