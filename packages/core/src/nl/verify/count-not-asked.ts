/**
 * A count nobody asked for. "What is the role of the employee named Koby?" asks for a role; read as
 * "There was 1 role" it states a true number that answers nothing. An entity's plural alone stands for its
 * count in a headline ("orders by city", "customers in Portland"), but a question that opens by asking for a
 * thing ("what is the ...", "show the ...") and never says a counting word ("how many", "number", "most",
 * "total", ...) wants that thing, not how many rows hold it. Such a plan is declined, not answered.
 *
 * The words are matched on the normalised (lower-cased) question: this check reads wording, not
 * the model, so it holds on every schema.
 */
import type { MeasureSpec, QueryPlan } from '../../plan/query-plan';
import { ASKS_WHAT_IT_IS, COUNTING_WORDS, REQUESTS_A_THING } from '../lex/count-words';
import type { Lexicon } from '../lex/lexicon';

function isCount(measure: MeasureSpec, lexicon: Lexicon): boolean {
  switch (measure.kind) {
    case 'count':
      return true;
    case 'model': {
      const aggregation = lexicon.measure(measure.entity, measure.measure).aggregation;
      return aggregation === 'count' || aggregation === 'count_distinct';
    }
    case 'aggregate':
      return measure.aggregation === 'count' || measure.aggregation === 'count_distinct';
    default:
      return false;
  }
}

/** True when the plan only counts rows and the question, which asks for a thing, never asked how many. */
export function countNotAsked(normalizedQuestion: string, plan: QueryPlan, lexicon: Lexicon): boolean {
  if (plan.kind !== 'aggregate' || !plan.measures.every((m) => isCount(m, lexicon))) return false;
  const question = normalizedQuestion.trim();
  if (COUNTING_WORDS.test(question)) return false;
  return ASKS_WHAT_IT_IS.test(question) || (REQUESTS_A_THING.test(question) && plan.dimensions.length === 0 && plan.orderBy.length === 0);
}
