/**
 * "the most expensive product in each category", "the school with the smallest enrollment per state", "the
 * oldest singer in each country": a superlative split by a group keeps, in every group, the rows whose value
 * is that group's highest (or lowest), ties kept: a vs_aggregate filter `field = max(field) per group`
 * (plan/query-plan.ts), not one ranking over all rows nor a breakdown. It runs before the rankings and the
 * groupings, which would read the superlative or "in each" alone.
 */
import type { FieldRef } from '../../plan/query-plan';
import { entityEntries, fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import type { Draft } from '../kernel/draft';
import { defineRule } from './define-rule';
import { numericFields } from './number-phrases';

/** Superlatives that name a figure of each group, never the rows that hold it. */
const FIGURE_WORDS: ReadonlySet<string> = new Set(['maximum', 'max', 'minimum', 'min']);
/** Words that tie a superlative to the rows: "the company that earns the highest revenue in each city". */
const RELATIVE_WORDS: ReadonlySet<string> = new Set(['with', 'that', 'who', 'which', 'whose', 'has', 'have', 'had']);

interface Superlative {
  direction: 'asc' | 'desc';
  fields: FieldRef[];
  money: boolean;
  used: number[];
}

/** "highest revenue", "smallest enrollment", "cheapest", "oldest" at `i`: what it ranks by. */
function superlativeAt(draft: Draft, i: number): Superlative | undefined {
  const chunk = draft.state.chunks[i];
  if (chunk === undefined || draft.used(i)) return undefined;
  if (chunk.kind === 'scale' && chunk.degree === 'superlative') return { direction: chunk.direction, fields: [...chunk.fields], money: false, used: [i] };
  const rank = keywordKind(chunk, 'rank');
  if (rank === undefined || rank.count === true) return undefined;
  const named = draft.used(i + 1) ? [] : numericFields(draft, draft.state.chunks[i + 1]);
  if (named.length > 0) return { direction: rank.direction, fields: named, money: false, used: [i, i + 1] };
  return rank.money === true ? { direction: rank.direction, fields: [], money: true, used: [i] } : undefined;
}

export const topPerGroup = defineRule({
  name: 'compare.top-per-group',
  description: '"the most expensive product in each category", "the oldest singer in each country": in every group, the rows with the group\'s highest (or lowest) value, ties kept.',
  examples: [
    { schema: 'shop', question: 'Which is the most expensive product in each category?', expect: 'list products: products.name, products.category, products.brand, products.price, products.discontinued where products.price eq max(products.price) per products.category' },
    { schema: 'music', question: 'Show the name of the oldest singer in each country', expect: 'list singer: singer.name, singer.age where singer.age eq max(singer.age) per singer.country' },
    { schema: 'world', question: 'Which city has the largest population in each country?', expect: 'list city: city.name, city.population, country.name where city.population eq max(city.population) per country.code' },
  ],
  counterExamples: [
    // One ranking over all rows, no group.
    { schema: 'music', question: 'What is the name of the youngest singer?', expect: 'list singer: singer.name, singer.age order singer.age asc limit 1 with ties' },
    // A figure of each group, not the rows that hold it.
    { schema: 'shop', question: 'What are the maximum and minimum prices for each category?', expect: 'aggregate products: max(products.price), min(products.price) by products.category' },
    { schema: 'shop', question: 'What is the highest price in each category?', expect: 'aggregate products: max(products.price) by products.category' },
    // A ranking of groups by how many rows they have, not a choice of rows in each.
    { schema: 'music', question: 'Which country has the most singers?', expect: 'aggregate singer: singer_count by singer.country where singer.country neq  order measure0 desc limit 1 with ties' },
  ],
  startsFrom: ['keyword:group'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const superlative = superlativeAt(draft, i);
      if (superlative === undefined) continue;
      // The rows' name may stand between: "the cheapest product in each category".
      let k = Math.max(...superlative.used) + 1;
      const used = [...superlative.used];
      const rows = chunks[k];
      const rowsAfter = rows !== undefined && rows.kind === 'lex' && !draft.used(k) && entityEntries(rows.entries).length > 0;
      if (rowsAfter) k++;
      // Rows are asked for ("the cheapest product in each", "the school that has the smallest enrollment in
      // each"), not a figure ("the maximum price for each type", "the highest price in each category").
      const figureWord = FIGURE_WORDS.has(chunks[i]!.text);
      const relative = chunks.slice(Math.max(0, i - 4), i).some((c) => RELATIVE_WORDS.has(c.text));
      if (figureWord || !(rowsAfter || relative)) continue;
      const group = chunks[k];
      if (keywordKind(group, 'group') === undefined || draft.used(k) || !/^(in each|per|for each|in every|for every)$/.test(group!.text)) continue;
      used.push(k++);
      while (isNoise(chunks[k]) && !draft.used(k)) k++;
      const by = chunks[k];
      const named = by !== undefined && by.kind === 'lex' && !draft.used(k) ? fieldEntries(by.entries).filter((f) => !numericFields(draft, by).some((n) => n.entity === f.entity && n.field === f.field)) : [];
      // "in each country" naming another table: each of its rows is a group, told apart by its key.
      const groups = named.length > 0 || by === undefined || by.kind !== 'lex' || draft.used(k) ? [] : entityEntries(by.entries);
      const per = named.length > 0 ? named : groups.flatMap((entity) => {
        const key = draft.state.lexicon.entity(entity).primaryKey;
        return key === undefined ? [] : [{ entity, field: key }];
      });
      if (per.length === 0) continue;
      used.push(k);
      const covers = [...new Set(used)].sort((a, b) => a - b);
      const text = covers.map((c) => chunks[c]!.text).join(' ');
      draft.propose({
        covers,
        contributions: [{ kind: 'filter', filter: { kind: 'compare', op: 'eq', value: 0, money: superlative.money, fields: superlative.fields, text, against: superlative.direction === 'desc' ? 'max' : 'min', per } }],
        reason: `"${text}" keeps, in each group, the rows with its ${superlative.direction === 'desc' ? 'highest' : 'lowest'} value`,
        phrase: text,
      });
    }
  },
});
