/**
 * Graded adjectives over the model's fields: "the youngest singer" (ranked by age, lowest first, one row
 * with ties), "the 3 heaviest pets", "older than 30" (age over 30), "lighter than 3500" (weight under
 * 3500), and "ordered by age from the oldest to the youngest" (a sort direction).
 */
import type { FieldRef } from '../plan/query-plan';
import { type Reading, consume, entityEntries } from './reading';
import type { Chunk } from './segment';

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
        reading.sort = { fields, direction: scale.direction, explicitDirection: true };
        const used = [];
        for (let k = i - (chunks[i - 1]?.text === 'from' ? 1 : 2); k <= second; k++) used.push(k);
        consume(reading, used);
        continue;
      }
    }
    if (scale.degree === 'comparative') {
      // "older than 30", "heavier than 10".
      const than = chunks[i + 1]?.text === 'than' ? i + 1 : -1;
      const number = than < 0 ? undefined : chunks[than + 1];
      if (number === undefined || number.kind !== 'number' || reading.used[than + 1]) continue;
      const text = `${scale.text} than ${number.text}`;
      reading.filters.push({ kind: 'compare', op: scale.direction === 'desc' ? 'gt' : 'lt', value: number.value, money: false, fields: ownerFields(reading, i, scale), text });
      consume(reading, [i, than, than + 1], text);
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

