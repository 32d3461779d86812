/**
 * The rule tables, by kind. Business periods (relative periods, to-date, quarters, halves, months, years,
 * holidays) are ours whatever reads calendar days; calendar days and weekdays are the part a date library
 * could read instead (docs/dates.md records how chrono-node compared on the phrase list).
 */
import { DAY_RULES } from './day-rules';
import { HOLIDAY_RULES } from './holiday-rules';
import { MONTH_YEAR_RULES } from './month-year-rules';
import type { PhraseRule } from './phrase-rule';
import { QUARTER_HALF_RULES } from './quarter-half-rules';
import { RELATIVE_RULES } from './relative-rules';
import { SAME_PERIOD_RULES } from './same-period-rules';
import { STEP_RULES } from './step-rules';
import { TO_DATE_RULES } from './to-date-rules';
import { WEEKDAY_RULES } from './weekday-rules';

export const BUSINESS_PERIOD_RULES: readonly PhraseRule[] = [
  ...RELATIVE_RULES,
  ...STEP_RULES,
  ...TO_DATE_RULES,
  ...SAME_PERIOD_RULES,
  ...QUARTER_HALF_RULES,
  ...MONTH_YEAR_RULES,
  ...HOLIDAY_RULES,
];

export const CALENDAR_DAY_RULES: readonly PhraseRule[] = [...DAY_RULES, ...WEEKDAY_RULES];

export { type Candidate, type CandidateFinder, type LocalRange, ruleFinder } from './phrase-rule';
export { type Anchor, resolveSameAs } from './same-period-rules';
export { resolveStep } from './step-rules';
