/**
 * The trace entry that shows what the ranker weighed (and so the explain output): every reading with its
 * probability, each named by the choices that set it apart from the builder's preferred reading, and the
 * features that decided between the answered reading and the next most probable one (the largest
 * differences of weight × value between the two).
 */
import type { TraceEntry } from '../../planner/trace';
import type { ChoiceMade } from '../kernel/choices';
import type { ReadingWeights } from './log-linear';

export interface WeighedReading {
  probability: number;
  evidence: Readonly<Record<string, number>>;
  choices: readonly ChoiceMade[];
}

/** How many deciding features to name. */
const DECIDING = 3;

/** A reading in words: the options it took where the builder's choices were open ("country" as supplier country). */
function named(reading: WeighedReading): string {
  const taken = reading.choices.map((c) => `${c.words === undefined || c.words.trim() === '' ? '' : `"${c.words}" as `}${c.options[c.taken]}`);
  return taken.length === 0 ? 'the builder\'s reading' : taken.join(', ');
}

function deciding(first: WeighedReading, second: WeighedReading, weights: ReadingWeights): string[] {
  const names = new Set([...Object.keys(first.evidence), ...Object.keys(second.evidence)]);
  return [...names]
    .map((name) => ({ name, by: (weights.weights[name] ?? 0) * ((first.evidence[name] ?? 0) - (second.evidence[name] ?? 0)) }))
    .filter((d) => Math.abs(d.by) >= 0.005)
    .sort((a, b) => Math.abs(b.by) - Math.abs(a.by) || a.name.localeCompare(b.name))
    .slice(0, DECIDING)
    .map((d) => `${d.name} ${d.by > 0 ? '+' : ''}${d.by.toFixed(2)}`);
}

/** `ranked`: the question's readings, most probable (the answered one) first; at least two. */
export function readingsWeighedEntry(ranked: readonly WeighedReading[], weights: ReadingWeights): TraceEntry {
  const list = ranked.map((r, i) => `${i === 0 ? 'answered: ' : ''}${named(r)} (probability ${r.probability.toFixed(2)})`).join('; ');
  const why = deciding(ranked[0]!, ranked[1]!, weights);
  const reason = `weighed ${ranked.length} readings: ${list}${why.length === 0 ? '; nothing learned tells the first two apart' : `; deciding between the first two: ${why.join(', ')}`}`;
  return { step: 'verify', rule: 'verify.readings-weighed', words: '', reason, chosen: true };
}
