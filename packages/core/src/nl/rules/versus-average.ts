/**
 * "whose budget is more than the average budget", "with price higher than the average", "students younger
 * than average", "with greater than average budget": a field compared with its own average over all rows
 * (a vs_aggregate filter; plan/query-plan.ts). It runs before the aggregation words, which would read
 * "average budget" as the figure the question asks for.
 */
import type { FieldRef } from '../../plan/query-plan';
import type { CompareOp } from '../intents';
import { entityEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import type { Chunk } from '../lex/segment';
import type { Draft } from '../kernel/draft';
import { defineRule } from './define-rule';
import { fieldBefore, numericFields } from './number-phrases';

/** Comparatives that need "than" after them: "higher than the average". */
const COMPARATIVES: ReadonlyMap<string, 'gt' | 'lt'> = new Map([
  ['greater', 'gt'],
  ['higher', 'gt'],
  ['larger', 'gt'],
  ['bigger', 'gt'],
  ['more', 'gt'],
  ['lower', 'lt'],
  ['smaller', 'lt'],
  ['less', 'lt'],
  ['fewer', 'lt'],
]);

interface Comparison {
  op: Exclude<CompareOp, 'between' | 'eq' | 'neq'>;
  /** The chunks that say it. */
  used: number[];
  /** The field a graded adjective measures ("older": age), when it says one. */
  fields: FieldRef[];
  /** Where the words after the comparison start. */
  next: number;
}

/** "more than", "above", "higher than", "older than": the comparison starting at `i`, if any. */
function comparisonAt(draft: Draft, i: number): Comparison | undefined {
  const chunk = draft.state.chunks[i];
  if (chunk === undefined || draft.used(i)) return undefined;
  const keyword = keywordKind(chunk, 'compare');
  if (keyword !== undefined && keyword.op !== 'eq') return { op: keyword.op, used: [i], fields: [], next: i + 1 };
  const than = draft.state.chunks[i + 1]?.text === 'than' && !draft.used(i + 1);
  if (!than) return undefined;
  if (chunk.kind === 'scale' && chunk.degree === 'comparative') return { op: chunk.direction === 'desc' ? 'gt' : 'lt', used: [i, i + 1], fields: [...chunk.fields], next: i + 2 };
  const op = COMPARATIVES.get(chunk.text);
  return op === undefined ? undefined : { op, used: [i, i + 1], fields: [], next: i + 2 };
}

/** Words after "the average (field)" that would say over which rows, or per what, the average is taken. */
const QUALIFIERS: ReadonlySet<string> = new Set(['of', 'in', 'for', 'across', 'among', 'per', 'by', 'each', 'within', 'from', 'with', 'who', 'whose', 'that', 'which', 'where', 'at', 'on', 'among']);

const isAverage = (chunk: Chunk | undefined): boolean => keywordKind(chunk, 'aggregate')?.aggregation === 'avg';

/** Fields in both lists, or the one list when the other is empty; empty when they disagree. */
function agreeing(a: FieldRef[], b: FieldRef[]): FieldRef[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return a.filter((f) => b.some((g) => g.entity === f.entity && g.field === f.field));
}

export const versusAverage = defineRule({
  name: 'compare.versus-average',
  description: '"budget more than the average budget", "price higher than the average", "younger than average": a numeric field compared with its average over all the rows.',
  examples: [
    { schema: 'shop', question: 'Which products have a price higher than the average?', expect: 'list products: products.name, products.category, products.brand, products.price, products.discontinued where products.price gt avg(products.price)' },
    { schema: 'music', question: 'How many singers are older than the average age?', expect: 'aggregate singer: singer_count where singer.age gt avg(singer.age)' },
    { schema: 'music', question: 'List the names of stadiums whose capacity is below the average capacity', expect: 'list stadium: stadium.name, stadium.capacity where stadium.capacity lt avg(stadium.capacity)' },
  ],
  counterExamples: [
    // A number after the comparison is a value, not the average.
    { schema: 'music', question: 'How many singers are older than 30?', expect: 'aggregate singer: singer_count where singer.age gt 30' },
    // The average asked for is the figure, not a condition.
    { schema: 'music', question: 'What is the average age of singers?', expect: 'aggregate singer: avg(singer.age)' },
    // An average over some rows only, or per group, is not read (a condition on the rows would answer another question).
    { schema: 'school', question: 'Which students are older than the average age of students in class A?', expect: 'decline' },
    { schema: 'school', question: 'How many students are older than average for each class?', expect: 'decline' },
  ],
  startsFrom: ['keyword:aggregate'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const comparison = comparisonAt(draft, i);
      if (comparison === undefined) continue;
      let k = comparison.next;
      const used = [...comparison.used];
      while (isNoise(chunks[k]) && chunks[k]!.text === 'the' && !draft.used(k)) used.push(k++);
      if (!isAverage(chunks[k]) || draft.used(k)) continue;
      used.push(k++);
      // "the average budget": the field after "average" names what is averaged.
      const after = draft.used(k) ? [] : numericFields(draft, chunks[k]);
      if (after.length > 0) used.push(k++);
      // "... of all students", "across all products": the rows averaged over, when they are the field's own.
      const of = chunks[k]?.text === 'of' || chunks[k]?.text === 'across' || chunks[k]?.text === 'for' ? k : -1;
      const all = of >= 0 && chunks[of + 1]?.text === 'all' ? of + 1 : -1;
      const rows = chunks[(all >= 0 ? all : of) + 1];
      const rowsEntities = of >= 0 && rows !== undefined && rows.kind === 'lex' && !draft.used((all >= 0 ? all : of) + 1) ? entityEntries(rows.entries) : [];
      const before = comparison.fields.length === 0 && after.length === 0 ? fieldBefore(draft, i) : undefined;
      let fields = agreeing(comparison.fields, after.length > 0 ? after : (before?.fields ?? []));
      if (rowsEntities.length > 0) {
        const own = fields.filter((f) => rowsEntities.includes(f.entity));
        if (own.length > 0) {
          fields = own;
          used.push(...[of, all, (all >= 0 ? all : of) + 1].filter((x) => x >= 0));
        }
      }
      if (fields.length === 0) continue;
      // "the average salary of the instructors in Physics", "older than average for each gender": words that
      // narrow or split the average are not read here, and reading them as conditions on the rows themselves
      // would answer another question; without this rule the question is declined, which is honest.
      const end = Math.max(...used) + 1;
      if (QUALIFIERS.has((chunks[end]?.text ?? '').split(' ')[0]!)) continue;
      if (before !== undefined) used.push(before.index);
      const covers = [...new Set(used)].sort((a, b) => a - b);
      const text = covers.map((c) => chunks[c]!.text).join(' ');
      draft.propose({
        covers,
        contributions: [{ kind: 'filter', filter: { kind: 'compare', op: comparison.op, value: 0, money: false, fields, text, against: 'avg' } }],
        reason: `"${text}" compares each row with the average over all rows`,
        phrase: text,
      });
    }
  },
});
