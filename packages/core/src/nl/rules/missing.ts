/**
 * Missing values: "clubs with no manager listed", "books that have no genre recorded", "loans that have not
 * been returned yet" (returned_date). A negation right before a column of the subject (not a table: "with
 * no orders" is about related rows, rules/existence.ts) keeps the rows where that column is empty; a
 * negated participle names the date column that records it ("returned" -> returned_date).
 */
import type { FieldRef } from '../../plan/query-plan';
import { verbLemma } from '../../lexical/lemmatize';
import { splitWords } from '../../semantic/humanize';
import { entityEntries, fieldEntries, keywordKind } from '../lex/chunk-queries';
import { BE_FORMS, DO_FORMS, HAVE_FORMS, NEGATED_HAVE, NEGATED_VERB, PERFECT_AUXILIARIES, RECORDED, RELATIVES, isIn } from '../../vocabulary/grammar-words';
import type { Interpretation } from '../kernel/interpretation';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

function missingContribution(at: Interpretation, field: FieldRef, covers: readonly number[]): Contribution {
  const text = covers.map((i) => at.chunks[i]!.text).join(' ');
  const column = at.lexicon.field(field);
  // A yes/no column is never empty for "not fixed yet": it says no (rules/flags.ts reads the yes).
  if (column.flag === true || column.type === 'boolean') return { kind: 'filter', filter: { kind: 'compare', op: 'eq', value: 0, money: false, fields: [field], text } };
  return { kind: 'filter', filter: { kind: 'missing', field, text } };
}

/** The column of any entity whose name carries the participle's verb: "returned" -> returned_date. */
function recordedBy(at: Interpretation, participle: string): FieldRef[] {
  const lemma = verbLemma(participle);
  const found: FieldRef[] = [];
  for (const entity of Object.values(at.lexicon.model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (field.hidden) continue;
      const words = splitWords(field.column);
      if (words.includes(participle) || (words.some((w) => verbLemma(w) === lemma) && lemma !== participle)) found.push({ entity: entity.name, field: field.name });
    }
  }
  return found;
}

/** Words that may stand between a table's noun and the negation about its column ("loans that have not"). */
const isClauseWord = (word: string): boolean => isIn(RELATIVES, word) || word === 'with' || HAVE_FORMS.has(word) || (BE_FORMS.has(word) && word !== 'be' && word !== 'been') || DO_FORMS.has(word);

/** The column's own table is named just before ("customers who have not ordered" is about related rows instead). */
function ownerBefore(at: Interpretation, index: number, entity: string): boolean {
  for (let k = index - 1; k >= 0 && k >= index - 4; k--) {
    const chunk = at.chunks[k]!;
    if (chunk.kind === 'lex') return entityEntries(chunk.entries).includes(entity);
    if (!isClauseWord(chunk.text)) return false;
  }
  return false;
}

function read(draft: Draft): void {
  const at = draft.state;
  const { chunks } = at;
  for (let i = 0; i < chunks.length; i++) {
    if (draft.used(i)) continue;
    const chunk = chunks[i]!;
    if (keywordKind(chunk, 'negate') === undefined) continue;
    const next = chunks[i + 1];
    if (next === undefined || draft.used(i + 1)) continue;
    if (NEGATED_HAVE.has(chunk.text) && next.kind === 'lex' && entityEntries(next.entries).length === 0) {
      const fields = fieldEntries(next.entries);
      if (fields.length !== 1 || !ownerBefore(at, i, fields[0]!.entity)) continue;
      const covers = [i, i + 1];
      if (chunks[i + 2] !== undefined && RECORDED.has(chunks[i + 2]!.text)) covers.push(i + 2);
      draft.propose({ covers, contributions: [missingContribution(at, fields[0]!, covers)], reason: `"${chunk.text} ${next.text}": the column is empty` });
      continue;
    }
    if (!NEGATED_VERB.has(chunk.text)) continue;
    let j = i + 1;
    while (chunks[j] !== undefined && PERFECT_AUXILIARIES.has(chunks[j]!.text)) j++;
    const verb = chunks[j];
    if (verb === undefined || draft.used(j)) continue;
    // The participle may already read as the column itself ("returned" for returned_date, "paid").
    const fields = verb.kind === 'lex' && entityEntries(verb.entries).length === 0 ? fieldEntries(verb.entries) : verb.kind === 'unknown' && /(ed|en)$/.test(verb.text) ? recordedBy(at, verb.text) : [];
    if (fields.length !== 1 || !ownerBefore(at, i, fields[0]!.entity)) continue;
    const covers = Array.from({ length: j - i + 1 }, (_, k) => i + k);
    if (chunks[j + 1]?.text === 'yet') covers.push(j + 1);
    draft.propose({ covers, contributions: [missingContribution(at, fields[0]!, covers)], reason: `"${chunk.text} ... ${verb.text}": the column that records it is empty` });
  }
}

export const missingValue = defineRule({
  name: 'missing.no-value',
  description: '"with no manager listed", "not returned yet": a negation before a column of the rows asked about keeps the rows where it is empty.',
  examples: [{ schema: 'library', question: 'Which loans have not been returned yet?', expect: 'list loan: loan.loan_id, loan.loan_date, loan.returned_date, book.title, member.name where loan.returned_date is_null' }],
  counterExamples: [{ schema: 'library', question: 'Which members have no loans?', expect: 'list member: member.name where member.member_id related loan.member_id count eq 0' }],
  startsFrom: ['keyword:negate'],
  read,
});
