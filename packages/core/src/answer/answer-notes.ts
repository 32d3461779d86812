/**
 * The two messages every answer type can end in: nothing matched, or the row cap cut the result. Both
 * restate what was asked so the reader knows which filters and period produced "nothing".
 */
import type { CoreAnswer } from './answer';
import type { PlanDescription } from './describe-plan';
import { formatCount } from './format-number';
import { phrase } from './text-utils';

/** "No orders matched in Laptop over $500 last month." */
export function emptyAnswer(entityPlural: string, description: PlanDescription): CoreAnswer {
  return { type: 'text', message: `${phrase(`No ${entityPlural} matched`, ...description.filters, description.period)}.` };
}

/** "Showing the first 1,000 rows; narrow the question to see the rest." */
export function truncationNote(shownRows: number): string {
  return `Showing the first ${formatCount(shownRows)} rows; narrow the question to see the rest.`;
}
