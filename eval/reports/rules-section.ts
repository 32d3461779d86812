/**
 * docs/accuracy.md's rule table: precision by rule on every set, from each set's last stored run, sorted by
 * precision on the breadth set (spider-train, both wordings). A rule under 0.95 there is named with what we
 * will do about it (eval/sets/rule-plans.json, written by hand; a rule without a plan says so).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SETS_DIR } from '../lib/eval-config';
import { byPrecision, ruleTableMarkdown, storedResults, tallyRules, type RuleTally } from '../lib/rule-tally';

const BREADTH = 'spider-train';
const THRESHOLD = 0.95;
const planSchema = z.record(z.string(), z.string());

function plans(): Record<string, string> {
  return planSchema.parse(JSON.parse(readFileSync(join(SETS_DIR, 'rule-plans.json'), 'utf8')));
}

export function rulesSection(): string | undefined {
  const columns: Array<{ set: string; tallies: RuleTally[] }> = [];
  const breadth = storedResults(BREADTH);
  if (breadth === undefined) return undefined;
  columns.push({ set: 'spider-train (both wordings)', tallies: tallyRules(breadth) });
  columns.push({ set: 'spider-train `question`', tallies: tallyRules(breadth.filter((r) => !r.id.endsWith('-syn'))) });
  columns.push({ set: 'spider-train `synonymQuestion`', tallies: tallyRules(breadth.filter((r) => r.id.endsWith('-syn'))) });
  for (const set of ['spider', 'heldout', 'kaggle-introspected', 'demo', 'renamed']) {
    const results = storedResults(set);
    if (results !== undefined) columns.push({ set, tallies: tallyRules(results) });
  }
  const sortBy = columns[0]!.set;
  const weak = byPrecision(columns[0]!.tallies).filter((t) => t.answered > 0 && t.right / t.answered < THRESHOLD);
  const written = plans();
  return [
    '## Precision by rule',
    '',
    `Each answered question counts for every rule (and builder decision) that took part in reading it, from the answer's trace; a cell is precision (right / answered questions the rule took part in). Sorted by precision on ${sortBy}, lowest first. Rules whose answers are often wrong on databases nobody tuned for are where wrong answers come from; most answers rest on several rules, so a weak rule shares the blame with its neighbours.`,
    '',
    ruleTableMarkdown(columns, sortBy),
    '',
    `### Rules under ${THRESHOLD} on the breadth set, and what we will do`,
    '',
    ...(weak.length === 0
      ? ['None.']
      : weak.map((t) => `- \`${t.rule}\` (${((100 * t.right) / t.answered).toFixed(1)}%, ${t.right}/${t.answered}): ${written[t.rule] ?? 'no plan written yet.'}`)),
  ].join('\n');
}
