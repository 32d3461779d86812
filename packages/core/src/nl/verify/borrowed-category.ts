/**
 * "What is the most popular payment type?" asks for the payments' own type. On a schema where only policies
 * have a type (`policy_type_code`, which names.code-suffix lets "type" name), reading it as the type of the
 * policies the payments lead to answers another question. A category word reached through that reading,
 * right after the name of another table's rows, is declined.
 */
import { OWN_CATEGORY_WORDS } from '../../vocabulary/code-words';
import { entityEntries, fieldEntries } from '../lex/chunk-queries';
import { defineCheck } from './check';

const among = (list: readonly string[], word: string): boolean => list.includes(word);

export const borrowedCategory = defineCheck({
  name: 'verify.borrowed-category',
  description: '"payment type" asks for the payments\' own type: a category word that names another table\'s code column (names.code-suffix), right after a table\'s name, is declined.',
  reads: 'interpretation',
  examples: [{ schema: 'library', question: 'What is the most common book type?' }],
  counterExamples: [{ schema: 'library', question: 'What is the most common membership type?' }],
  test: ({ chunks, lexicon }) => {
    const readings = (lexicon.model.readings ?? []).filter((r) => r.rule === 'names.code-suffix');
    if (readings.length === 0) return undefined;
    for (let i = 1; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      const before = chunks[i - 1]!;
      if (chunk.kind !== 'lex' || before.kind !== 'lex' || !among(OWN_CATEGORY_WORDS, chunk.text.toLowerCase())) continue;
      const owners = entityEntries(before.entries);
      if (owners.length === 0) continue;
      const borrowed = fieldEntries(chunk.entries).filter((ref) => readings.some((r) => r.entity === ref.entity && r.field === ref.field && r.words.includes(chunk.text.toLowerCase())));
      if (borrowed.length > 0 && borrowed.every((ref) => !owners.includes(ref.entity))) {
        return { reasons: [`"${before.text} ${chunk.text}": ${lexicon.entity(owners[0]!).plural} have no ${chunk.text} of their own`] };
      }
    }
    return undefined;
  },
});
