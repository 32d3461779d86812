/**
 * Applies a chosen candidate to a private working interpretation. Every write replaces an array or a
 * field, never mutates one in place, so the interpretation the copy was made from stays as it was.
 */
import type { Candidate, Contribution } from '../kernel/candidate';
import type { WorkingInterpretation } from '../kernel/interpretation';

const joinWords = (w: WorkingInterpretation, covers: readonly number[]): string =>
  covers.map((i) => w.chunks[i]!.text).join(' ').replace(/\$ (?=\d)/g, '$');

function contribute(w: WorkingInterpretation, c: Contribution, rule: string, covers: readonly number[]): void {
  switch (c.kind) {
    case 'measure':
      w.measures = [...w.measures, c.measure];
      return;
    case 'pending-aggregation':
      w.pendingAggregation = c.aggregation;
      return;
    case 'filter':
      w.filters = [...w.filters, c.filter.at === undefined && covers.length > 0 ? { ...c.filter, at: Math.min(...covers) } : c.filter];
      return;
    case 'or-at':
      w.orAt = c.at;
      return;
    case 'group':
      w.groups = [...w.groups, c.group];
      return;
    case 'drop-trend-groups':
      w.groups = w.groups.filter((g) => g.kind !== 'grain' || g.trend !== true);
      return;
    case 'ranking':
      w.ranking = c.ranking;
      return;
    case 'recency':
      w.recency = c.limit === undefined ? { direction: c.direction } : { direction: c.direction, limit: c.limit };
      return;
    case 'sort':
      w.sort = c.sort;
      return;
    case 'subject':
      w.subjects = [...w.subjects, c.subject];
      return;
    case 'field-mention':
      w.fieldMentions = [...w.fieldMentions, { fields: c.fields, plural: c.plural, ...(c.text === undefined ? {} : { text: c.text }) }];
      return;
    case 'date-noun':
      w.dateNouns = [...w.dateNouns, { fields: c.fields, text: c.text }];
      return;
    case 'verb':
      w.verbs = [...w.verbs, c.measure];
      return;
    case 'time':
      w.time = c.range;
      if (c.years !== undefined && c.years.length > 0) w.timeYears = [...(w.timeYears ?? []), ...c.years];
      return;
    case 'period':
      w.periods = [...w.periods, c.range];
      return;
    case 'mark':
      w[c.mark] = c.value;
      return;
    case 'per-group':
      w.perGroup = c.perGroup;
      return;
    case 'presentation':
      w.presentation = c.presentation;
      return;
    case 'problem':
      w.problems = [...w.problems, c.message];
      return;
    case 'penalty':
      w.penalties = [...w.penalties, { amount: c.amount, why: c.why, rule }];
      return;
    case 'understood':
      w.understood = [...w.understood, { at: c.at, text: c.text }];
      return;
  }
}

export function applyCandidate(w: WorkingInterpretation, candidate: Candidate): void {
  if (candidate.covers.length > 0) {
    const claimed = [...w.claimed];
    for (const i of candidate.covers) claimed[i] = true;
    w.claimed = claimed;
    if (candidate.silent !== true) {
      const text = candidate.phrase ?? joinWords(w, candidate.covers);
      if (text.length > 0) w.understood = [...w.understood, { at: Math.min(...candidate.covers), text }];
    }
  }
  for (const contribution of candidate.contributions) contribute(w, contribution, candidate.rule, candidate.covers);
}
