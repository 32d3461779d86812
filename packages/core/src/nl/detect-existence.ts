/**
 * Existence of related rows: "stadiums without any concerts", "countries with no car makers", "students
 * who have a pet", "shops that do not hire any employee" (the verb is read elsewhere). An entity right
 * after a negation, or after "with"/"have"/"having", is a condition on the rows that relate to the
 * subject, not a second subject. Conditions on those rows ("a concert in 2014") join the existence when
 * the plan is built (plan-filters.ts).
 */
import { type Reading, consume, entityEntries, fieldEntries, keywordKind } from './reading';
import { couldBeVerb } from './verify/explain-verbs';

const HAVE = /^(with|have|has|having|had|own|owns|owning|contain|contains|containing|include|includes|including)$/;
const QUANTIFIER = /^(a|an|any|some|single|one|the)$/;

export function detectExistence(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const chunk = chunks[i]!;
    const negate = keywordKind(chunk, 'negate') !== undefined;
    // "who produced a car", "used in a document": a verb and a quantified entity (the verb is checked later).
    const verb = chunk.kind === 'unknown' && couldBeVerb(chunk.text, chunks[i - 1]?.text, chunks[i - 1]?.kind === 'lex');
    if (verb) {
      let q = i + 1;
      while (chunks[q] !== undefined && /^(by|in|for|on|at|to|with)$/.test(chunks[q]!.text)) q++;
      if (!/^(a|an|any|some)$/.test(chunks[q]?.text ?? '')) continue;
    } else if (!negate && !(chunk.kind === 'keyword' && HAVE.test(chunk.text))) continue;
    let j = i + 1;
    // "do not hire any employee", "not used by any document": the verb between says which relation (explain-verbs.ts).
    if (negate || verb) while (chunks[j] !== undefined && !reading.used[j] && (chunks[j]!.kind === 'unknown' || /^(by|in|for|on|at|to|with|been|be)$/.test(chunks[j]!.text))) j++;
    while (chunks[j] !== undefined && !reading.used[j] && QUANTIFIER.test(chunks[j]!.text)) j++;
    const target = chunks[j];
    if (target === undefined || reading.used[j] || target.kind !== 'lex') continue;
    const entities = entityEntries(target.entries);
    // "with a capacity over 5000", "with the first name ...": a field of the subject, not related rows.
    if (entities.length === 0 || fieldEntries(target.entries).length > 0) continue;
    // The words in between stay for the verb check: only the negation, quantifiers and the entity are read here.
    const used = verb ? [j] : [i, j];
    for (let k = i + 1; k < j; k++) if (QUANTIFIER.test(chunks[k]!.text) || /^(by|in|for|on|at|been|be)$/.test(chunks[k]!.text)) used.push(k);
    const text = used.map((k) => chunks[k]!.text).join(' ');
    reading.filters.push({ kind: 'exists', entity: entities[0]!, negate, text });
    consume(reading, used, text);
  }
}
