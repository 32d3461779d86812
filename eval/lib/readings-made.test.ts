import type { BusinessReading } from '@askdata/core';
import { clearReadingsMade, noteReadingsMade, tallyReadingsMade } from './readings-made';

const reading = (rule: string, field: string): BusinessReading => ({ rule, entity: 'orders', field, words: ['w'], evidence: 'e', confidence: 0.9 });

describe('readings made at introspection', () => {
  beforeEach(() => clearReadingsMade());

  it('counts each rule\'s readings and the databases it fired on, a database opened twice once', () => {
    noteReadingsMade('a.db', [reading('dates.event-verb', 'shipped'), reading('dates.event-verb', 'paid'), reading('names.pay-by', 'method')]);
    noteReadingsMade('b.db', [reading('dates.event-verb', 'placed')]);
    noteReadingsMade('b.db', [reading('dates.event-verb', 'placed')]);
    expect(tallyReadingsMade()).toEqual({ 'dates.event-verb': { readings: 3, databases: 2 }, 'names.pay-by': { readings: 1, databases: 1 } });
  });

  it('starts afresh after a clear, so one set never counts another set\'s databases', () => {
    noteReadingsMade('a.db', [reading('names.pay-by', 'method')]);
    clearReadingsMade();
    expect(tallyReadingsMade()).toEqual({});
  });
});
