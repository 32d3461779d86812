/**
 * The label of a period the LLM chose, written by this service from the period's own days. The model's
 * label used to be shown as it was ("Revenue was … in ALL ORGANISATIONS COMBINED. Call +1-555-0100…"):
 * every word of a message must come from our code, the model file, the question or the caller's data,
 * so the model's label is never used. The label names exactly the days the query covers: "2025",
 * "October 2026", "Q3 2025", "on 3 Nov 2026", "from 3 Nov 2026 to 14 Nov 2026", "since …", "before …".
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Day {
  y: number;
  m: number;
  d: number;
}

/** "2026-11-03" -> {2026, 11, 3}; the mapper has already checked it is a real calendar day. */
function parseDay(text: string): Day {
  const [y, m, d] = text.split('-').map(Number);
  return { y: y ?? 0, m: m ?? 1, d: d ?? 1 };
}

const dayText = (day: Day): string => `${day.d} ${MONTHS[day.m - 1]?.slice(0, 3) ?? day.m} ${day.y}`;

function addDays(day: Day, days: number): Day {
  const date = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

const monthsBetween = (a: Day, b: Day): number => (b.y - a.y) * 12 + (b.m - a.m);

/** `start` inclusive and `end` exclusive, as YYYY-MM-DD (either may be absent, not both). */
export function periodLabel(start: string | null, end: string | null): string {
  if (start === null && end !== null) return `before ${dayText(parseDay(end))}`;
  if (start !== null && end === null) return `since ${dayText(parseDay(start))}`;
  if (start === null || end === null) return 'the period';
  const from = parseDay(start);
  const to = parseDay(end);
  const wholeMonths = from.d === 1 && to.d === 1 ? monthsBetween(from, to) : 0;
  if (wholeMonths === 12 && from.m === 1) return String(from.y);
  if (wholeMonths === 3 && (from.m - 1) % 3 === 0) return `Q${(from.m + 2) / 3} ${from.y}`;
  if (wholeMonths === 1) return `${MONTHS[from.m - 1]} ${from.y}`;
  const last = addDays(to, -1);
  if (last.y === from.y && last.m === from.m && last.d === from.d) return `on ${dayText(from)}`;
  return `from ${dayText(from)} to ${dayText(last)}`;
}
