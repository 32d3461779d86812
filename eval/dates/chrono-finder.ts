/**
 * Approach (b) of issue 19, kept so the measurement in docs/dates.md can be re-run: chrono-node reads
 * calendar days (its `casual` English parser) and our grammar keeps the business periods. The adapter
 * is as thin as a fair trial allows: a chrono result becomes the day, month or year its certain
 * components name (a range when chrono found one, with the "from" before it), and a month and day
 * without a year that fall after today move back a year, because questions about data ask about the
 * past. Where our business rules found a phrase at least as long, chrono's reading of those words is
 * not used; otherwise the longer phrase wins as in our own grammar.
 */
import * as chrono from 'chrono-node';
import { type LocalDate, addDays, addMonths, compareDates, formatLongDate, localDate, monthLabel } from '../../packages/core/src/time/calendar';
import { BUSINESS_PERIOD_RULES, type Candidate, type CandidateFinder, type LocalRange, ruleFinder } from '../../packages/core/src/time/phrase-rules/index';

type Components = chrono.ParsedComponents;

function localDateOf(components: Components): LocalDate {
  return localDate(components.get('year') ?? 1970, components.get('month') ?? 1, components.get('day') ?? 1);
}

/** The unit a result names: its smallest certain component (a weekday names a day). */
function grainOf(components: Components): 'day' | 'month' | 'year' {
  if (components.isCertain('day') || components.isCertain('weekday')) return 'day';
  if (components.isCertain('month')) return 'month';
  return 'year';
}

function toRange(result: chrono.ParsedResult, today: LocalDate): LocalRange | undefined {
  const grain = grainOf(result.start);
  let start = localDateOf(result.start);
  if (grain === 'month') start = localDate(start.y, start.m, 1);
  if (grain === 'year') start = localDate(start.y, 1, 1);
  if (result.start.isCertain('month') && !result.start.isCertain('year') && compareDates(start, today) > 0) start = localDate(start.y - 1, start.m, start.d);
  const stepped = (date: LocalDate): LocalDate => (grain === 'day' ? addDays(date, 1) : addMonths(date, grain === 'month' ? 1 : 12));
  const name = grain === 'day' ? formatLongDate(start) : grain === 'month' ? monthLabel(start) : String(start.y);
  if (result.end !== undefined && result.end !== null) {
    const last = localDateOf(result.end);
    return { start, end: stepped(last), label: `from ${name} to ${formatLongDate(last)}` };
  }
  return { start, end: stepped(start), label: `${grain === 'day' ? 'on' : 'in'} ${name}`, name };
}

const business = ruleFinder(BUSINESS_PERIOD_RULES);

export const chronoFinder: CandidateFinder = (lower, today) => {
  const ours = business(lower, today);
  const claimed = ours.filter((c) => c.range.needsContext !== true);
  const from = (index: number, hasEnd: boolean): number => {
    const head = hasEnd ? /\bfrom\s+$/.exec(lower.slice(0, index)) : null;
    return head === null ? index : head.index;
  };
  const reference = { instant: new Date(Date.UTC(today.y, today.m - 1, today.d, 12)), timezone: 0 };
  const theirs: Candidate[] = chrono.casual.parse(lower, reference).flatMap((result) => {
    const to = result.index + result.text.length;
    const start = from(result.index, result.end !== undefined && result.end !== null);
    if (claimed.some((c) => start < c.to && to > c.from && c.to - c.from >= to - start)) return [];
    const range = toRange(result, today);
    return range === undefined ? [] : [{ from: start, to, kind: 'point', range }];
  });
  return [...ours, ...theirs];
};
