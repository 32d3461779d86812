/**
 * Breakdowns: "by category", "per city", "for each product", "by customer" (the related entity's display
 * field), grains ("by month", "monthly", "each quarter", "over time", "which month"), "by category and
 * month", "by signup year", and a closing "each" that points back at the one category listed.
 */
import type { FieldRef } from '../../plan/query-plan';
import { entityEntries, fieldEntries, hiddenEntries, keywordKind, measureEntries } from '../lex/chunk-queries';
import { EVERY_WORDS, TRAILING_EACH, WH_WORDS } from '../../vocabulary/grammar-words';
import { isDateField, isNumericField } from '../lex/lexicon';
import { couldBeVerb } from '../lex/verb-forms';
import { nextMeaningful, previousMeaningful } from '../kernel/interpretation';
import type { Chunk } from '../lex/segment';
import type { Contribution, Proposal } from '../kernel/candidate';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

/** Does anything in the question ask for a figure (an aggregation or ranking word, or a measure)? */
function measured(draft: Draft): boolean {
  return draft.state.chunks.some((c) => keywordKind(c, 'aggregate') !== undefined || keywordKind(c, 'rank') !== undefined || (c.kind === 'lex' && measureEntries(c.entries).length > 0 && entityEntries(c.entries).length === 0));
}

export const everyQuantifier = defineRule({
  name: 'grouping.every-quantifier',
  description: '"the age and hometown of every teacher": with nothing to aggregate, "every"/"each" before an entity quantifies its rows instead of breaking down.',
  examples: [{ schema: 'school', question: 'What is the name and age of every teacher?', expect: 'list teacher: teacher.name, teacher.age' }],
  counterExamples: [{ schema: 'school', question: 'How many students are in each class?', expect: 'aggregate student: student_count by student.class' }],
  startsFrom: ['keyword:group'],
  read(draft) {
    if (measured(draft)) return;
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || keywordKind(chunks[i], 'group') === undefined || !EVERY_WORDS.has(chunks[i]!.text)) continue;
      const next = chunks[i + 1];
      if (next !== undefined && next.kind === 'lex' && entityEntries(next.entries).length > 0) draft.propose({ covers: [i], contributions: [], reason: `"${chunks[i]!.text}" quantifies the ${next.text}`, silent: true });
    }
  },
});

export const grainWord = defineRule({
  name: 'grouping.grain-word',
  description: '"monthly", "over time", "which month": a grain word on its own breaks down by the rows\' date at that grain.',
  examples: [{ schema: 'shop', question: 'Monthly revenue this year', expect: 'aggregate orders: sum(orders.revenue) by orders.order_date/month time order_date 2026-01-01..2027-01-01' }, { schema: 'shop', question: 'Which month had the most orders?', expect: 'aggregate orders: order_count by orders.order_date/month order measure0 desc limit 1 with ties' }],
  counterExamples: [{ schema: 'shop', question: 'How many orders last month?', expect: 'aggregate orders: order_count time order_date 2026-05-01..2026-06-01' }],
  startsFrom: ['keyword:grain'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const adverb = keywordKind(chunks[i], 'grain');
      if (draft.used(i) || adverb === undefined) continue;
      const before = previousMeaningful(draft.state, i);
      const isWhich = before >= 0 && keywordKind(chunks[before], 'list') !== undefined && WH_WORDS.has(chunks[before]!.text.split(' ')[0]!);
      if (!adverb.adverb && !isWhich) continue;
      const contributions: Contribution[] = [{ kind: 'group', group: { kind: 'grain', grain: adverb.grain, fields: [], ...(adverb.line === true ? { trend: true } : {}) } }];
      if (adverb.line === true && draft.state.presentation === undefined) contributions.push({ kind: 'presentation', presentation: 'line' });
      if (isWhich && !chunks[i]!.text.endsWith('s')) contributions.push({ kind: 'mark', mark: 'singular', value: true });
      draft.propose({ covers: isWhich ? [before, i] : [i], contributions, reason: `"${isWhich ? `${chunks[before]!.text} ` : ''}${chunks[i]!.text}" breaks down by ${adverb.grain}` });
    }
  },
});

interface TargetReading {
  proposal: Proposal;
  /** The owner named after "of" ("city of the product"), read as a phrase of its own. */
  owner?: Proposal;
  /** Whether it adds a breakdown (otherwise a joining "and" is left unread). */
  addsGroup: boolean;
  /** The last chunk it read, where a following "and" may continue the breakdown. */
  last: number;
}

