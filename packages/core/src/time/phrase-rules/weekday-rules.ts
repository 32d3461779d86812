/**
 * Weekdays: "last Tuesday" is the latest Tuesday before today, "on Tuesday" or "Tuesday" the
 * latest one not after today, "this Tuesday" the one in the current week (weeks start on Monday).
 * Plurals ("on Mondays") are a recurring day, not a date, and are left alone.
 */
import { type LocalDate, WEEKDAY_NAMES, addDays, formatLongDate, startOfWeek, weekdayIndex } from '../calendar';
import type { PhraseRule } from './phrase-rule';
import { WEEKDAY, capitalize } from './vocabulary';

function weekdayDate(word: string | undefined, index: number, today: LocalDate): LocalDate {
  if (word === 'this') return addDays(startOfWeek(today), index);
  const back = (weekdayIndex(today) - index + 7) % 7;
  return addDays(today, -(back === 0 && word !== undefined && word !== 'on' ? 7 : back));
}

export const WEEKDAY_RULES: readonly PhraseRule[] = [
  {
    kind: 'point',
    pattern: new RegExp(`\\b(?:(on|last|past|previous|this)\\s+)?${WEEKDAY}\\b`, 'g'),
    resolve: (m, t) => {
      const index = WEEKDAY_NAMES.findIndex((name) => name.toLowerCase() === m[2]);
      const day = weekdayDate(m[1], index, t);
      const word = m[1] === undefined || m[1] === 'on' ? 'on' : m[1] === 'this' ? 'this' : 'last';
      const label = `${word} ${capitalize(m[2]!)} (${formatLongDate(day)})`;
      return { start: day, end: addDays(day, 1), label, name: word === 'on' ? `${capitalize(m[2]!)} (${formatLongDate(day)})` : label };
    },
  },
];
