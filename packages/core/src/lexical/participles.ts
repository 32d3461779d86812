/**
 * Whether a word is a past participle as column names and questions use them: an "-ed" word ("closed",
 * "signed") or one of the irregular ones a date column opens with ("sent", "held"). One test for the
 * readers of event dates (semantic/date-verbs.ts, nl/assemble/plan-context.ts) and their wording
 * (answer/describe-filter.ts), which may widen the irregular list.
 */
import { IRREGULAR_EVENT_PARTICIPLES } from '../vocabulary/date-verbs';

export function isParticiple(word: string, irregular: readonly string[] = IRREGULAR_EVENT_PARTICIPLES): boolean {
  return (word.length > 4 && word.endsWith('ed')) || irregular.includes(word);
}