/** The breakdown named after the group word at `i` ("by category", "per city", "by signup year"). */
function targetOf(draft: Draft, i: number, ranked: boolean): TargetReading | undefined {
  const { chunks, lexicon } = draft.state;
  const next = nextMeaningful(draft.state, i);
  if (next < 0) return undefined;
  const target = chunks[next]!;
  const word = chunks[i]!.text;
  const grain = keywordKind(target, 'grain');
  if (grain !== undefined) {
    const contributions: Contribution[] = [{ kind: 'group', group: { kind: 'grain', grain: grain.grain, fields: [] } }];
    if (grain.line === true && draft.state.presentation === undefined) contributions.push({ kind: 'presentation', presentation: 'line' });
    return { proposal: { covers: [i, next], contributions, reason: `"${word} ${target.text}" breaks down by ${grain.grain}` }, addsGroup: true, last: next };
  }
  if (target.kind !== 'lex') return undefined;
  if (hiddenEntries(target.entries)) return { proposal: { covers: [i, next], contributions: [{ kind: 'problem', message: `"${target.text}" is not available` }], reason: 'the field is hidden' }, addsGroup: false, last: -1 };
  // "city of the product": only fields of the named entity.
  const ofIndex = nextMeaningful(draft.state, next);
  const ownerChunk = chunks[ofIndex];
  const ownerEntities = ownerChunk !== undefined && ownerChunk.kind === 'lex' && chunks[next + 1]?.text === 'of' ? entityEntries(ownerChunk.entries) : [];
  const allFields = fieldEntries(target.entries);
  const fields = ownerEntities.length > 0 ? allFields.filter((f) => ownerEntities.includes(f.entity)) : allFields;
  const ownerContributions: Contribution[] = ownerEntities.length > 0 && fields.length === 0 ? [{ kind: 'problem', message: `${ownerChunk!.text} have no "${target.text}"` }] : [];
  const owner: Proposal | undefined = ownerEntities.length > 0 ? { covers: [ofIndex], contributions: ownerContributions, reason: `"${target.text} of ${ownerChunk!.text}": the ${ownerChunk!.text}' own field` } : undefined;
  const dateFields = fields.filter((ref) => isDateField(lexicon.field(ref)));
  const numeric = fields.filter((ref) => isNumericField(lexicon.field(ref)));
  const categorical = fields.filter((ref) => !isDateField(lexicon.field(ref)) && !isNumericField(lexicon.field(ref)));
  const measures = measureEntries(target.entries);
  const entities = entityEntries(target.entries);
  const wholeNumbers = numeric.filter((ref) => lexicon.field(ref).type === 'integer' && lexicon.field(ref).format !== 'currency');
  const reading = (contribution: Contribution, reason: string, addsGroup: boolean): TargetReading => ({ proposal: { covers: [i, next], contributions: [contribution], reason }, ...(owner === undefined ? {} : { owner }), addsGroup, last: next });
  if (categorical.length > 0) return reading({ kind: 'group', group: { kind: 'field', fields: categorical, text: target.text, at: next } }, `"${word} ${target.text}" breaks down by a category`, true);
  // "number of reviews by rating": whole-number fields (ratings, sizes) are categories too.
  if (!ranked && wholeNumbers.length > 0) return reading({ kind: 'group', group: { kind: 'field', fields: wholeNumbers, text: target.text, at: next } }, `"${word} ${target.text}" breaks down by a whole-number field`, true);
  if (entities.length > 0) return reading({ kind: 'group', group: { kind: 'entity', entity: entities[0]!, at: next } }, `"${word} ${target.text}" breaks down by each of them`, true);
  if (measures.length > 0) return reading({ kind: 'measure', measure: { kind: 'model', ...measures[0]! } }, `"${word} ${target.text}": a measure to rank or sort by`, false);
  if (ranked && numeric.length > 0) {
    const ranking = { ...(draft.state.ranking ?? { direction: 'desc' as const }), fields: numeric };
    return reading({ kind: 'ranking', ranking, refines: draft.state.ranking !== undefined }, `"${word} ${target.text}" is what the ranking ranks by`, false);
  }
  if (dateFields.length === 0) return undefined;
  // "by signup year": a date field with a grain after it.
  const after = keywordKind(chunks[next + 1], 'grain');
  if (after !== undefined && !after.adverb && !draft.used(next + 1)) {
    return { proposal: { covers: [i, next, next + 1], contributions: [{ kind: 'group', group: { kind: 'grain', grain: after.grain, fields: dateFields } }], reason: `"${word} ${target.text} ${chunks[next + 1]!.text}" breaks down by that date's ${after.grain}` }, ...(owner === undefined ? {} : { owner }), addsGroup: true, last: next + 1 };
  }
  return reading({ kind: 'group', group: { kind: 'grain', grain: 'day', fields: dateFields } }, `"${word} ${target.text}" breaks down by that date`, true);
}

