/**
 * The checks of the built plan: every part of the question the reading holds must be in it, and nothing in
 * it may answer a question that was not asked.
 */
import { describeField } from '../assemble/resolve-fields';
import { defineCheck } from './check';
import { contradictoryColumns } from './contradictions';
import { countNotAsked } from './count-not-asked';
import { unexplainedNameWords } from './entity-name-words';
import { unexplainedVerbs } from './explain-verbs';
import { unusedQuotedPhrases } from './quoted-phrases';
import { droppedParts } from './verify-plan';

const quoteList = (items: readonly string[]): string => items.map((i) => `"${i}"`).join(', ');

export const quotedPhrase = defineCheck({
  name: 'verify.quoted-phrase',
  description: "A phrase in quotes is what the asker marked as exact; a plan that leaves it out answers a broader question, so it is named as not understood.",
  reads: 'plan',
  examples: [
    { schema: 'shop', question: "List the customers with 'Hey' in their name" },
    { schema: 'music', question: "List the singers with 'Hey' in their name" },
  ],
  counterExamples: [{ schema: 'music', question: "Which singers have 'Sun' in their song name?" }],
  test: ({ question, chunks, coverage }) => {
    const quoted = unusedQuotedPhrases(question, chunks, coverage.covered);
    return quoted.length > 0 ? { reasons: [], notUnderstood: quoted } : undefined;
  },
});

export const contradictoryValues = defineCheck({
  name: 'verify.contradictory-values',
  description: '"customers in Boston and in Austin": one column required to hold two values at once, which no row can, would answer "none".',
  reads: 'plan',
  examples: [
    { schema: 'shop', question: 'Show customers in Boston and in Austin' },
    { schema: 'shop', question: 'customers whose city is Boston and whose city is Austin' },
  ],
  counterExamples: [{ schema: 'shop', question: 'Show customers in Boston or Austin' }],
  test: ({ plan, lexicon }) => {
    const contradictory = contradictoryColumns(plan);
    if (contradictory.length === 0) return undefined;
    const fields = contradictory.map((key) => describeField(lexicon, { entity: key.split('.')[0]!, field: key.split('.')[1]! }));
    return { reasons: [`a row has one ${fields.join(' and one ')}, so it cannot have each of the values named`] };
  },
});

export const droppedPart = defineCheck({
  name: 'verify.dropped-part',
  description: 'Every field the question named in a role (a ranking, an order, a condition, a breakdown, a column) must be used by the plan; a plan that drops one answers another question.',
  reads: 'plan',
  examples: [{ schema: 'music', question: 'Which singers perform in concerts?' }],
  counterExamples: [{ schema: 'music', question: 'Which singers sang in the most concerts?' }],
  test: ({ built, plan }) => {
    const dropped = droppedParts(built, plan);
    return dropped.length > 0 ? { reasons: [`I could not use ${quoteList(dropped)} in the answer`] } : undefined;
  },
});

export const countNotAskedCheck = defineCheck({
  name: 'verify.count-not-asked',
  description: '"What is the order of the customer named Ada Park?" asks for a thing; a plan that only counts rows states a true number that answers nothing.',
  reads: 'plan',
  examples: [
    { schema: 'shop', question: 'What is the order of the customer named Ada Park?' },
    { schema: 'library', question: 'What is the loan of member Ann?' },
  ],
  counterExamples: [{ schema: 'shop', question: 'How many orders did Ada Park place?' }],
  test: ({ normalized, plan, lexicon }) => (countNotAsked(normalized, plan, lexicon) ? { reasons: ['the question asks for a thing, not how many there are; I could only count them'] } : undefined),
});

export const unexplainedVerb = defineCheck({
  name: 'verify.unexplained-verb',
  description: 'A verb no rule read ("dance"), or a word of a table name, must name what the plan links or dates; otherwise it is named as not understood.',
  reads: 'plan',
  examples: [{ schema: 'music', question: 'List the singers who dance' }],
  counterExamples: [
    { schema: 'music', question: 'Which singers sang in a concert?' },
    { schema: 'shop', question: 'Which customers bought laptops?' },
  ],
  test: ({ coverage, plan, lexicon }) => {
    const unexplained = [...unexplainedVerbs(coverage.verbs, plan, lexicon), ...unexplainedNameWords(coverage.nameWords, plan, lexicon)];
    return unexplained.length > 0 ? { reasons: [], notUnderstood: unexplained } : undefined;
  },
});
