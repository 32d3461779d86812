/**
 * Graded adjectives over the model's fields (lex/segment.ts reads "youngest", "heavier" as a scale chunk):
 * "from the oldest to the youngest" and "oldest first" (a sort order), "older than 30" (age over 30), and
 * "the youngest singer", "the 3 heaviest pets" (a ranking on the measured field, one row with ties).
 */
import type { FieldRef, SortDirection } from '../../plan/query-plan';
import { entityEntries, fieldEntries } from '../lex/chunk-queries';
import { keywordOf } from '../lex/keywords';
import type { Chunk } from '../lex/segment';
import type { Interpretation } from '../kernel/interpretation';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

type ScaleChunk = Extract<Chunk, { kind: 'scale' }>;

function scaleAt(draft: Draft, index: number): ScaleChunk | undefined {
  const chunk = draft.state.chunks[index];
  return chunk !== undefined && chunk.kind === 'scale' && !draft.used(index) ? chunk : undefined;
}

/** "students who are older than 20": the entity named just before decides whose age, when it has one. */
function ownerFields(at: Interpretation, index: number, scale: ScaleChunk): FieldRef[] {
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const chunk = at.chunks[k];
    if (chunk === undefined || chunk.kind !== 'lex') continue;
    const owners = entityEntries(chunk.entries);
    const own = scale.fields.filter((f) => owners.includes(f.entity));
    if (own.length > 0) return own;
    break;
  }
  return [...scale.fields];
}

/** "oldest", "newest" also order rows by their date (oldest = earliest first) when no aged field is theirs. */
function dateDirection(scale: ScaleChunk): { byDate?: SortDirection } {
  const recent = keywordOf(scale.text);
  return recent?.kind === 'recent' ? { byDate: recent.direction } : {};
}

/** The fields a named chunk shares with the scale's ("by age" and "youngest"). */
function sharedFields(chunk: Chunk | undefined, scale: ScaleChunk): FieldRef[] {
  if (chunk === undefined || chunk.kind !== 'lex') return [];
  const named = fieldEntries(chunk.entries);
  return scale.fields.filter((f) => named.some((n) => n.entity === f.entity && n.field === f.field));
}

