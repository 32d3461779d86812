/**
 * The checks of a follow-up that points at the previous answer's rows ("how many of them", "those in
 * Texas"): such a question is about those rows or about nothing, so it is declined when it cannot be tied
 * to them, and never answered over every row (conversation/earlier-rows.ts reads the words).
 */
import { earlierRowsLost } from '../conversation/earlier-rows';
import { defineCheck } from './check';

const NEEDS_A_CONVERSATION =
  'it needs a conversation, which the one-question examples cannot carry; nl/conversation/earlier-rows.test.ts and eval/unseen/follow-ups.test.ts hold its examples on three schemas';

export const earlierRowsUntied = defineCheck({
  name: 'conversation.earlier-rows',
  description: 'A follow-up whose "them" or "those" points at an earlier answer that has no rows to point at (the question before was declined) is declined, never answered over every row.',
  reads: 'interpretation',
  examples: [],
  noExampleBecause: NEEDS_A_CONVERSATION,
  counterExamples: [{ schema: 'music', question: 'How many singers are there?' }],
  test: ({ earlier }) =>
    earlier !== undefined && earlier.previous === undefined
      ? { reasons: [`I could not tie "${earlier.reference}" to an earlier answer; please ask the whole question`] }
      : undefined,
});

/**
 * "Only in December" after "bookings per room": the answer before covered every date, so the conversation
 * has no year to lend the month (time/conversation-year.ts), and today's reading (the latest December) is
 * a guess about which year was meant: on data that ends years ago it states "none" for rows that exist.
 */
export const yearUnstated = defineCheck({
  name: 'conversation.year-unstated',
  description: 'A follow-up that names a period without its year ("only in December") after an answer over every date is declined: the conversation has no year to lend it, and the latest December is a guess.',
  reads: 'plan',
  examples: [],
  noExampleBecause: NEEDS_A_CONVERSATION,
  counterExamples: [{ schema: 'shop', question: 'How many orders in December?' }],
  test: ({ followUpOf, built, plan }) =>
    followUpOf !== undefined && followUpOf.timeRange === undefined && !(followUpOf.kind === 'aggregate' && followUpOf.comparePeriods !== undefined) && plan.timeRange !== undefined && built.time?.yearless === true
      ? { reasons: [`"${built.time.text}" does not say which year, and the answer before covered every date; please name the year`] }
      : undefined,
});

export const earlierRowsLostCheck = defineCheck({
  name: 'conversation.earlier-rows-lost',
  description: 'A follow-up about the previous answer\'s rows whose plan would not keep those rows (their filters, period or top N) is declined rather than answered over other rows.',
  reads: 'plan',
  examples: [],
  noExampleBecause: NEEDS_A_CONVERSATION,
  counterExamples: [{ schema: 'music', question: 'How many singers are there?' }],
  test: ({ earlier, plan }) => {
    if (earlier?.previous === undefined) return undefined;
    const lost = earlierRowsLost(plan, earlier.previous, earlier.followUp);
    return lost === undefined ? undefined : { reasons: [`"${earlier.reference}" points at the rows of the previous answer, but ${lost}`] };
  },
});
