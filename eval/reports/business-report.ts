/**
 * business: questions in business users' own words over 10 spider-train databases, each database
 * introspected as the app does at start-up (no model file, TENANCY=none, empty context). Figures overall,
 * per set (business vs business-followup), per question class and per database; every wrong answer goes
 * to a generated file of its own (docs/business-wrong.md).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUSINESS_CLASSES, BUSINESS_SETS, businessDatabasePath, loadBusinessQuestions, toBusinessItem, type BusinessQuestion } from '../business/business-set';
import { REPO_ROOT } from '../lib/eval-config';
import type { SetReport } from '../lib/report';
import type { ItemResult } from '../lib/run-items';
import { runOnTarget } from '../lib/run-set';
import { coverage, precision, tallyResults, type ClassTally } from '../lib/tally';
import { declineReasonsMarkdown } from './decline-reasons';
import { progress } from './progress';

export const BUSINESS_WRONG_PATH = join(REPO_ROOT, 'docs', 'business-wrong.md');

export interface BusinessRun {
  questions: BusinessQuestion[];
  databases: string[];
  results: ItemResult[];
}

export async function runBusiness(options: { verbose: boolean; db?: string }): Promise<BusinessRun> {
  const questions = loadBusinessQuestions().filter((q) => options.db === undefined || q.db === options.db);
  if (questions.length === 0) throw new Error(`the business set has no database ${options.db ?? ''}`);
  const databases = [...new Set(questions.map((q) => q.db))];
  const results: ItemResult[] = [];
  for (const db of databases) {
    const ofDb = questions.filter((q) => q.db === db);
    results.push(...(await runOnTarget(ofDb.map(toBusinessItem), { enginePath: businessDatabasePath(ofDb[0]!) }, progress(options.verbose))));
  }
  return { questions, databases, results };
}

const pct = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
const ratio = (part: number, whole: number): string => (whole === 0 ? '–' : `${pct(part / whole)} (${part}/${whole})`);

/** The results regrouped under another key (the report's tables are by set, class or database). */
function regrouped(run: BusinessRun, key: (q: BusinessQuestion) => string): ItemResult[] {
  const byId = new Map(run.questions.map((q) => [q.id, q]));
  return run.results.map((r) => ({ ...r, item: { ...r.item, class: key(byId.get(r.item.id)!) } }));
}

const HEAD = '| questions | answered | coverage | right | precision | unanswerable declined |';

function row(label: string, t: ClassTally, unanswerable: ClassTally | undefined): string {
  return `| ${label} | ${t.questions} | ${t.answered} | ${pct(coverage(t))} | ${t.right} | ${pct(precision(t))} | ${unanswerable && unanswerable.questions > 0 ? `${unanswerable.correctDeclines}/${unanswerable.questions}` : ''} |`;
}

/** One table of answerable figures per group, with each group's unanswerable declines beside them. */
function groupTable(title: string, run: BusinessRun, key: (q: BusinessQuestion) => string, order: readonly string[]): string {
  const results = regrouped(run, key);
  const lines = [`| ${title} ${HEAD}`, '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const name of order) {
    const ofGroup = results.filter((r) => r.item.class === name);
    if (ofGroup.length === 0) continue;
    const tally = tallyResults(ofGroup, []);
    // A group's precision counts its answered unanswerable questions as wrong, like the overall figure.
    const all: ClassTally = { ...tally.answerable, name, questions: ofGroup.length, answered: tally.answerable.answered + tally.unanswerable.answered };
    lines.push(row(name, all, tally.unanswerable));
  }
  return lines.join('\n');
}

export interface BusinessHeadline {
  answerable: number;
  answered: number;
  right: number;
  precision: number | null;
  coverageOfAnswerable: number | null;
  unanswerable: number;
  unanswerableDeclined: number;
  followUps: number;
  followUpsAnswered: number;
  followUpsRight: number;
}