/** Proposes the breakdown at `i`, then any "and ..." that continues it ("by category and month"). */
function proposeTarget(draft: Draft, i: number, ranked: boolean, joiner: boolean): void {
  const found = targetOf(draft, i, ranked);
  if (found === undefined) return;
  // A joining "and" that led to no breakdown stays unread ("by category and revenue": "and" joins measures).
  const covers = joiner && !found.addsGroup ? found.proposal.covers.filter((k) => k !== i) : found.proposal.covers;
  draft.propose({ ...found.proposal, covers });
  if (found.owner !== undefined) draft.propose(found.owner);
  if (found.last < 0) return;
  const and = found.last + 1;
  if (keywordKind(draft.state.chunks[and], 'and') === undefined || draft.used(and)) return;
  const target = draft.state.chunks[and + 1];
  if (target === undefined || (target.kind !== 'lex' && keywordKind(target, 'grain') === undefined)) return;
  proposeTarget(draft, and, ranked, true);
}

/**
 * "the total money requested by entrepreneurs", where the money requested is a column of the entrepreneurs
 * themselves: a column named by a participle ("requested", "paid", "written") and "by" the rows that hold it
 * names who did it; a breakdown by each of those rows would measure each row on its own.
 */
function agentOfOwnColumn(before: Chunk | undefined, after: Chunk | undefined): boolean {
  if (before?.kind !== 'lex' || after?.kind !== 'lex') return false;
  const words = before.text.split(' ');
  const last = words[words.length - 1]!;
  if (!/(ed|en)$/.test(last) || !couldBeVerb(last, words[words.length - 2], words.length > 1)) return false;
  const owners = new Set(fieldEntries(before.entries).map((f) => f.entity));
  return entityEntries(after.entries).some((entity) => owners.has(entity));
}

/**
 * After "by", what cannot have done anything: a period ("orders placed by month"), or a column of labels
 * rather than a table of doers or a value ("units sold by category", "sold by region"; but "owned by
 * students", "written by Austen" name who did it).
 */
function namesNoDoer(draft: Draft, after: Chunk | undefined): boolean {
  if (keywordKind(after, 'grain') !== undefined) return true;
  if (after?.kind !== 'lex' || entityEntries(after.entries).length > 0 || measureEntries(after.entries).length > 0) return false;
  const fields = fieldEntries(after.entries);
  const { lexicon } = draft.state;
  return fields.length > 0 && fields.every((ref) => !isNumericField(lexicon.field(ref)) && lexicon.field(ref).role !== 'identifier');
}

