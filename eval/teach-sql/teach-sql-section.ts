/** The docs/accuracy.md sections of the verified-SQL measurement (teach-sql-report.ts), one per set. */
import { RELATION_LABELS, RELATIONS, type Relation } from './sql-shape';
import type { SecondHalfResult, TeachSqlDbRow, Wording } from './teach-sql-report';

const pct = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
const WORDING_LABEL: Record<Wording, string> = { question: '`question`', synonym: '`synonymQuestion`' };

interface Tally {
  asked: number;
  beforeAnswered: number;
  beforeRight: number;
  afterAnswered: number;
  afterRight: number;
  byVerified: number;
  byVerifiedRight: number;
  newlyWrong: number;
  /** After teaching, asked which was meant: a match the rules engine read another way. */
  conflicts: number;
}

function tally(results: readonly SecondHalfResult[]): Tally {
  const t: Tally = { asked: results.length, beforeAnswered: 0, beforeRight: 0, afterAnswered: 0, afterRight: 0, byVerified: 0, byVerifiedRight: 0, newlyWrong: 0, conflicts: 0 };
  for (const r of results) {
    if (r.before.answered) t.beforeAnswered++;
    if (r.before.verdict === 'right') t.beforeRight++;
    if (r.after.answered) t.afterAnswered++;
    if (r.after.verdict === 'right') t.afterRight++;
    if (r.verifiedRule !== undefined && r.after.answered) {
      t.byVerified++;
      if (r.after.verdict === 'right') t.byVerifiedRight++;
    }
    if (r.after.verdict === 'wrong' && r.before.verdict !== 'wrong') t.newlyWrong++;
    if (!r.after.answered && r.after.detail.includes('reads two ways')) t.conflicts++;
  }
  return t;
}

function row(label: string, t: Tally): string {
  return `| ${label} | ${t.asked} | ${pct(t.beforeAnswered, t.asked)} | ${pct(t.beforeRight, t.beforeAnswered)} | ${pct(t.afterAnswered, t.asked)} | ${pct(t.afterRight, t.afterAnswered)} | ${t.byVerified} | ${pct(t.byVerifiedRight, t.byVerified)} | ${t.conflicts} | ${t.newlyWrong} |`;
}

export interface TeachSqlClaims {
  /** Points of coverage the claim asks for, per wording. */
  coverageGain: Partial<Record<Wording, number>>;
  /** Precision asked of what the verified questions answer. */
  precision: number;
}

/** The first taught questions that their own SQL's plan did not answer right, with why. */
function taughtAgainWrong(rows: readonly TeachSqlDbRow[]): string[] {
  const wrong = rows.flatMap((r) => r.taughtAgain.wrong);
  if (wrong.length === 0) return [];
  return [
    `Taught questions not answered right when asked again (${wrong.length}${wrong.length > 15 ? ', the first 15' : ''}):`,
    '',
    ...wrong.slice(0, 15).map((r) => `- ${r.item.id} (${r.item.class}) “${r.item.question.replace(/\|/g, '\\|')}” — ${r.verdict}: ${r.detail.slice(0, 220).replace(/\|/g, '\\|')}; gold: \`${('sql' in r.item.gold ? r.item.gold.sql : '').replace(/`/g, "'")}\``),
    '',
  ];
}