export function businessHeadline(run: BusinessRun): BusinessHeadline {
  const tally = tallyResults(run.results, []);
  const followUps = run.results.filter((r) => r.item.opening !== undefined);
  const answered = tally.answerable.answered + tally.unanswerable.answered;
  return {
    answerable: tally.answerable.questions,
    answered: tally.answerable.answered,
    right: tally.answerable.right,
    precision: answered === 0 ? null : tally.answerable.right / answered,
    coverageOfAnswerable: coverage(tally.answerable),
    unanswerable: tally.unanswerable.questions,
    unanswerableDeclined: tally.unanswerable.correctDeclines,
    followUps: followUps.length,
    followUpsAnswered: followUps.filter((r) => r.answered).length,
    followUpsRight: followUps.filter((r) => r.verdict === 'right').length,
  };
}

export function headlineLine(h: BusinessHeadline): string {
  return `business: answered ${h.answered} of ${h.answerable} answerable (coverage ${pct(h.coverageOfAnswerable)}), ${h.right} right (precision ${pct(h.precision)}, answered unanswerable counted wrong); unanswerable declined ${ratio(h.unanswerableDeclined, h.unanswerable)}; follow-ups right ${ratio(h.followUpsRight, h.followUpsAnswered)} of answered (${h.followUpsAnswered} of ${h.followUps} answered)`;
}

export function businessSection(run: BusinessRun): string {
  const h = businessHeadline(run);
  return [
    '## Set `business`',
    '',
    `business (../shared/eval/business, issue 38): ${run.questions.length} questions in business users' own words over ${run.databases.length} spider-train databases, written from schema and data alone before any engine run, answered with the model the app introspects at start-up (SEMANTIC_MODEL unset, TENANCY=none, empty context). An answer is right when it matches any one of the question's golds; an unanswerable question is right only when declined; a follow-up's opening question (\`first\`) is asked first in the same conversation and not scored. Every wrong answer is listed in [business-wrong.md](business-wrong.md).`,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| precision (right / answered, answered unanswerable counted wrong) | ${pct(h.precision)} (${h.right}/${h.answered + (h.unanswerable - h.unanswerableDeclined)}) |`,
    `| coverage of the answerable | ${ratio(h.answered, h.answerable)} |`,
    `| unanswerable declined | ${ratio(h.unanswerableDeclined, h.unanswerable)} |`,
    `| follow-ups right of answered | ${ratio(h.followUpsRight, h.followUpsAnswered)} |`,
    '',
    '### By set',
    '',
    groupTable('set', run, (q) => q.set, BUSINESS_SETS),
    '',
    '### By class',
    '',
    groupTable('class', run, (q) => q.class, BUSINESS_CLASSES),
    '',
    '### By database',
    '',
    groupTable('database', run, (q) => q.db, run.databases),
    '',
    declineReasonsMarkdown(run.results, 25),
  ].join('\n');
}

const md = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function businessWrongMarkdown(run: BusinessRun, measured: Date): string {
  const byId = new Map(run.questions.map((q) => [q.id, q]));
  const bad = run.results.filter((r) => r.verdict === 'wrong' || r.verdict === 'error');
  const parts = [
    '# business: every wrong answer',
    '',
    `Generated by \`npm run eval -- --set business\` (eval/reports/business-report.ts) on ${measured.toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand. A wrong answer is a figure, list or statement the caller would have seen that matches none of the question's golds on the same data, or any answer to a question that must be declined.`,
    '',
    `## ${bad.length} wrong or failed`,
    '',
  ];
  for (const r of bad) {
    const q = byId.get(r.item.id)!;
    parts.push(`- **${q.id}** (${q.db}, ${q.class}) ${q.first === undefined ? '' : `after “${md(q.first)}”, `}“${md(q.question)}” — ${r.verdict}: ${md(r.detail)}`);
    if (r.engineSql) parts.push(`  - engine SQL: \`${r.engineSql.replace(/`/g, "'")}\``);
    parts.push(...(q.gold.length === 0 ? ['  - gold: decline'] : q.gold.map((sql) => `  - gold SQL: \`${sql.replace(/`/g, "'")}\``)));
  }
  return parts.join('\n') + '\n';
}

export function writeBusinessWrong(run: BusinessRun, measured: Date): void {
  writeFileSync(BUSINESS_WRONG_PATH, businessWrongMarkdown(run, measured));
}

/** The run as a SetReport by class, for the plain-text table on stdout. */
export function businessReport(run: BusinessRun): SetReport {
  return { set: 'business', description: '', tally: tallyResults(run.results, BUSINESS_CLASSES), results: run.results };
}
