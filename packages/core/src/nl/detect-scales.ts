/**
 * Graded adjectives over the model's fields: "the youngest singer" (ranked by age, lowest first, one row
 * with ties), "the 3 heaviest pets", "older than 30" (age over 30), "lighter than 3500" (weight under
 * 3500), and "ordered by age from the oldest to the youngest" or "oldest first" (a sort direction).
 */
import type { FieldRef, SortDirection } from '../plan/query-plan';
import { keywordOf } from './lex/keywords';
import { type Reading, consume, entityEntries, fieldEntries } from './reading';
import type { Chunk } from './lex/segment';

type ScaleChunk = Extract<Chunk, { kind: 'scale' }>;

const scaleAt = (reading: Reading, index: number): ScaleChunk | undefined => {
  const chunk = reading.chunks[index];
  return chunk !== undefined && chunk.kind === 'scale' && !reading.used[index] ? chunk : undefined;
};

/** "students who are older than 20": the entity named just before decides whose age, when it has one. */
function ownerFields(reading: Reading, index: number, scale: ScaleChunk): FieldRef[] {
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const chunk = reading.chunks[k];
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

export function detectScales(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    const scale = scaleAt(reading, i);
    if (scale === undefined) continue;
    // "from the oldest to the youngest": the order the rows are listed in.
    const to = chunks.findIndex((c, k) => k > i && k <= i + 3 && c.text === 'to');
    const second = to < 0 ? -1 : chunks.findIndex((c, k) => k > to && k <= to + 2 && c.kind === 'scale');
    if (chunks[i - 1]?.text === 'from' || (chunks[i - 2]?.text === 'from' && chunks[i - 1]?.text === 'the')) {
      if (second >= 0) {
        const fields = reading.sort?.fields ?? [...scale.fields];
        reading.sort = { fields, direction: scale.direction, explicitDirection: true, ...dateDirection(scale) };
        const used = [];
        for (let k = i - (chunks[i - 1]?.text === 'from' ? 1 : 2); k <= second; k++) used.push(k);
        consume(reading, used);
        continue;
      }
    }
    // "oldest first", "heaviest first": the order the rows are listed in, not a ranking that keeps one.
    if (scale.degree === 'superlative' && chunks[i + 1]?.text === 'first' && !reading.used[i + 1]) {
      // "singers by age, youngest first": the "by age" names the order, not a breakdown.
      const by = chunks.findIndex((c, k) => k < i - 1 && c.text === 'by' && !reading.used[k] && !reading.used[k + 1] && sharedFields(chunks[k + 1], scale).length > 0);
      const fields = by >= 0 ? sharedFields(chunks[by + 1], scale) : (reading.sort?.fields ?? [...scale.fields]);
      reading.sort = { fields, direction: scale.direction, explicitDirection: true, ...(by >= 0 ? {} : dateDirection(scale)) };
      consume(reading, by >= 0 ? [by, by + 1, i, i + 1] : [i, i + 1]);
      continue;
    }
    if (scale.degree === 'comparative') {
      // "older than 30", "heavier than 10".
      const than = chunks[i + 1]?.text === 'than' ? i + 1 : -1;
      const number = than < 0 ? undefined : chunks[than + 1];
      if (number === undefined || number.kind !== 'number' || reading.used[than + 1]) continue;
      // "longer than 30 minutes": the unit after the number names the field the scale already measures.
      const unit = sharedFields(chunks[than + 2], scale).length > 0 && !reading.used[than + 2] ? [than + 2] : [];
      const text = [scale.text, 'than', number.text, ...unit.map((k) => chunks[k]!.text)].join(' ');
      reading.filters.push({ kind: 'compare', op: scale.direction === 'desc' ? 'gt' : 'lt', value: number.value, money: false, fields: ownerFields(reading, i, scale), text });
      consume(reading, [i, than, than + 1, ...unit], text);
      continue;
    }
    // "the youngest singer", "the 3 heaviest pets", "youngest dog": a ranking on the measured field.
    const before = chunks[i - 1];
    const limit = before !== undefined && before.kind === 'number' && !reading.used[i - 1] && Number.isInteger(before.value) && before.value >= 1 ? before.value : undefined;
    reading.ranking = { direction: scale.direction, fields: [...scale.fields], direct: true, ...(limit === undefined ? {} : { limit: Math.min(limit, 1000) }) };
    if (limit === undefined) reading.singular = true;
    consume(reading, limit === undefined ? [i] : [i - 1, i]);
  }
}