export const scaleFromTo = defineRule({
  name: 'scale.from-to',
  description: '"from the oldest to the youngest": two scale words joined by "to" give the order the rows are listed in.',
  examples: [{ schema: 'music', question: 'List the singers by age from the oldest to the youngest', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age desc' }],
  counterExamples: [{ schema: 'music', question: 'Who is the oldest singer?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age desc limit 1 with ties' }],
  startsFrom: ['chunk:scale'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const scale = scaleAt(draft, i);
      if (scale === undefined) continue;
      const to = chunks.findIndex((c, k) => k > i && k <= i + 3 && c.text === 'to');
      const second = to < 0 ? -1 : chunks.findIndex((c, k) => k > to && k <= to + 2 && c.kind === 'scale');
      const fromBefore = chunks[i - 1]?.text === 'from' || (chunks[i - 2]?.text === 'from' && chunks[i - 1]?.text === 'the');
      if (!fromBefore || second < 0) continue;
      const from = i - (chunks[i - 1]?.text === 'from' ? 1 : 2);
      // "singers by age from the oldest to the youngest": the "by age" names the order, not a breakdown.
      const by = chunks.findIndex((c, k) => k < from && c.text === 'by' && !draft.used(k) && !draft.used(k + 1) && sharedFields(chunks[k + 1], scale).length > 0);
      const refines = draft.state.sort !== undefined;
      const fields = by >= 0 ? sharedFields(chunks[by + 1], scale) : (draft.state.sort?.fields ?? [...scale.fields]);
      const covers: number[] = by >= 0 ? [by, by + 1] : [];
      for (let k = from; k <= second; k++) covers.push(k);
      draft.propose({ covers, contributions: [{ kind: 'sort', sort: { fields, direction: scale.direction, explicitDirection: true, ...(by >= 0 ? {} : dateDirection(scale)) }, refines }], reason: `"from ${scale.text} to ..." lists the rows in that order` });
    }
  },
});

export const scaleFirst = defineRule({
  name: 'scale.first',
  description: '"oldest first", "heaviest first": the order the rows are listed in, not a ranking that keeps one.',
  examples: [{ schema: 'music', question: 'List the singers, youngest first', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age asc' }],
  counterExamples: [{ schema: 'music', question: 'Which singer is the youngest?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age asc limit 1 with ties' }],
  startsFrom: ['chunk:scale'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const scale = scaleAt(draft, i);
      if (scale === undefined || scale.degree !== 'superlative' || chunks[i + 1]?.text !== 'first' || draft.used(i + 1)) continue;
      // "singers by age, youngest first": the "by age" names the order, not a breakdown.
      const by = chunks.findIndex((c, k) => k < i - 1 && c.text === 'by' && !draft.used(k) && !draft.used(k + 1) && sharedFields(chunks[k + 1], scale).length > 0);
      const refines = draft.state.sort !== undefined;
      const fields = by >= 0 ? sharedFields(chunks[by + 1], scale) : (draft.state.sort?.fields ?? [...scale.fields]);
      draft.propose({
        covers: by >= 0 ? [by, by + 1, i, i + 1] : [i, i + 1],
        contributions: [{ kind: 'sort', sort: { fields, direction: scale.direction, explicitDirection: true, ...(by >= 0 ? {} : dateDirection(scale)) }, refines }],
        reason: `"${scale.text} first" orders the rows`,
      });
    }
  },
});

export const scaleComparative = defineRule({
  name: 'scale.comparative',
  description: '"older than 30", "heavier than 10", "longer than 30 minutes": a comparative and a number compare the field the adjective measures.',
  examples: [{ schema: 'music', question: 'How many singers are older than 30?', expect: 'aggregate singer: singer_count where singer.age gt 30' }, { schema: 'pets', question: 'Which pets are heavier than 10?', expect: 'list pet: pet.pet_id, pet.pet_type, pet.pet_age, pet.weight where pet.weight gt 10' }],
  // "than the average" is no number: the average itself is read by compare.versus-average.
  counterExamples: [{ schema: 'music', question: 'List singers older than the average', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.age gt avg(singer.age)' }],
  startsFrom: ['chunk:scale'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const scale = scaleAt(draft, i);
      if (scale === undefined || scale.degree !== 'comparative') continue;
      const than = chunks[i + 1]?.text === 'than' ? i + 1 : -1;
      const number = than < 0 ? undefined : chunks[than + 1];
      if (number === undefined || number.kind !== 'number' || draft.used(than + 1)) continue;
      // "longer than 30 minutes": the unit after the number names the field the scale already measures.
      const unit = sharedFields(chunks[than + 2], scale).length > 0 && !draft.used(than + 2) ? [than + 2] : [];
      const text = [scale.text, 'than', number.text, ...unit.map((k) => chunks[k]!.text)].join(' ');
      const filter = { kind: 'compare' as const, op: scale.direction === 'desc' ? ('gt' as const) : ('lt' as const), value: number.value, money: false, fields: ownerFields(draft.state, i, scale), text };
      draft.propose({ covers: [i, than, than + 1, ...unit], contributions: [{ kind: 'filter', filter }], reason: `"${scale.text} than" compares what "${scale.text}" measures`, phrase: text });
    }
  },
});

export const scaleSuperlative = defineRule({
  name: 'scale.superlative',
  description: '"the youngest singer", "the 3 heaviest pets": a superlative ranks by the field it measures; without a number it keeps one row (with ties).',
  examples: [{ schema: 'music', question: 'What is the name of the youngest singer?', expect: 'list singer: singer.name, singer.age order singer.age asc limit 1 with ties' }, { schema: 'music', question: 'Show the 2 oldest singers', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age desc limit 2' }],
  counterExamples: [{ schema: 'music', question: 'List the singers, youngest first', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age asc' }],
  startsFrom: ['chunk:scale'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const scale = scaleAt(draft, i);
      if (scale === undefined || scale.degree !== 'superlative') continue;
      const before = chunks[i - 1];
      const limit = before !== undefined && before.kind === 'number' && !draft.used(i - 1) && Number.isInteger(before.value) && before.value >= 1 ? before.value : undefined;
      draft.propose({
        covers: limit === undefined ? [i] : [i - 1, i],
        contributions: [
          { kind: 'ranking', ranking: { direction: scale.direction, fields: [...scale.fields], direct: true, ...(limit === undefined ? {} : { limit: Math.min(limit, 1000) }) }, refines: false },
          ...(limit === undefined ? [{ kind: 'mark' as const, mark: 'singular' as const, value: true }] : []),
        ],
        reason: `"${scale.text}" ranks by what it measures`,
      });
    }
  },
});
