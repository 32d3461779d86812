/**
 * Periods one whole unit away from another period: "the previous quarter", "the prior year", "the quarter
 * before that", "the month before", "the year after that", "the following week". The other period is the
 * nearest one of the same question ("revenue in Q3 2025 vs the previous quarter"), else the previous
 * question's in a conversation ("What about the previous quarter?" after one about last quarter), so a
 * follow-up that names another period moves the period (resolveStep, called by date-phrases.ts).
 *
 * "the previous/prior <unit>" with no other period is the last complete one, as it always was; "the <unit>
 * before/after (that)" and "the following/preceding <unit>" mean nothing without one, and are no date then.
 */
import { type LocalDate, addDays, formatLongDate } from '../calendar';
import { describeUnit, periodStart, shift, unitOf, type Unit } from '../units';
import type { LocalRange, PhraseRule } from './phrase-rule';
import type { Anchor } from './same-period-rules';

const LEAD = '(?:(?:in|during|for|over|within|from|of|at)\\s+)?';

/** A phrase that needs another period: no range of its own until resolveStep gives it one. */
const relative = (unit: Unit, by: -1 | 1): LocalRange => ({ label: '', step: { unit, by, needsAnchor: true } });

export const STEP_RULES: readonly PhraseRule[] = [
  {
    kind: 'period',
    pattern: new RegExp(`\\b${LEAD}(?:the\\s+)?(?:previous|prior)\\s+(week|month|quarter|year)\\b`, 'g'),
    resolve: (m, today) => {
      const unit = unitOf(m[1]!);
      const start = shift(unit, periodStart(unit, today), -1);
      return { start, end: shift(unit, start, 1), label: `last ${unit} (${describeUnit(unit, start)})`, step: { unit, by: -1, needsAnchor: false } };
    },
  },
  {
    kind: 'period',
    // "The" is part of it ("a month after signing up" is no period); "the month before last" and "the day
    // before yesterday" are relative-rules.ts', counted from today.
    pattern: new RegExp(`\\b${LEAD}the\\s+(day|week|month|quarter|year)\\s+(before|after)(?!\\s+(?:last|yesterday)\\b)(?:\\s+(?:that|this|it|then))?\\b`, 'g'),
    resolve: (m) => relative(unitOf(m[1]!), m[2] === 'before' ? -1 : 1),
  },
  {
    kind: 'period',
    pattern: new RegExp(`\\b${LEAD}the\\s+(preceding|following)\\s+(day|week|month|quarter|year)\\b`, 'g'),
    resolve: (m) => relative(unitOf(m[2]!), m[1] === 'preceding' ? -1 : 1),
  },
];

/** The unit before the one `anchor` starts in, or after the one it ends in; undefined when it gives no date to step from. */
export function resolveStep(range: LocalRange, anchor: Anchor): LocalRange | undefined {
  if (range.step === undefined) return range;
  const { unit, by } = range.step;
  const last = anchor.end === undefined ? undefined : addDays(anchor.end, -1);
  const from: LocalDate | undefined = by < 0 ? (anchor.start ?? last) : (last ?? anchor.start);
  if (from === undefined) return undefined;
  const start = shift(unit, periodStart(unit, from), by);
  const described = unit === 'day' ? formatLongDate(start) : describeUnit(unit, start);
  return { start, end: shift(unit, start, 1), label: `the ${by < 0 ? 'previous' : 'following'} ${unit} (${described})` };
}
