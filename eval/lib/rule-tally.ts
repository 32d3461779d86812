/**
 * Precision by rule: for each rule (and builder decision), how many answered questions it took part in and
 * how many of those were right. A rule whose answers are often wrong on databases nobody tuned for is the
 * first place to look; one that never takes part may be dead.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { StoredResult } from './results-file';
import { resultsPath } from './results-file';

export interface RuleTally {
  rule: string;
  answered: number;
  right: number;
}

export function tallyRules(results: ReadonlyArray<Pick<StoredResult, 'verdict' | 'rules'>>): RuleTally[] {
  const byRule = new Map<string, RuleTally>();
  for (const result of results) {
    if (result.verdict !== 'right' && result.verdict !== 'wrong') continue;
    for (const rule of new Set(result.rules ?? [])) {
      const tally = byRule.get(rule) ?? { rule, answered: 0, right: 0 };
      tally.answered++;
      if (result.verdict === 'right') tally.right++;
      byRule.set(rule, tally);
    }
  }
  return [...byRule.values()];
}

const precisionOf = (t: RuleTally): number => (t.answered === 0 ? 1 : t.right / t.answered);

/** Lowest precision first; ties by the number of answers (more first), then by name. */
export function byPrecision(tallies: readonly RuleTally[]): RuleTally[] {
  return [...tallies].sort((a, b) => precisionOf(a) - precisionOf(b) || b.answered - a.answered || a.rule.localeCompare(b.rule));
}

/** The last stored run of a set (eval/.cache/results), or undefined when it has not been run. */
export function storedResults(set: string): StoredResult[] | undefined {
  const path = resultsPath(set);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as StoredResult[]) : undefined;
}

const pct = (t: RuleTally | undefined): string => (t === undefined || t.answered === 0 ? '–' : `${((100 * t.right) / t.answered).toFixed(1)}% (${t.right}/${t.answered})`);

/** One line per rule for stdout: answered and right, and the precision. */
export function ruleLines(tallies: readonly RuleTally[]): string[] {
  const width = Math.max(...tallies.map((t) => t.rule.length), 4);
  return byPrecision(tallies).map((t) => `  ${t.rule.padEnd(width)}  ${String(t.answered).padStart(5)} answered  ${String(t.right).padStart(5)} right  ${pct(t)}`);
}

/** The markdown table: one row per rule, a column per set, sorted by precision on `sortBy`. */
export function ruleTableMarkdown(perSet: ReadonlyArray<{ set: string; tallies: RuleTally[] }>, sortBy: string): string {
  const lookup = new Map(perSet.map(({ set, tallies }) => [set, new Map(tallies.map((t) => [t.rule, t]))]));
  const rules = [...new Set(perSet.flatMap((s) => s.tallies.map((t) => t.rule)))];
  const key = lookup.get(sortBy) ?? new Map<string, RuleTally>();
  const ordered = byPrecision(rules.map((rule) => key.get(rule) ?? { rule, answered: 0, right: 0 })).map((t) => t.rule);
  return [
    `| rule | ${perSet.map((s) => s.set).join(' | ')} |`,
    `| --- | ${perSet.map(() => '---:').join(' | ')} |`,
    ...ordered.map((rule) => `| \`${rule}\` | ${perSet.map((s) => pct(lookup.get(s.set)?.get(rule))).join(' | ')} |`),
  ].join('\n');
}
