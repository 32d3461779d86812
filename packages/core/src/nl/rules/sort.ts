/**
 * Sort orders asked for in words: "newest first", "from oldest to newest" (the rows' own date), "ordered by
 * age", "sort employee names by their age", "in descending order of age", "in reverse alphabetical order".
 * A bare direction sorts what the list shows, decided when the plan is built. These run before breakdowns,
 * so the "by" of "sorted by age" is never read as "by age".
 */
import type { FieldRef, SortDirection } from '../../plan/query-plan';
import { fieldEntries, keywordKind } from '../lex/chunk-queries';
import { SORT_LINKS } from '../../vocabulary/grammar-words';
import type { Interpretation } from '../kernel/interpretation';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

const isLink = (at: Interpretation, index: number): boolean => {
  const chunk = at.chunks[index];
  return chunk !== undefined && SORT_LINKS.has(chunk.text);
};

/** The first field named after `index`, skipping link words (and a direction word), or -1. */
function fieldAfter(draft: Draft, index: number): number {
  const at = draft.state;
  for (let i = index + 1; i < at.chunks.length; i++) {
    if (draft.used(i)) return -1;
    const chunk = at.chunks[i]!;
    if (isLink(at, i) || keywordKind(chunk, 'direction') !== undefined) continue;
    return chunk.kind === 'lex' && fieldEntries(chunk.entries).length > 0 ? i : -1;
  }
  return -1;
}

function byAfter(draft: Draft, index: number): number {
  for (let i = index + 1; i < draft.state.chunks.length && i <= index + 4; i++) {
    if (draft.used(i)) return -1;
    if (draft.state.chunks[i]!.text === 'by') return i;
  }
  return -1;
}

function directionNear(draft: Draft, from: number, to: number): { index: number; direction: SortDirection } | undefined {
  for (let i = Math.max(0, from); i <= to && i < draft.state.chunks.length; i++) {
    const direction = keywordKind(draft.state.chunks[i], 'direction');
    if (direction !== undefined && !draft.used(i)) return { index: i, direction: direction.direction };
  }
  return undefined;
}

/** Indexes strictly after a, up to and including b (the link words that were skipped, and b). */
function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a + 1; i <= b; i++) out.push(i);
  return out;
}

export const sortByDateWords = defineRule({
  name: 'sort.date-words',
  description: '"newest first", "from oldest to newest": the rows in the order of their own date (age words that measure a field are scales).',
  examples: [{ schema: 'shop', question: 'List the orders, newest first', expect: 'list orders: orders.order_id, orders.order_date, orders.quantity, orders.revenue, orders.discount, products.name, customers.name order orders.order_date desc' }],
  counterExamples: [{ schema: 'shop', question: 'Which product was ordered first?', expect: 'list orders: orders.order_id, products.name, orders.order_date order orders.order_date asc limit 1 with ties' }],
  startsFrom: ['keyword:recent'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || draft.state.sort !== undefined) continue;
      const recent = keywordKind(chunks[i], 'recent');
      if (recent === undefined || chunks[i]!.text === 'first') continue;
      const sort = { direction: recent.direction, explicitDirection: true, byDate: recent.direction };
      if (chunks[i + 1]?.text === 'first' && !draft.used(i + 1)) {
        draft.propose({ covers: [i, i + 1], contributions: [{ kind: 'sort', sort, refines: false }], reason: `"${chunks[i]!.text} first" orders the rows by their date` });
        return;
      }
      const from = chunks[i - 1]?.text === 'from' ? i - 1 : chunks[i - 1]?.text === 'the' && chunks[i - 2]?.text === 'from' ? i - 2 : -1;
      const to = chunks[i + 1]?.text === 'to' ? i + 1 : -1;
      const after = to < 0 ? -1 : chunks[to + 1]?.text === 'the' ? to + 2 : to + 1;
      const other = after < 0 ? undefined : keywordKind(chunks[after], 'recent');
      if (from < 0 || other === undefined || other.direction === recent.direction) continue;
      draft.propose({ covers: range(from - 1, after), contributions: [{ kind: 'sort', sort, refines: false }], reason: '"from X to Y" with date words orders the rows by their date' });
      return;
    }
  },
});

export const sortByField = defineRule({
  name: 'sort.order-words',
  description: '"ordered by age", "in descending order of price", "sorted alphabetically": a sort phrase, the field after it and a direction near it.',
  examples: [{ schema: 'music', question: 'List the singers ordered by age in descending order', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age desc' }, { schema: 'music', question: 'Show the names of the singers in alphabetical order', expect: 'list singer: singer.name order singer.name asc' }],
  counterExamples: [{ schema: 'music', question: 'How many singers are there by country?', expect: 'aggregate singer: singer_count by singer.country' }],
  startsFrom: ['keyword:sort', 'keyword:direction'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || draft.state.sort !== undefined) continue;
      const sort = keywordKind(chunks[i], 'sort');
      const direction = keywordKind(chunks[i], 'direction');
      if (sort === undefined && direction === undefined) continue;
      const record = (fields: FieldRef[] | undefined, dir: SortDirection | undefined, covers: number[], reason: string): void =>
        draft.propose({ covers, contributions: [{ kind: 'sort', sort: { direction: dir ?? 'asc', ...(fields === undefined ? {} : { fields }), explicitDirection: dir !== undefined }, refines: false }], reason });
      // "sort employee names by their age": the field follows the "by", not the sort word.
      const by = sort !== undefined && !chunks[i]!.text.endsWith('by') ? byAfter(draft, i) : -1;
      const anchor = by >= 0 ? by : i;
      const field = fieldAfter(draft, anchor);
      if (field >= 0) {
        const chunk = chunks[field]!;
        const near = direction !== undefined ? { index: i, direction: direction.direction } : directionNear(draft, i + 1, field + 2);
        record(fieldEntries(chunk.kind === 'lex' ? chunk.entries : []), near?.direction, [i, ...(by >= 0 ? [by] : []), ...range(anchor, field), ...(near === undefined ? [] : [near.index])], `sort by "${chunk.text}"`);
        continue;
      }
      if (direction !== undefined) record(undefined, direction.direction, [i], 'a direction with no field sorts what the list shows');
      else {
        const near = directionNear(draft, i + 1, i + 2);
        if (near !== undefined) record(undefined, near.direction, [i, near.index], 'a sort word and a direction with no field sort what the list shows');
      }
    }
  },
});
