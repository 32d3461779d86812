/**
 * docs/accuracy.md's "Readings weighed" section (issue 39): on spider-train, per half and wording, how many
 * questions the builder's open choices gave several readings, how often the reading chosen was right
 * against how often any of them was (what a perfect choice would reach), and the questions asked back
 * between two readings with how often the right reading was among the two offered. From the last stored run.
 */
import type { StoredResult } from '../lib/results-file';
import { storedResults } from '../lib/rule-tally';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions, type Half } from '../spider-train/spider-train-set';

interface ReadingsTally {
  several: number;
  chosenRight: number;
  anyRight: number;
  asked: number;
  offeredRight: number;
}

function tally(results: readonly StoredResult[]): ReadingsTally {
  const several = results.filter((r) => (r.candidates?.length ?? 0) > 1);
  const asked = results.filter((r) => r.offeredRight !== undefined);
  return {
    several: several.length,
    chosenRight: several.filter((r) => r.candidates![0]!.verdict === 'right').length,
    anyRight: several.filter((r) => r.candidates!.some((c) => c.verdict === 'right')).length,
    asked: asked.length,
    offeredRight: asked.filter((r) => r.offeredRight === true).length,
  };
}

const share = (part: number, whole: number): string => (whole === 0 ? '–' : `${part} (${((100 * part) / whole).toFixed(1)}%)`);

export function readingsWeighedSection(): string | undefined {
  const results = storedResults('spider-train');
  if (results === undefined) return undefined;
  const questions = loadSpiderTrainQuestions(loadSpiderTrainFixes());
  const rows: string[] = [];
  for (const half of ['first', 'second'] as Half[]) {
    const databases = new Set(databasesOfHalf(questions, half));
    for (const wording of ['question', 'synonymQuestion'] as const) {
      const own = results.filter((r) => databases.has(r.class) && r.id.endsWith('-syn') === (wording === 'synonymQuestion'));
      const t = tally(own);
      rows.push(`| ${half === 'first' ? 'calibration' : 'report'} half, \`${wording}\` | ${t.several} | ${share(t.chosenRight, t.several)} | ${share(t.anyRight, t.several)} | ${t.asked} | ${share(t.offeredRight, t.asked)} |`);
    }
  }
  return [
    '## Readings weighed',
    '',
    'Where the words leave a choice open (a column among several, equally good columns, the route through related rows), every choice is a reading of its own (packages/core/src/nl/kernel/choices.ts), and the planner weighs them. A close call whose readings return different rows is asked back, naming both ("by the author\'s country or by the publisher\'s country?"); one whose rows agree is answered. Asked-back questions count as declines. "Any reading right" is what a perfect choice among the readings would reach.',
    '',
    '| spider-train | questions with several readings | the chosen reading right | any reading right | asked back between two | the right reading among the two offered |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
