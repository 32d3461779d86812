import { inexactWholeNumber } from './json-whole-numbers';

describe('JSON numbers that JSON.parse would round to a whole number they are not (issue 25, item 11)', () => {
  it.each(['1.9999999999999999', '2.00000000000000001', '-1.00000000000000001', '9.9999999999999999e0', '1e-400', '9007199254740990.5'])('finds %s', (literal) => {
    expect(inexactWholeNumber(`{"context":{"orgId":${literal}}}`)).toBe(literal);
    expect(inexactWholeNumber(Buffer.from(`[1, ${literal}]`))).toBe(literal);
  });

  it.each(['1', '-7', '0', '-0', '2.0', '2e0', '20e-1', '0.2e1', '1E2', '9007199254740991', '0.1', '1.5', '19.990000000000002', '1e400', '9007199254740993', '123456789012345678901234567890'])('lets %s through (exact, or not a whole number)', (literal) => {
    expect(inexactWholeNumber(`{"a":${literal},"b":[${literal}]}`)).toBeUndefined();
  });

  it('reads no number inside a string, escapes included', () => {
    expect(inexactWholeNumber('{"q":"1.9999999999999999","r":"a\\"1.9999999999999999"}')).toBeUndefined();
    expect(inexactWholeNumber('{"q":"\\\\","n":1.9999999999999999}')).toBe('1.9999999999999999');
  });
});
