/**
 * Renders a set's figures: a plain-text table for stdout and a markdown section for docs/accuracy.md, with
 * every wrong answer, refusal and error listed so engineers can fix them one by one.
 */
import { coverage, precision, type ClassTally, type SetTally } from './tally';
import type { ItemResult } from './run-items';

const pct = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

interface Row {
  cells: string[];
}

function tallyRow(t: ClassTally, isUnanswerable: boolean): Row {
  return {
    cells: [
      t.name,
      String(t.questions),
      String(t.answered),
      pct(coverage(t)),
      String(t.right),
      pct(precision(t)),
      String(t.errors),
      isUnanswerable ? `${t.correctDeclines}/${t.questions}` : '',
    ],
  };
}

const HEADERS = ['class', 'questions', 'answered', 'coverage', 'right', 'precision', 'errors', 'correct declines'];

function rowsOf(tally: SetTally): Row[] {
  const rows = tally.classes.map((t) => tallyRow(t, t.name === 'unanswerable'));
  rows.push(tallyRow(tally.answerable, false));
  if (tally.unanswerable.questions > 0) rows.push(tallyRow(tally.unanswerable, true));
  return rows;
}

export function textTable(title: string, tally: SetTally): string {
  const rows = [{ cells: HEADERS }, ...rowsOf(tally)];
  const widths = HEADERS.map((_, i) => Math.max(...rows.map((r) => (r.cells[i] ?? '').length)));
  const line = (r: Row): string => r.cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const [head, ...body] = rows;
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [title, head ? line(head) : '', rule, ...body.map(line), rule, `overall precision (incl. answered unanswerable): ${pct(tally.overallPrecision)}`].join('\n');
}

const md = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdownTable(tally: SetTally): string {
  const rows = rowsOf(tally);
  return [
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.cells.map(md).join(' | ')} |`),
  ].join('\n');
}

function problemList(results: readonly ItemResult[]): string {
  const wrong = results.filter((r) => r.verdict === 'wrong');
  const errors = results.filter((r) => r.verdict === 'error');
  const declined = results.filter((r) => r.verdict === 'declined');
  const entry = (r: ItemResult): string => {
    const chain = r.item.chain ? ` (chain ${r.item.chain.id}, step ${r.item.chain.step})` : '';
    const org = r.item.orgId === undefined ? '' : ` [org ${r.item.orgId}]`;
    const sql = r.engineSql ? `\n  - engine SQL: \`${r.engineSql.replace(/`/g, "'")}\`` : '';
    const gold = 'sql' in r.item.gold ? `\n  - gold SQL: \`${r.item.gold.sql.replace(/`/g, "'")}\`` : 'plan' in r.item.gold ? '\n  - gold: a verified plan' : '\n  - gold: decline';
    return `- **${r.item.id}**${org}${chain} “${md(r.item.question)}” — ${md(r.detail)}${sql}${gold}`;
  };
  const section = (title: string, list: ItemResult[], why: string): string =>
    list.length === 0 ? `#### ${title}: none` : `#### ${title} (${list.length})\n\n${why}\n\n${list.map(entry).join('\n')}`;
  return [
    section('Wrong answers', wrong, 'Answered, but the rows differ from the gold rows (or the question should have been declined).'),
    section('Errors', errors, 'The pipeline threw instead of answering or declining.'),
    section('Declined answerable questions', declined, 'Not wrong, but lost coverage; the engine’s message is shown.'),
  ].join('\n\n');
}

export interface SetReport {
  set: string;
  description: string;
  tally: SetTally;
  results: ItemResult[];
  extra?: string;
}

export function markdownSection(report: SetReport): string {
  const medianMs = median(report.results.map((r) => r.ms));
  return [
    `## Set \`${report.set}\``,
    '',
    report.description,
    '',
    markdownTable(report.tally),
    '',
    `Overall precision including answered unanswerable questions: **${pct(report.tally.overallPrecision)}**. Median time per question through the whole pipeline (understand, compile, execute, shape): ${medianMs.toFixed(2)} ms.`,
    '',
    ...(report.extra ? [report.extra, ''] : []),
    '### Failures to fix',
    '',
    problemList(report.results),
  ].join('\n');
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
