/**
 * "Year to date", "ytd", "this month so far", "so far this year": from the start of the current unit
 * through today (today included, although it is not over). The label names the days, so the reader sees
 * that the period is partial.
 */
import { addDays, formatDaySpan } from '../calendar';
import { periodStart, unitOf, type Unit } from '../units';
import type { PhraseRule } from './phrase-rule';

const ABBREVIATION: Record<string, Unit> = { ytd: 'year', qtd: 'quarter', mtd: 'month', wtd: 'week' };

const toDate = (unit: Unit): PhraseRule['resolve'] => (_m, today) => {
  const start = periodStart(unit, today);
  return { start, end: addDays(today, 1), label: `${unit} to date (${formatDaySpan(start, today)})` };
};

export const TO_DATE_RULES: readonly PhraseRule[] = [
  {
    kind: 'period',
    pattern: /\b(?:(?:the|this|in|for)\s+)?(year|quarter|month|week)[\s-]+to[\s-]+date\b/g,
    resolve: (m, t) => toDate(unitOf(m[1]!))(m, t),
  },
  { kind: 'period', pattern: /\b(ytd|qtd|mtd|wtd)\b/g, resolve: (m, t) => toDate(ABBREVIATION[m[1]!]!)(m, t) },
  {
    kind: 'period',
    pattern: /\b(?:(?:in|for|during)\s+)?(?:(?:this|the)\s+)?(week|month|quarter|year)\s+so\s+far\b/g,
    resolve: (m, t) => toDate(unitOf(m[1]!))(m, t),
  },
  { kind: 'period', pattern: /\bso\s+far\s+this\s+(week|month|quarter|year)\b/g, resolve: (m, t) => toDate(unitOf(m[1]!))(m, t) },
];
