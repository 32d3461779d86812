/**
 * docs/accuracy.md's business readings by rule (issue 38): for each rule that read the schema at
 * introspection (packages/core/src/semantic, "<family>.<what>"), how many readings it made on each set's
 * databases, and the precision of the answered questions it took part in (from each answer's trace), on
 * every set that introspects its model. A reading that fires often and is wrong often is the first to
 * tighten; one that never takes part in an answer may be dead.
 */
import { storedReadingsMade, type ReadingsMade } from '../lib/readings-made';
import { storedResults, tallyRules, type RuleTally } from '../lib/rule-tally';
import type { StoredResult } from '../lib/results-file';

interface Column {
  set: string;
  name: string;
  made: ReadingsMade | undefined;
  results: StoredResult[] | undefined;
}

const INTROSPECTED_SETS = ['business', 'spider-train', 'spider', 'heldout', 'kaggle-introspected'];

const pct = (t: RuleTally | undefined): string => (t === undefined || t.answered === 0 ? '–' : `${((100 * t.right) / t.answered).toFixed(1)}% (${t.right}/${t.answered})`);

function columns(): Column[] {
  const out: Column[] = [];
  for (const set of INTROSPECTED_SETS) {
    const results = storedResults(set);
    const made = storedReadingsMade(set);
    if (set === 'spider-train' && results !== undefined) {
      out.push({ set, name: 'spider-train (both wordings)', made, results });
      out.push({ set, name: 'spider-train `question`', made, results: results.filter((r) => !r.id.endsWith('-syn')) });
      out.push({ set, name: 'spider-train `synonymQuestion`', made, results: results.filter((r) => r.id.endsWith('-syn')) });
    } else out.push({ set, name: set, made, results });
  }
  return out.filter((c) => c.results !== undefined || c.made !== undefined);
}

export function readingsSection(): string | undefined {
  const sets = columns();
  const rules = [...new Set(sets.flatMap((c) => Object.keys(c.made ?? {})))].sort();
  if (rules.length === 0) return undefined;
  const madeSets = sets.filter((c, i) => sets.findIndex((other) => other.set === c.set) === i);
  const tallies = sets.map((c) => new Map(tallyRules(c.results ?? []).map((t) => [t.rule, t])));
  const madeCell = (made: ReadingsMade | undefined, rule: string): string => {
    if (made === undefined) return '–';
    const m = made[rule];
    return m === undefined ? '0' : `${m.readings} on ${m.databases} db`;
  };
  return [
    '## Business readings by rule',
    '',
    'Each rule that reads the schema at introspection (issue 38: money, roles, states, dates, names) with the readings it made on each set\'s databases, then the precision of the answered questions whose trace names it (right / answered). A reading only counts where a question used a word it gave; – means the set has not been run since readings were recorded. Sets with a hand-written model make no readings and are left out.',
    '',
    '### Readings made at introspection',
    '',
    `| rule | ${madeSets.map((c) => c.set).join(' | ')} |`,
    `| --- | ${madeSets.map(() => '---:').join(' | ')} |`,
    ...rules.map((rule) => `| \`${rule}\` | ${madeSets.map((c) => madeCell(c.made, rule)).join(' | ')} |`),
    '',
    '### Precision of the answers each reading took part in',
    '',
    `| rule | ${sets.map((c) => c.name).join(' | ')} |`,
    `| --- | ${sets.map(() => '---:').join(' | ')} |`,
    ...rules.map((rule) => `| \`${rule}\` | ${tallies.map((t) => pct(t.get(rule))).join(' | ')} |`),
  ].join('\n');
}
