/**
 * The checks of the builder's outcome: a problem it found (it could not tell which rows, or a part has no
 * place in any plan), and a plan it made that the plan schema refuses.
 */
import { defineCheck } from './check';

export const buildProblem = defineCheck({
  // Named for the builder, whose finding it reports; the eval's decline tallies know it by this name.
  name: 'build.problem',
  description: 'The builder could not make one plan of what was read (which rows to count, how two parts fit together), and says why.',
  reads: 'build',
  examples: [
    { schema: 'flights', question: 'Show flights from Aberdeen to Athens' },
    { schema: 'shop', question: 'revenue by city by brand by category by month by state' },
  ],
  counterExamples: [{ schema: 'flights', question: 'How many flights leave from Aberdeen?' }],
  test: ({ outcome }) => (outcome.kind === 'decline' ? { reasons: outcome.reasons } : undefined),
});

export const invalidPlan = defineCheck({
  name: 'verify.invalid-plan',
  description: 'A plan the builder made that the plan schema refuses is declined, never run.',
  reads: 'build',
  examples: [],
  noExampleBecause: 'it guards against a bug of the builder: a question that reached it would be a builder bug to fix, not an example to keep',
  counterExamples: [{ schema: 'shop', question: 'How many products?' }],
  test: ({ outcome, plan }) => (outcome.kind === 'plan' && plan === undefined ? { reasons: ['the plan I built was not valid'] } : undefined),
});
