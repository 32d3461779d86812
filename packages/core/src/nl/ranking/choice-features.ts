/**
 * The builder's open choices as ranking features: each choice a reading made, by its kind and whether it
 * took the builder's own preference (`choice:column:0`), its second option (`:1`) or one further down
 * (`:2+`); and how many readings the question had, bucketed. The learned weights then say how far the
 * builder's preference is to be trusted at each kind of choice, and how much several readings cast doubt
 * on all of them (the "none is right" option of the log-linear model).
 */
import type { ChoiceMade } from '../kernel/choices';

export const bucket = (n: number, cuts: readonly number[]): string => {
  const index = cuts.findIndex((cut) => n <= cut);
  return index < 0 ? `${cuts.at(-1)}+` : String(cuts[index]);
};

export function choiceFeatures(choices: readonly ChoiceMade[]): string[] {
  return [...new Set(choices.map((c) => `choice:${c.point}:${c.taken >= 2 ? '2+' : String(c.taken)}`))];
}

/** The number of readings the question's open choices allowed (1 when the words left nothing open). */
export function readingsFeature(readings: number): string {
  return `readings:${bucket(readings, [1, 2, 4, 8])}`;
}
