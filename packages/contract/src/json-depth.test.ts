import { exceedsJsonDepth } from './json-depth';

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, from bytes or text', () => {
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(exceedsJsonDepth(Buffer.from('[[[]]]'), 3)).toBe(false);
    expect(exceedsJsonDepth(Buffer.from('[[[[]]]]'), 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth('{"a":"[[[[\\"[[[["}', 1)).toBe(false);
    expect(exceedsJsonDepth(Buffer.from('{"é[":"ü{{{"}'), 1)).toBe(false);
  });

  it('stops early on a huge nesting', () => {
    expect(exceedsJsonDepth('['.repeat(1_000_000), 32)).toBe(true);
  });
});
