import { isKindOf, mostlyNoun } from './noun-kinds';

describe('noun kinds (WordNet hypernyms)', () => {
  it('files a word directly under its broader word, in one of its first senses', () => {
    expect(isKindOf('guest', 'customer')).toBe(true);
    expect(isKindOf('altitude', 'elevation')).toBe(true);
  });

  it('never files opposites and neighbours under each other', () => {
    expect(isKindOf('child', 'adult')).toBe(false);
    expect(isKindOf('driver', 'truck')).toBe(false);
    expect(isKindOf('supplier', 'customer')).toBe(false);
    expect(isKindOf('revenue', 'cost')).toBe(false);
  });

  it('tells a noun from a word used mostly as a verb', () => {
    expect(mostlyNoun('guest', 'guest')).toBe(true);
    expect(mostlyNoun('sell', 'sell')).toBe(false);
  });
});

describe('instances are not kinds', () => {
  it('never files a place name under what it is an instance of: "portland" is a value, not a city column', () => {
    expect(isKindOf('portland', 'city')).toBe(false);
  });
});
