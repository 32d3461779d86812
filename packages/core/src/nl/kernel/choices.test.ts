import { Choices, enumerateScripts, type ChoiceMade, type ChoiceScript } from './choices';

describe('readings enumerated from the builder\'s choices', () => {
  // A toy build with two choice points: a column (3 options) and, after the second column only, a route (2).
  const build = (script: ChoiceScript): ChoiceMade[] => {
    const choices = new Choices(script);
    const column = choices.pick('column', ['a', 'b', 'c'], (o) => o);
    if (column === 'b') choices.pick('route', ['x', 'y'], (o) => o);
    return choices.made;
  };

  it('starts with the preferred reading and reaches every reading once, breadth first', () => {
    const scripts = enumerateScripts(build);
    expect(scripts).toEqual([[], [1], [2], [1, 1]]);
  });

  it('stops at the limit', () => {
    expect(enumerateScripts(build, 2)).toEqual([[], [1]]);
  });

  it('takes the first option where a script asks for one that does not exist', () => {
    const choices = new Choices([5]);
    expect(choices.pick('column', ['a', 'b'], (o) => o)).toBe('a');
    expect(choices.made).toEqual([{ point: 'column', options: ['a', 'b'], taken: 0 }]);
  });
});
