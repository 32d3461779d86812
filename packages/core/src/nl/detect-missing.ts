/**
 * Missing values: "clubs with no manager listed", "books that have no genre recorded", "loans that have not
 * been returned yet" (returned_date). A negation right before a column of the subject (not a table: "with
 * no orders" is about related rows, detect-existence.ts) keeps the rows where that column is empty; a
 * negated participle names the date column that records it ("returned" -> returned_date).
 */
import type { FieldRef } from '../plan/query-plan';
import { verbLemma } from '../lexical/lemmatize';
import { splitWords } from '../semantic/humanize';
import { type Reading, consume, entityEntries, fieldEntries, keywordKind } from './reading';

/** Words after the column that only say it was never filled in. */
const RECORDED = /^(listed|recorded|given|set|entered|specified|known|yet|on file)$/;
const NEGATED_HAVE = /^(no|with no|have no|has no|had no|without a|without an|without)$/;
const NEGATED_VERB = /^(not|have not|has not|had not|never|havent|hasnt|isnt|arent|wasnt|werent)$/;

function push(reading: Reading, field: FieldRef, used: number[]): void {
  const text = used.map((i) => reading.chunks[i]!.text).join(' ');
  const column = reading.lexicon.field(field);
  // A yes/no column is never empty for "not fixed yet": it says no (detect-flags.ts reads the yes).
  if (column.flag === true || column.type === 'boolean') reading.filters.push({ kind: 'compare', op: 'eq', value: 0, money: false, fields: [field], text });
  else reading.filters.push({ kind: 'missing', field, text });
  consume(reading, used);
}

/** The date (or other) column of `entity` whose name carries the participle's verb: "returned" -> returned_date. */
function recordedBy(reading: Reading, participle: string): FieldRef[] {
  const lemma = verbLemma(participle);
  const found: FieldRef[] = [];
  for (const entity of Object.values(reading.lexicon.model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (field.hidden) continue;
      const words = splitWords(field.column);
      if (words.includes(participle) || (words.some((w) => verbLemma(w) === lemma) && lemma !== participle)) found.push({ entity: entity.name, field: field.name });
    }
  }
  return found;
}

/** "loans that have not been returned": the column's own table is named just before ("customers who have
 * not ordered" is about related rows instead, detect-existence.ts). */
function ownerBefore(reading: Reading, index: number, entity: string): boolean {
  for (let k = index - 1; k >= 0 && k >= index - 4; k--) {
    const chunk = reading.chunks[k]!;
    if (chunk.kind === 'lex') return entityEntries(chunk.entries).includes(entity);
    if (!/^(that|which|who|with|have|has|had|are|is|was|were|do|does|did)$/.test(chunk.text)) return false;
  }
  return false;
}

export function detectMissing(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const chunk = chunks[i]!;
    if (keywordKind(chunk, 'negate') === undefined) continue;
    const next = chunks[i + 1];
    if (next === undefined || reading.used[i + 1]) continue;
    if (NEGATED_HAVE.test(chunk.text) && next.kind === 'lex' && entityEntries(next.entries).length === 0) {
      const fields = fieldEntries(next.entries);
      if (fields.length !== 1 || !ownerBefore(reading, i, fields[0]!.entity)) continue;
      const used = [i, i + 1];
      if (chunks[i + 2] !== undefined && RECORDED.test(chunks[i + 2]!.text)) used.push(i + 2);
      push(reading, fields[0]!, used);
      continue;
    }
    if (!NEGATED_VERB.test(chunk.text)) continue;
    let j = i + 1;
    while (chunks[j] !== undefined && /^(been|be|yet)$/.test(chunks[j]!.text)) j++;
    const verb = chunks[j];
    if (verb === undefined || reading.used[j]) continue;
    // The participle may already read as the column itself ("returned" for returned_date, "paid").
    const fields = verb.kind === 'lex' && entityEntries(verb.entries).length === 0 ? fieldEntries(verb.entries) : verb.kind === 'unknown' && /(ed|en)$/.test(verb.text) ? recordedBy(reading, verb.text) : [];
    if (fields.length !== 1 || !ownerBefore(reading, i, fields[0]!.entity)) continue;
    const used = Array.from({ length: j - i + 1 }, (_, k) => i + k);
    if (chunks[j + 1] !== undefined && /^yet$/.test(chunks[j + 1]!.text)) used.push(j + 1);
    push(reading, fields[0]!, used);
  }
}
