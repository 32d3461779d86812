/**
 * Measures date parsers on the issue-19 phrase list (packages/core/test/support/date-phrase-list.ts):
 * for each phrase asked as "revenue <phrase>", is exactly one period found with the listed [start, end)
 * (correct), a period with another range (wrong), or none (miss); and is any period found in text that
 * holds none (false positive). Labels are counted apart, since each approach writes its own. Writes the
 * table into docs/dates.md. Run: `npm run eval:dates`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATE_PHRASES, NOT_DATES, PHRASE_LIST_NOW } from '@askdata/core/testing';
import { type DateRangeMatch, GRAMMAR_FINDERS, findDatePhrasesWith } from '../../packages/core/src/time/date-phrases';
import type { CandidateFinder } from '../../packages/core/src/time/phrase-rules/index';
import { REPO_ROOT } from '../lib/eval-config';
import { chronoFinder } from './chrono-finder';

interface Tally {
  name: string;
  correct: number;
  wrong: string[];
  missed: string[];
  labels: number;
  falsePositives: string[];
  microsPerPhrase: number;
}

function measure(name: string, finders: readonly CandidateFinder[]): Tally {
  const tally: Tally = { name, correct: 0, wrong: [], missed: [], labels: 0, falsePositives: [], microsPerPhrase: microsPerText(finders) };
  for (const c of DATE_PHRASES) {
    const found: DateRangeMatch[] = findDatePhrasesWith(finders, `revenue ${c.phrase}`, { now: PHRASE_LIST_NOW, timezone: c.timezone ?? 'UTC' });
    const shown = `${c.phrase}${c.timezone ? ` (${c.timezone})` : ''}`;
    if (found.length === 0) tally.missed.push(shown);
    else if (found.length === 1 && found[0]!.start === c.start && found[0]!.end === c.end) {
      tally.correct += 1;
      if (found[0]!.label === c.label) tally.labels += 1;
    } else tally.wrong.push(`${shown} → ${found.map((f) => `[${f.start?.slice(0, 10) ?? '…'}, ${f.end?.slice(0, 10) ?? '…'}) "${f.text}"`).join(' + ')}`);
  }
  for (const text of NOT_DATES) {
    const found = findDatePhrasesWith(finders, text, { now: PHRASE_LIST_NOW });
    if (found.length > 0) tally.falsePositives.push(`${text} → "${found.map((f) => f.text).join('", "')}"`);
  }
  return tally;
}

/** Mean time per text over every phrase and non-date, after a warm-up (a rough figure, not a benchmark). */
function microsPerText(finders: readonly CandidateFinder[]): number {
  const texts = [...DATE_PHRASES.map((c) => `revenue ${c.phrase}`), ...NOT_DATES];
  const run = (): void => {
    for (const text of texts) findDatePhrasesWith(finders, text, { now: PHRASE_LIST_NOW });
  };
  for (let i = 0; i < 20; i++) run();
  const rounds = 100;
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / rounds / texts.length;
}

function report(tallies: readonly Tally[]): string {
  const total = DATE_PHRASES.length;
  const lines = [
    `Measured on ${total} phrases and ${NOT_DATES.length} non-dates, now = ${PHRASE_LIST_NOW.toISOString()} (\`npm run eval:dates\`).`,
    '',
    '| approach | correct ranges | wrong ranges | misses | labels as listed | false positives | µs per question (mean, warm) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...tallies.map((t) => `| ${t.name} | ${t.correct}/${total} | ${t.wrong.length} | ${t.missed.length} | ${t.labels}/${total} | ${t.falsePositives.length}/${NOT_DATES.length} | ${t.microsPerPhrase.toFixed(1)} |`),
  ];
  for (const t of tallies) {
    const details = [...t.wrong.map((w) => `wrong: ${w}`), ...t.missed.map((m) => `missed: ${m}`), ...t.falsePositives.map((f) => `false positive: ${f}`)];
    if (details.length === 0) continue;
    lines.push('', `**${t.name}**`, '', ...details.map((d) => `- ${d}`));
  }
  return lines.join('\n');
}

const BEGIN = '<!-- BEGIN: measurement -->';
const END = '<!-- END: measurement -->';

function main(): void {
  const tallies = [measure('(a) our grammar', GRAMMAR_FINDERS), measure('(b) chrono-node for calendar days + our business periods', [chronoFinder])];
  const table = report(tallies);
  const path = join(REPO_ROOT, 'docs', 'dates.md');
  const doc = readFileSync(path, 'utf8');
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${path} has no ${BEGIN} … ${END} section`);
  writeFileSync(path, `${doc.slice(0, from + BEGIN.length)}\n${table}\n${doc.slice(to)}`);
  console.log(table);
}

main();
