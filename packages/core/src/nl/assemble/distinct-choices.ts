/**
 * The options of a clarifying question, one per meaning. Two readings can mean the same thing (a taught
 * word for "revenue" next to "revenue" itself gave "Do you want revenue or revenue?"), and two different
 * meanings can have the same label (two entities' "revenue"). Choices are deduplicated by what they mean;
 * a label that still repeats is qualified with the name of what it means, so no two options read alike.
 * A caller left with one choice has no question to ask: it goes on with that choice.
 */
import type { MeasureIntent } from '../intents';

export interface Choice<T> {
  /** What the choice means, as a stable key (two choices with one key are one choice). */
  meaning: string;
  label: string;
  value: T;
}

export function distinctChoices<T>(choices: readonly Choice<T>[]): Array<{ label: string; value: T }> {
  const byMeaning = new Map<string, Choice<T>>();
  for (const choice of choices) if (!byMeaning.has(choice.meaning)) byMeaning.set(choice.meaning, choice);
  const kept = [...byMeaning.values()];
  const count = new Map<string, number>();
  for (const { label } of kept) count.set(label, (count.get(label) ?? 0) + 1);
  return kept.map(({ meaning, label, value }) => ({ label: (count.get(label) ?? 0) > 1 ? `${label} (${meaning})` : label, value }));
}

/** What a measure intent means: the same measure, count or aggregation over the same fields is one meaning. */
export function intentMeaning(intent: MeasureIntent): string {
  switch (intent.kind) {
    case 'model':
      return `${intent.entity}.${intent.measure}`;
    case 'count':
      return `count of ${intent.entity}`;
    case 'distinct':
      return `distinct ${intent.entity}${intent.via === undefined ? '' : ` via ${intent.via}`}`;
    case 'aggregate':
      return `${intent.aggregation} of ${intent.fields.map((f) => `${f.entity}.${f.field}`).join(', ')}`;
  }
}