export function teachSqlSection(title: string, intro: string, rows: readonly TeachSqlDbRow[], wordings: readonly Wording[], claims?: TeachSqlClaims): string {
  const firstHalf = rows.reduce((n, r) => n + r.firstHalf, 0);
  const offered = rows.reduce((n, r) => n + r.offered, 0);
  const accepted = rows.reduce((n, r) => n + r.accepted, 0);
  const refusals = new Map<string, number>();
  for (const r of rows) for (const [clause, n] of Object.entries(r.refusals)) refusals.set(clause, (refusals.get(clause) ?? 0) + n);
  const results = rows.flatMap((r) => r.results);
  const lines = [
    `## ${title}`,
    '',
    intro,
    '',
    '### First half: what was taught',
    '',
    `${rows.length} databases; ${firstHalf} first-half questions, of which ${offered} were declined or answered wrong and so taught as \`{question, gold SQL}\` through the import. The SQL import accepted **${accepted} of ${offered}** (${pct(accepted, offered)}); the others were refused, by the clause (or the check) that refused them:`,
    '',
    '| refused by | lines |',
    '|---|---:|',
    ...[...refusals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([clause, n]) => `| ${clause.replace(/\|/g, '\\|')} | ${n} |`),
    '',
    `Asked again after teaching, the ${rows.reduce((n, r) => n + r.taughtAgain.asked, 0)} taught questions were answered right ${pct(rows.reduce((n, r) => n + r.taughtAgain.right, 0), rows.reduce((n, r) => n + r.taughtAgain.asked, 0))} of the time: how often the plan read from a gold query gives that query's rows as the caller sees them (the rest are translations that differ, such as a list where the gold has a table of two columns, or a tie the gold breaks arbitrarily).`,
    '',
    ...taughtAgainWrong(rows),
    '### Second half: before and after teaching',
    '',
    'Coverage = answered / asked, precision = right / answered. "By a verified question" counts the answers after teaching whose trace names `verified.exact`, `verified.pattern` or `verified.paraphrase`; "newly wrong" the questions wrong after teaching that were not wrong before; "asked which was meant" the questions a verified question matched but the rules engine read confidently another way (a clarifying question, not an answer).',
    '',
    '| wording, gold relation | asked | coverage before | precision before | coverage after | precision after | by a verified question | their precision | asked which was meant | newly wrong |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const wording of wordings) {
    const ofWording = results.filter((r) => r.wording === wording);
    lines.push(row(`**${WORDING_LABEL[wording]}, all**`, tally(ofWording)));
    for (const relation of RELATIONS) lines.push(row(`${WORDING_LABEL[wording]}, ${RELATION_LABELS[relation as Relation]}`, tally(ofWording.filter((r) => r.relation === relation))));
  }
  const byRule = new Map<string, { n: number; right: number }>();
  for (const r of results) {
    if (r.verifiedRule === undefined || !r.after.answered) continue;
    const entry = byRule.get(r.verifiedRule) ?? { n: 0, right: 0 };
    entry.n++;
    if (r.after.verdict === 'right') entry.right++;
    byRule.set(r.verifiedRule, entry);
  }
  lines.push('', 'Answers by a verified question, by how it matched: ' + ([...byRule].map(([rule, e]) => `\`${rule}\` ${e.n} (precision ${pct(e.right, e.n)})`).join(', ') || 'none') + '.');
  if (claims) {
    lines.push('');
    for (const wording of wordings) {
      const t = tally(results.filter((r) => r.wording === wording));
      const gain = (100 * (t.afterAnswered - t.beforeAnswered)) / Math.max(1, t.asked);
      const target = claims.coverageGain[wording];
      const verifiedPrecision = t.byVerified === 0 ? 0 : t.byVerifiedRight / t.byVerified;
      const precisionHeld = t.afterAnswered === 0 || t.beforeAnswered === 0 || t.afterRight / t.afterAnswered >= t.beforeRight / t.beforeAnswered;
      lines.push(
        `- ${WORDING_LABEL[wording]}: coverage moved by **${gain.toFixed(1)} points**${target === undefined ? '' : ` (claim: at least ${target}; ${gain >= target ? 'holds' : 'does not hold'})`}; the verified questions' answers were right ${pct(t.byVerifiedRight, t.byVerified)} of the time (claim: at least ${(claims.precision * 100).toFixed(0)}%; ${verifiedPrecision >= claims.precision ? 'holds' : 'does not hold'}); overall precision ${pct(t.beforeRight, t.beforeAnswered)} before, ${pct(t.afterRight, t.afterAnswered)} after (${precisionHeld ? 'did not fall' : 'fell'}).`,
      );
    }
  }
  const newlyWrong = results.filter((r) => r.after.verdict === 'wrong' && r.before.verdict !== 'wrong');
  if (newlyWrong.length > 0) {
    lines.push('', `Wrong only after teaching (${newlyWrong.length}${newlyWrong.length > 25 ? ', the first 25' : ''}):`, '');
    for (const r of newlyWrong.slice(0, 25)) lines.push(`- ${r.after.item.id} (${r.after.item.class}, ${r.verifiedRule ?? 'engine'}) “${r.after.item.question.replace(/\|/g, '\\|')}”: ${r.after.detail.slice(0, 200).replace(/\|/g, '\\|')}`);
  }
  return lines.join('\n');
}
