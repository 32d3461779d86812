/**
 * Every verify check's examples and counter-examples (packages/core/src/nl/verify/catalogue.ts), read on the
 * rules' small example schemas (eval/rules/example-schemas.ts) through the production path. An example must
 * be declined by that check; a counter-example must get past it: neither it nor any check before it in the
 * catalogue declines it (a later check may).
 */
import { CHECKS, type Check } from '@askdata/core';
import { ExamplePlanners } from './example-planners';

const planners = new ExamplePlanners();
afterAll(async () => planners.close());

const READS_ORDER = ['interpretation', 'build', 'plan'] as const;

describe('the verify catalogue', () => {
  it('names every check once, each with counter-examples, and examples or the reason it has none', () => {
    const names = CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    for (const check of CHECKS) {
      expect(check.name).toMatch(/^(verify|build|conversation)\.[a-z-]+$/);
      expect(check.counterExamples.length).toBeGreaterThan(0);
      if (check.examples.length === 0) expect('noExampleBecause' in check && check.noExampleBecause.length > 0).toBe(true);
    }
  });

  it('asks the checks of what was read first, then of the builder, then of the plan', () => {
    const ranks = CHECKS.map((check) => READS_ORDER.indexOf(check.reads));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe.each(CHECKS.map((check, index): [string, Check, number] => [check.name, check, index]))('check %s', (_name, check, index) => {
  const earlier = new Set(CHECKS.slice(0, index + 1).map((c) => c.name));
  // it.each refuses an empty table; a check without examples says why (the catalogue test above).
  const examples = check.examples.length === 0 ? [] : check.examples.map((e) => [e.question, e] as const);
  if (examples.length > 0) {
    it.each(examples)('declines "%s"', async (_question, example) => {
      const read = await planners.read(example.schema, example.question);
      expect({ line: read.line, declinedBy: read.declinedBy }).toEqual({ line: 'decline', declinedBy: check.name });
    });
  }

  it.each(check.counterExamples.map((e) => [e.question, e] as const))('lets "%s" through', async (_question, example) => {
    const read = await planners.read(example.schema, example.question);
    expect({ declinedBy: read.declinedBy, byThisOrAnEarlierCheck: read.declinedBy !== undefined && earlier.has(read.declinedBy) }).toEqual({ declinedBy: read.declinedBy, byThisOrAnEarlierCheck: false });
  });
});
