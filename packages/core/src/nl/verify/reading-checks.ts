/**
 * The checks of what the rules read, before the builder's work counts: a question that names nothing, joins
 * conditions with "or", has words no rule read, or was read with too little confidence is declined whatever
 * plan the builder could make of it.
 */
import { defineCheck } from './check';
import { conditionsJoinedByOr } from './coverage';

export const nothingAsked = defineCheck({
  name: 'verify.nothing-asked',
  description: 'A question with no word that carries meaning (only grammar words and cues) names nothing to measure or list.',
  reads: 'interpretation',
  examples: [{ schema: 'music', question: 'what is it?' }],
  counterExamples: [{ schema: 'music', question: 'How many singers are there?' }],
  test: ({ coverage }) => (coverage.content === 0 ? { reasons: ['the question names nothing to measure or list'] } : undefined),
});

export const conditionsJoinedByOrCheck = defineCheck({
  name: 'verify.conditions-joined-by-or',
  description: '"singers from France or older than 40 and younger than 60 or older than 80": an "or" the rules did not read (rules/or-conditions.ts reads one "or" among two or three conditions) would silently become "and"; which conditions it groups is not guessed.',
  reads: 'interpretation',
  examples: [
    { schema: 'music', question: 'Show singers from France or older than 40 and younger than 60 or older than 80' },
    { schema: 'music', question: 'List singers from France older than 30 or younger than 25 or older than 70' },
  ],
  // A list of values is one condition, and covers its "or"; two conditions are alternatives.
  counterExamples: [
    { schema: 'shop', question: 'Show customers in Boston or Austin' },
    { schema: 'shop', question: 'revenue for laptops or tablets' },
    { schema: 'music', question: 'Show singers from France or older than 40' },
  ],
  test: ({ interpretation }) =>
    conditionsJoinedByOr(interpretation) ? { reasons: ['conditions joined by "or" are read only two at a time, and which of these it joins is not said; ask for each on its own'] } : undefined,
});

export const unexplainedWords = defineCheck({
  name: 'verify.unexplained-words',
  description: 'Words no rule read (and that are neither a verb nor a word of a table name, checked against the plan later) are named, never ignored.',
  reads: 'interpretation',
  examples: [
    { schema: 'music', question: 'How many singers like purple elephants?' },
    { schema: 'company', question: 'What is the role of the employee named Jane?' },
  ],
  counterExamples: [
    { schema: 'music', question: 'How many singers are there?' },
    { schema: 'school', question: 'What is the hometown of teacher Anne Walker?' },
  ],
  test: ({ coverage }) => (coverage.notUnderstood.length > 0 ? { reasons: [] } : undefined),
});

export const lowConfidence = defineCheck({
  name: 'verify.low-confidence',
  description: 'A reading whose typos and guesses cost more confidence than the planner answers with is declined rather than guessed.',
  reads: 'interpretation',
  examples: [{ schema: 'music', question: 'List the locaton and capcity of stadums and the contry of singres' }],
  counterExamples: [{ schema: 'music', question: 'List the locaton and capcity of stadums' }],
  test: ({ confidence, minConfidence }) => (confidence < minConfidence ? { reasons: [] } : undefined),
});
