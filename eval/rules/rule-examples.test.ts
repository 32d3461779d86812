/**
 * Every rule's examples and counter-examples (packages/core/src/nl/rules), read on the small schemas of
 * eval/rules/example-schemas.ts through the production path. An example must be read with the rule taking
 * part and give the plan it states; a counter-example must give the outcome it states (the right plan, or
 * a decline), whichever rules take part.
 */
import { RULES, type Rule } from '@askdata/core';
import { ExamplePlanners } from './example-planners';

const planners = new ExamplePlanners();
afterAll(async () => planners.close());

describe('the rule catalogue', () => {
  it('names every rule once, each with examples and counter-examples', () => {
    const names = RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of RULES) {
      expect(rule.examples.length).toBeGreaterThan(0);
      expect(rule.counterExamples.length).toBeGreaterThan(0);
      expect(rule.name).toMatch(/^[a-z-]+\.[a-z-]+$/);
    }
  });
});

describe.each(RULES.map((rule): [string, Rule] => [rule.name, rule]))('rule %s', (_name, rule) => {
  it.each(rule.examples.map((e) => [e.question, e] as const))('reads "%s"', async (_question, example) => {
    const read = await planners.read(example.schema, example.question);
    expect({ line: read.line, ruleTookPart: read.rules.includes(rule.name) }).toEqual({ line: example.expect, ruleTookPart: true });
  });

  it.each(rule.counterExamples.map((e) => [e.question, e] as const))('counter-example "%s"', async (_question, example) => {
    const read = await planners.read(example.schema, example.question);
    expect(read.line).toBe(example.expect);
  });
});