export const groupBy = defineRule({
  name: 'grouping.by',
  description: '"by category", "per city", "for each product", "by customer", "by signup year": a group word and the field, entity or grain after it.',
  examples: [
    { schema: 'shop', question: 'Revenue by category', expect: 'aggregate orders: sum(orders.revenue) by products.category' },
    { schema: 'music', question: 'Number of concerts by stadium', expect: 'aggregate concert: concert_count by stadium.name' },
    // After a verb, "by" a column of labels is still a breakdown: a category did not do the selling.
    { schema: 'shop', question: 'Quantity sold by category', expect: 'aggregate orders: sum(orders.quantity) by products.category' },
    { schema: 'library', question: 'Number of loans made by genre', expect: 'aggregate loan: loan_count by book.genre' },
  ],
  counterExamples: [
    { schema: 'library', question: 'Which books were written by Austen?', expect: 'decline' },
    // "by" the doers (a table) after a verb names who did it: a condition, not a breakdown.
    { schema: 'shop', question: 'How many orders were placed by customers in Boston?', expect: 'aggregate orders: order_count where customers.city eq Boston' },
    // "by" after a participle column names who did it: the total over the rows, not each row's own figure.
    { schema: 'regions', question: 'Give the total money requested by applicants who are taller than 1.8.', expect: 'aggregate applicant: sum(applicant.money_requested) where applicant.height gt 1.8' },
    { schema: 'districts', question: 'What is the total funds raised by founders?', expect: 'aggregate founder: sum(founder.funds_raised)' },
  ],
  startsFrom: ['keyword:group'],
  read(draft) {
    const { chunks } = draft.state;
    const ranked = chunks.some((c) => keywordKind(c, 'rank') !== undefined);
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      if (draft.used(i) || keywordKind(chunk, 'group') === undefined) continue;
      // "owned by students", "created by the maker": after a verb, "by" names who did it, not a breakdown.
      // A category or a period cannot do anything: "units sold by category", "orders placed by month" break down.
      const before = chunks[i - 1];
      if (chunk.text === 'by' && before !== undefined && before.kind === 'unknown' && couldBeVerb(before.text, chunks[i - 2]?.text, chunks[i - 2]?.kind === 'lex') && !namesNoDoer(draft, chunks[nextMeaningful(draft.state, i)])) continue;
      if (chunk.text === 'by' && agentOfOwnColumn(before, chunks[nextMeaningful(draft.state, i)])) {
        draft.propose({ covers: [i], contributions: [], reason: `"${before!.text} by": by names who did it, not a breakdown` });
        continue;
      }
      proposeTarget(draft, i, ranked, false);
    }
  },
});

/**
 * "the different template type codes, and how many templates correspond to each": an "each" that ends the
 * question points back at the one category the question listed. Only a single listed category qualifies.
 */
export const trailingEach = defineRule({
  name: 'grouping.trailing-each',
  description: 'A closing "each" with a count or total points back at the one category the question listed, and breaks down by it.',
  examples: [{ schema: 'shop', question: 'What are the different categories, and how many products are in each?', expect: 'aggregate products: product_count by products.category' }],
  counterExamples: [{ schema: 'shop', question: 'Show the categories, the brands and the number of products for each', expect: 'decline' }],
  startsFrom: ['keyword:group'],
  read(draft) {
    const at = draft.state;
    const { chunks, lexicon } = at;
    if (!chunks.some((c) => keywordKind(c, 'aggregate') !== undefined || (c.kind === 'lex' && measureEntries(c.entries).length > 0))) return;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || keywordKind(chunks[i], 'group') === undefined || !TRAILING_EACH.has(chunks[i]!.text) || nextMeaningful(at, i) >= 0) continue;
      // A category, or a key ("the different document ids ... the number of paragraphs for each").
      const groupable = (ref: FieldRef): boolean => !isDateField(lexicon.field(ref)) && (!isNumericField(lexicon.field(ref)) || lexicon.field(ref).role === 'identifier');
      const listed = chunks.flatMap((c, k) => {
        if (k >= i || draft.used(k) || c.kind !== 'lex' || entityEntries(c.entries).length > 0 || measureEntries(c.entries).length > 0) return [];
        const fields = fieldEntries(c.entries).filter(groupable);
        return fields.length > 0 ? [{ at: k, fields, text: c.text }] : [];
      });
      if (listed.length !== 1) continue;
      const only = listed[0]!;
      draft.propose({ covers: [only.at, i], contributions: [{ kind: 'group', group: { kind: 'field', fields: only.fields, text: only.text, at: only.at } }], reason: `the closing "${chunks[i]!.text}" points back at "${only.text}"`, phrase: `${only.text} (each)` });
    }
  },
});

export const namedGrainOverTrend = defineRule({
  name: 'grouping.named-grain-over-trend',
  description: '"revenue trend by quarter": a grain the question names replaces the month a trend word defaults to.',
  examples: [{ schema: 'shop', question: 'Revenue trend by quarter', expect: 'aggregate orders: sum(orders.revenue) by orders.order_date/quarter as line' }],
  counterExamples: [{ schema: 'shop', question: 'Revenue trend', expect: 'aggregate orders: sum(orders.revenue) by orders.order_date/month as line' }],
  read(draft) {
    const { groups } = draft.state;
    if (groups.some((g) => g.kind === 'grain' && g.trend === true) && groups.some((g) => g.kind === 'grain' && g.trend !== true)) {
      draft.propose({ covers: [], contributions: [{ kind: 'drop-trend-groups' }], reason: 'the named grain replaces the trend\'s default month' });
    }
  },
});
