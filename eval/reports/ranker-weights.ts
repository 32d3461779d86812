/**
 * docs/accuracy.md's table of the reading ranker's weights that matter most: the largest in size, with
 * their feature names, so a reader sees what the learned model leans on (and a weight that looks wrong
 * can be questioned). A feature's weight is added to the score of every reading that has it.
 */
import { FITTED_WEIGHTS } from '@askdata/core';

/** What a feature name's prefix means, for the table's reader. */
function kindOf(feature: string): string {
  if (feature.startsWith('rule:')) return 'a rule or builder decision took part';
  if (feature.startsWith('check:')) return 'a check found evidence';
  if (feature.startsWith('shape:')) return "the plan's shape";
  if (feature.startsWith('choice:')) return 'an open choice, and which option was taken (0: the builder’s preferred)';
  if (feature.startsWith('readings:')) return 'how many readings the question had';
  if (feature.startsWith('field:')) return 'a column the plan reads: its use, then a schema fact';
  if (feature.startsWith('word:')) return 'a logic word of the question (ranking/question-words.ts)';
  if (feature.startsWith('words:')) return "the question's length in words";
  if (feature === 'understanding') return 'how much of the question was read (0..1)';
  return 'another feature (ranking/features.ts)';
}

export function rankerWeightsTable(count = 25): string {
  const top = Object.entries(FITTED_WEIGHTS.weights)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, count);
  return [
    `### The ranker's weights that matter most`,
    '',
    `The ${count} largest of ${Object.keys(FITTED_WEIGHTS.weights).length} weights (bias ${FITTED_WEIGHTS.bias}; Platt scaling a = ${FITTED_WEIGHTS.platt.a}, b = ${FITTED_WEIGHTS.platt.b}), from packages/core/src/nl/ranking/weights.json. A positive weight makes a reading with that feature more probable, against the other readings and against "none is right".`,
    '',
    '| feature | weight | what it is |',
    '| --- | ---: | --- |',
    ...top.map(([name, weight]) => `| \`${name}\` | ${weight.toFixed(3)} | ${kindOf(name)} |`),
  ].join('\n');
}
