import { pickedOption } from './picked-reading';

describe('a reply that picks one of two readings', () => {
  const options = ['customer country', 'supplier country'] as const;
  it.each([
    ['the first', 0],
    ['The second one.', 1],
    ['the latter', 1],
    ['customer country', 0],
    ["the supplier's country", 1],
    ['I mean by supplier', 1],
  ])('"%s" picks option %d', (reply, expected) => {
    expect(pickedOption(reply, options)).toBe(expected);
  });

  it.each(['country', 'how many customers are there in each country today?', 'what about last year', ''])('"%s" picks nothing', (reply) => {
    expect(pickedOption(reply, options)).toBeUndefined();
  });
});
