/**
 * Existence of related rows: "stadiums without any concerts", "countries with no car makers", "students
 * who have a pet", "shops that do not hire any employee" (the verb is checked by verify/explain-verbs.ts).
 * An entity right after a negation, or after "with"/"have"/"having", is a condition on the rows that relate
 * to the subject, not a second subject. Conditions on those rows ("a concert in 2014") join the existence
 * when the plan is built (assemble/plan-filters.ts).
 */
import { entityEntries, fieldEntries, keywordKind } from '../lex/chunk-queries';
import { HAVING, INDEFINITES, QUANTIFIERS, VERB_PREPOSITIONS } from '../../vocabulary/grammar-words';
import { couldBeVerb } from '../lex/verb-forms';
import { defineRule } from './define-rule';
import { periodOfRelatedRows } from './related-period';

/** Words between a negation or verb and the entity that say nothing of their own ("not used by any"). */
const isLinkWord = (word: string): boolean => VERB_PREPOSITIONS.has(word) || word === 'been' || word === 'be';
/** The same, without "to" and "with" (a quantifier or these are read with the entity). */
const isReadWord = (word: string): boolean => QUANTIFIERS.has(word) || (VERB_PREPOSITIONS.has(word) && word !== 'to' && word !== 'with') || word === 'been' || word === 'be';

export const relatedRowsExist = defineRule({
  name: 'existence.related-rows',
  description: '"without any concerts", "who have a pet", "did not hire any employee": an entity after a negation, a having word or a verb with a quantifier is a condition that related rows exist (or not).',
  examples: [
    { schema: 'music', question: 'Which stadiums have no concerts?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year where stadium.stadium_id related concert.stadium_id count eq 0' },
    { schema: 'library', question: 'Which members have a loan?', expect: 'list member: member.name where member.member_id related loan.member_id count gt 0' },
    // A period right after the related rows is on their date, not the subject's (related-period.ts).
    { schema: 'shop', question: 'How many customers have no orders in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
    // "both A and B" on the related rows: one related row each (assemble/plan-filters.ts), never either.
    { schema: 'library', question: 'Which members have loans of both Emma and Dune?', expect: 'list member: member.name where member.member_id related loan.member_id [book.title eq Emma] count gt 0 and member.member_id related loan.member_id [book.title eq Dune] count gt 0' },
    { schema: 'music', question: 'Which singers have concerts in both Auditions and Week 1?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.singer_id related singer_in_concert.singer_id [concert.concert_name eq Auditions] count gt 0 and singer.singer_id related singer_in_concert.singer_id [concert.concert_name eq Week 1] count gt 0' },
  ],
  counterExamples: [
    { schema: 'music', question: 'Which stadiums have a capacity over 5000?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year where stadium.capacity gt 5000' },
    // "or" keeps one related row holding either value.
    { schema: 'library', question: 'Which members have loans of Emma or Dune?', expect: 'list member: member.name where member.member_id related loan.member_id [book.title in Emma|Dune] count gt 0' },
    { schema: 'music', question: 'Which singers have concerts in Auditions or Week 1?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.singer_id related singer_in_concert.singer_id [concert.concert_name in Auditions|Week 1] count gt 0' },
    // Distinct values "not associated with any" related rows: about each value, not each row holding it (assemble/plan-filters.ts).
    { schema: 'school', question: 'List the distinct hometowns that are not associated with any course.', expect: 'decline' },
    { schema: 'music', question: 'List the distinct countries that are not associated with any concert.', expect: 'decline' },
    // Named rows keep the per-row reading.
    { schema: 'school', question: 'Show the distinct hometowns of teachers without any courses.', expect: 'list teacher: teacher.hometown where teacher.teacher_id related course.teacher_id count eq 0 distinct' },
    { schema: 'school', question: 'Show teacher names without any courses.', expect: 'list teacher: teacher.name where teacher.teacher_id related course.teacher_id count eq 0' },
  ],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const chunk = chunks[i]!;
      const negate = keywordKind(chunk, 'negate') !== undefined;
      // "who produced a car", "used in a document": a verb and a quantified entity.
      const verb = chunk.kind === 'unknown' && couldBeVerb(chunk.text, chunks[i - 1]?.text, chunks[i - 1]?.kind === 'lex');
      if (verb) {
        let q = i + 1;
        while (chunks[q] !== undefined && VERB_PREPOSITIONS.has(chunks[q]!.text)) q++;
        if (!INDEFINITES.has(chunks[q]?.text ?? '')) continue;
      } else if (!negate && !(chunk.kind === 'keyword' && HAVING.has(chunk.text))) continue;
      let j = i + 1;
      // "do not hire any employee", "not used by any document": the verb between says which relation.
      if (negate || verb) while (chunks[j] !== undefined && !draft.used(j) && (chunks[j]!.kind === 'unknown' || isLinkWord(chunks[j]!.text))) j++;
      while (chunks[j] !== undefined && !draft.used(j) && QUANTIFIERS.has(chunks[j]!.text)) j++;
      const target = chunks[j];
      if (target === undefined || draft.used(j) || target.kind !== 'lex') continue;
      const entities = entityEntries(target.entries);
      // "with a capacity over 5000", "with the first name ...": a field of the subject, not related rows.
      if (entities.length === 0 || fieldEntries(target.entries).length > 0) continue;
      // The words in between stay for the verb check: only the negation, quantifiers and the entity are read here.
      const covers = verb ? [j] : [i, j];
      for (let k = i + 1; k < j; k++) if (isReadWord(chunks[k]!.text)) covers.push(k);
      // "did not order in the last 6 months": the period right after the related rows is on their date.
      const period = periodOfRelatedRows(draft, j + 1, entities[0]!);
      if (period !== undefined) covers.push(j + 1);
      const text = covers.map((k) => chunks[k]!.text).join(' ');
      draft.propose({ covers, contributions: [{ kind: 'filter', filter: { kind: 'exists', entity: entities[0]!, negate, text, ...(period === undefined ? {} : { period }) } }], reason: `"${target.text}" after ${negate ? 'a negation' : verb ? 'a verb and a quantifier' : `"${chunk.text}"`} asks whether related rows exist`, phrase: text });
    }
  },
});
