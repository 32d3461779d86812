/**
 * When to ask which of two readings is meant, and how to ask it. Two readings are a close call when the
 * words tied between two columns or routes (the builder had no preference). The planner then hands both
 * to the pipeline, which runs them: a close call whose rows agree is answered (the choice did not matter),
 * one whose rows differ is a clarifying question naming both (answer-question.ts). A margin between the
 * ranker's probabilities is not a close call yet: on spider-train, readings one open choice apart had
 * nearly the same features, and asking about every such pair declined right answers (see docs/accuracy.md).
 */
import type { ReadingCandidate } from '../planner/planner';

type Choice = ReadingCandidate['choices'][number];

/** The first choice at which two readings of one question went different ways. */
function firstDifference(a: ReadingCandidate, b: ReadingCandidate): { at: Choice; other: Choice } | undefined {
  for (let i = 0; i < Math.min(a.choices.length, b.choices.length); i++) {
    const [x, y] = [a.choices[i]!, b.choices[i]!];
    if (x.taken !== y.taken) return { at: x, other: y };
  }
  return undefined;
}

/** The runner-up worth asking about, among `others` (most likely first), or none. */
export function closeRunnerUp(chosen: ReadingCandidate, others: readonly ReadingCandidate[]): ReadingCandidate | undefined {
  return others.find((other) => firstDifference(chosen, other)?.at.tied === true);
}

/** The question back, in the words of the choice the two readings differ at. */
export function askBetween(chosen: ReadingCandidate, runnerUp: ReadingCandidate): { message: string; options: string[] } {
  const difference = firstDifference(chosen, runnerUp)!;
  const options = [difference.at.options[difference.at.taken]!, difference.other.options[difference.other.taken]!];
  const message = difference.at.words === undefined || difference.at.words.trim() === '' ? `Do you mean ${options[0]} or ${options[1]}?` : `"${difference.at.words}" could mean ${options[0]} or ${options[1]}. Which one do you mean?`;
  return { message, options };
}
