/**
 * Why the engine declined answerable questions, counted over a run: the words its messages say it did not
 * understand, and the other reasons it gives (quoted parts replaced by «…», so one kind of reason counts
 * once however it was filled in). Tells engineers which gap costs the most coverage.
 */
import type { ItemResult } from '../lib/run-items';

export interface ReasonCount {
  reason: string;
  count: number;
}

const QUOTED = /"[^"]*"/g;
const UNDERSTOOD = /^I understood (?:"[^"]*"(?:, )?)+\.\s*/;
const NOT_UNDERSTOOD = /I did not understand ((?:"[^"]*"(?:, )?)+)\.\s*/;
const END = /So I will not guess a figure\.|You could ask:/;
const SENTENCE_BREAK = /(?<!e\.g\.)(?<=[.?!])\s+/;

/** The reasons one decline message gives, each as a short label. */
export function declineReasons(message: string): string[] {
  const end = message.search(END);
  let body = (end >= 0 ? message.slice(0, end) : message).trim().replace(UNDERSTOOD, '');
  const reasons: string[] = [];
  const unknown = NOT_UNDERSTOOD.exec(body);
  if (unknown?.[1] !== undefined) {
    for (const word of unknown[1].match(QUOTED) ?? []) reasons.push(`did not understand ${word.toLowerCase()}`);
    body = body.replace(NOT_UNDERSTOOD, '');
  }
  for (const sentence of body.replace(QUOTED, '«…»').split(SENTENCE_BREAK)) {
    const trimmed = genericEntities(sentence.trim());
    if (trimmed !== '') reasons.push(trimmed);
  }
  return reasons;
}

/** "Trips cannot be related to stations." and "Loans cannot be related to members." are one kind of reason. */
function genericEntities(sentence: string): string {
  return sentence
    .replace(/^[A-Z][\w ]*? (have no date to filter or group on\.)$/, '«entity» $1')
    .replace(/^Which date of [\w ]+?: .*$/, 'Which date of «entity»: «dates»?')
    .replace(/^[A-Z][\w ]*? (cannot be related to)/, '«entity» $1')
    .replace(/(cannot be related to) [\w ]+?( that way)?\.$/, '$1 «entity»$2.');
}

/** Reasons over the declined answerable questions, most frequent first (ties alphabetical). */
export function countDeclineReasons(results: readonly ItemResult[]): ReasonCount[] {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.verdict !== 'declined') continue;
    // A reason counts once per question even when the message repeats it.
    for (const reason of new Set(declineReasons(result.detail))) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function declineReasonsMarkdown(results: readonly ItemResult[], top = 15): string {
  const counts = countDeclineReasons(results).slice(0, top);
  const declined = results.filter((r) => r.verdict === 'declined').length;
  return [
    `### Most common reasons for declining answerable questions (top ${top}, over ${declined} declines)`,
    '',
    ...(counts.length === 0
      ? ['None.']
      : ['| reason | questions |', '| --- | ---: |', ...counts.map((c) => `| ${c.reason.replace(/\|/g, '\\|')} | ${c.count} |`)]),
  ].join('\n');
}
