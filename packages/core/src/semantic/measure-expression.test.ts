import { formatMeasureExpression, MeasureExpressionError, measureExpressionFields, parseMeasureExpression } from './measure-expression';

describe('parseMeasureExpression', () => {
  it('parses fields, numbers and precedence', () => {
    expect(parseMeasureExpression('subtotal - discount')).toEqual({ kind: 'binary', op: '-', left: { kind: 'field', field: 'subtotal' }, right: { kind: 'field', field: 'discount' } });
    expect(parseMeasureExpression('a + b * 2')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'field', field: 'a' },
      right: { kind: 'binary', op: '*', left: { kind: 'field', field: 'b' }, right: { kind: 'number', value: 2 } },
    });
    expect(parseMeasureExpression(' ( price ) ')).toEqual({ kind: 'field', field: 'price' });
    expect(parseMeasureExpression('x * -1.5')).toEqual({ kind: 'binary', op: '*', left: { kind: 'field', field: 'x' }, right: { kind: 'number', value: -1.5 } });
  });

  it('is left-associative', () => {
    const tree = parseMeasureExpression('a - b - c');
    expect(tree).toEqual({ kind: 'binary', op: '-', left: { kind: 'binary', op: '-', left: { kind: 'field', field: 'a' }, right: { kind: 'field', field: 'b' } }, right: { kind: 'field', field: 'c' } });
  });

  it.each([
    ['', /empty/],
    ['subtotal -', /expected a field name, a number or "\(" but found the end/],
    ['sum(subtotal)', /function call/],
    ["subtotal; DROP TABLE orders", /unexpected character ";" at position 9/],
    ["name = 'x'", /unexpected character "="/],
    ['(a + b', /expected "\)"/],
    ['a b', /expected an operator/],
    ['a + -b', /a number after a leading "-"/],
    ['"quoted"', /unexpected character """/],
    ['('.repeat(40) + 'a' + ')'.repeat(40), /deeper than/],
  ])('rejects %j', (text, message) => {
    expect(() => parseMeasureExpression(text)).toThrow(MeasureExpressionError);
    expect(() => parseMeasureExpression(text)).toThrow(message);
  });

  it('lists the fields it reads', () => {
    expect(measureExpressionFields(parseMeasureExpression('(subtotal - discount) / quantity + subtotal * 0'))).toEqual(['subtotal', 'discount', 'quantity']);
  });

  it.each(['subtotal - discount', 'a - (b - c)', '(a + b) * c', 'a / (b * c)', 'a * b / c', 'a + b * c - 2', 'x * -1'])('formats %s so it parses back to the same tree', (text) => {
    const tree = parseMeasureExpression(text);
    expect(parseMeasureExpression(formatMeasureExpression(tree))).toEqual(tree);
  });

  it('formats with minimal parentheses', () => {
    expect(formatMeasureExpression(parseMeasureExpression('((a) + (b * c))'))).toBe('a + b * c');
    expect(formatMeasureExpression(parseMeasureExpression('(a - b) / 2'))).toBe('(a - b) / 2');
  });
});
