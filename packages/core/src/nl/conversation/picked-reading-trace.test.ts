import { pickedReadingEntry, pickedReadingOf } from './picked-reading-trace';

describe('the trace entry of a picked reading', () => {
  it('reads back the option it names and the reply that picked it', () => {
    const entry = pickedReadingEntry('the second one', 'product name', 'Revenue by "name"');
    expect(pickedReadingOf([{ step: 'lex', rule: 'lex.field', words: 'name', reason: 'a field', chosen: true }, entry])).toEqual({ option: 'product name', reply: 'the second one' });
  });

  it('reads nothing from a trace without a chosen pick', () => {
    expect(pickedReadingOf(undefined)).toBeUndefined();
    expect(pickedReadingOf([{ ...pickedReadingEntry('the first', 'customer name', 'Revenue by name'), chosen: false }])).toBeUndefined();
    expect(pickedReadingOf([{ ...pickedReadingEntry('the first', 'customer name', 'Revenue by name'), reason: 'something else' }])).toBeUndefined();
  });
});
