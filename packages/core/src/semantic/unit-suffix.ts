/**
 * Column names often end in the unit their numbers are in ("height_cm", "weight_kg", "duration_min",
 * "RuntimeMin"); questions name the quantity ("the tallest player" -> height, "the average weight").
 * This splits such a name into the quantity and the unit written out, so an introspected field is labelled
 * "height in centimetres" and also answers to "height". Only the last word counts, and "min" is minutes
 * only after a word for a span of time ("duration min", "runtime min"); elsewhere ("price min") it stays
 * the minimum that expand-abbreviations.ts reads.
 */
import { lookupTable } from './name-record';

const UNITS = lookupTable<string>({
  cm: 'centimetres', mm: 'millimetres', km: 'kilometres', kg: 'kilograms', kgs: 'kilograms', lb: 'pounds', lbs: 'pounds',
  mins: 'minutes', secs: 'seconds', sec: 'seconds', hrs: 'hours', hr: 'hours', ms: 'milliseconds', kcal: 'kilocalories',
  minutes: 'minutes', seconds: 'seconds', hours: 'hours', days: 'days',
});

/** Words for a span of time, after which "min" is minutes. */
const DURATIONS = new Set(['duration', 'runtime', 'run', 'running', 'time', 'length', 'delay', 'wait', 'waiting', 'prep', 'preparation', 'cook', 'cooking', 'travel', 'trip', 'flight', 'call', 'session', 'play', 'playing', 'service']);

export interface UnitSuffix {
  /** What is measured: "height", "duration". */
  quantity: string;
  /** The unit written out: "centimetres", "minutes". */
  unit: string;
}

/** The quantity and unit of a humanized column name ("height cm"), or undefined when it ends in no unit. */
export function unitSuffix(label: string): UnitSuffix | undefined {
  const words = label.split(' ');
  if (words.length < 2) return undefined;
  const last = words[words.length - 1]!;
  const previous = words[words.length - 2]!;
  const unit = UNITS[last] ?? (last === 'min' && DURATIONS.has(previous) ? 'minutes' : undefined);
  if (unit === undefined || /^\d/.test(previous)) return undefined;
  return { quantity: words.slice(0, -1).join(' '), unit };
}
