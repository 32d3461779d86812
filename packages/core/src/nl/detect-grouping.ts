/**
 * Breakdowns and presentation: "by category", "per city", "for each product", "by customer" (the related
 * entity's display field), grains ("by month", "monthly", "each quarter", "over time"), "which month",
 * and "as a table" / "bar chart" / "line chart".
 */
import type { FieldRef } from '../plan/query-plan';
import { isDateField, isNumericField } from './lex/lexicon';
import { couldBeVerb } from './verify/explain-verbs';
import { type Reading, consume, entityEntries, fieldEntries, hiddenEntries, keywordKind, measureEntries, nextMeaningful, previousMeaningful } from './reading';

export function detectPresentation(reading: Reading): void {
  reading.chunks.forEach((chunk, i) => {
    const present = keywordKind(chunk, 'present');
    if (present === undefined || reading.used[i]) return;
    reading.presentation = present.presentation;
    consume(reading, [i]);
  });
}

export function detectGrouping(reading: Reading): void {
  const { chunks } = reading;
  const ranked = chunks.some((c) => keywordKind(c, 'rank') !== undefined);
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const chunk = chunks[i]!;
    const adverb = keywordKind(chunk, 'grain');
    if (adverb !== undefined) {
      const before = previousMeaningful(reading, i);
      const isWhich = before >= 0 && keywordKind(chunks[before], 'list') !== undefined && /^(which|what)/.test(chunks[before]!.text);
      if (adverb.adverb || isWhich) {
        reading.groups.push({ kind: 'grain', grain: adverb.grain, fields: [], ...(adverb.line === true ? { trend: true } : {}) });
        if (adverb.line === true && reading.presentation === undefined) reading.presentation = 'line';
        consume(reading, isWhich ? [before, i] : [i]);
        if (isWhich && !chunk.text.endsWith('s')) reading.singular = true;
      }
      continue;
    }
    if (keywordKind(chunk, 'group') === undefined) continue;
    // "the age and hometown of every teacher": with nothing to aggregate, "every"/"each" quantifies the rows.
    const measured = reading.chunks.some((c) => keywordKind(c, 'aggregate') !== undefined || keywordKind(c, 'rank') !== undefined || (c.kind === 'lex' && measureEntries(c.entries).length > 0 && entityEntries(c.entries).length === 0));
    if (/^(every|each|all|for each|for every|of each|of every)$/.test(chunk.text) && !measured) {
      const next = reading.chunks[i + 1];
      if (next !== undefined && next.kind === 'lex' && entityEntries(next.entries).length > 0) {
        reading.used[i] = true;
        continue;
      }
    }
    // "owned by students", "created by the maker": after a verb, "by" names who did it, not a breakdown.
    const before = chunks[i - 1];
    if (chunk.text === 'by' && before !== undefined && before.kind === 'unknown' && couldBeVerb(before.text, chunks[i - 2]?.text, chunks[i - 2]?.kind === 'lex')) continue;
    if (nextMeaningful(reading, i) < 0 && trailingEach(reading, i)) continue;
    groupTarget(reading, i, ranked);
  }
  // "revenue trend by quarter": the named grain replaces the trend's default month.
  if (reading.groups.some((g) => g.kind === 'grain' && g.trend !== true)) reading.groups = reading.groups.filter((g) => g.kind !== 'grain' || g.trend !== true);
}

/**
 * "the different template type codes, and how many templates correspond to each": an "each" that ends the
 * question points back at the one category the question listed, and a count or total is given for every
 * value of it. Only a single listed category qualifies; anything else stays unexplained.
 */
function trailingEach(reading: Reading, i: number): boolean {
  const { chunks, lexicon } = reading;
  if (!/^(each|for each|of each|every|for every|in each)$/.test(chunks[i]!.text)) return false;
  if (!chunks.some((c) => keywordKind(c, 'aggregate') !== undefined || (c.kind === 'lex' && measureEntries(c.entries).length > 0))) return false;
  // A category, or a key ("the different document ids ... the number of paragraphs for each").
  const groupable = (ref: FieldRef): boolean => !isDateField(lexicon.field(ref)) && (!isNumericField(lexicon.field(ref)) || lexicon.field(ref).role === 'identifier');
  const listed = chunks.flatMap((c, k) => {
    if (k >= i || reading.used[k] || c.kind !== 'lex' || entityEntries(c.entries).length > 0 || measureEntries(c.entries).length > 0) return [];
    const fields = fieldEntries(c.entries).filter(groupable);
    return fields.length > 0 ? [{ at: k, fields, text: c.text }] : [];
  });
  if (listed.length !== 1) return false;
  const [only] = listed as [(typeof listed)[number]];
  reading.groups.push({ kind: 'field', fields: only.fields, text: only.text, at: only.at });
  consume(reading, [only.at, i], `${only.text} (each)`);
  return true;
}

/** The breakdown after "by"/"per"/... at `i`; "by category and month" continues with "and". */
function groupTarget(reading: Reading, i: number, ranked: boolean): void {
  const { chunks, lexicon } = reading;
  {
    const next = nextMeaningful(reading, i);
    if (next < 0) return;
    const target = chunks[next]!;
    const grain = keywordKind(target, 'grain');
    if (grain !== undefined) {
      reading.groups.push({ kind: 'grain', grain: grain.grain, fields: [] });
      if (grain.line === true && reading.presentation === undefined) reading.presentation = 'line';
      consume(reading, [i, next]);
      continueWithAnd(reading, next, ranked);
      return;
    }
    if (target.kind !== 'lex') return;
    if (hiddenEntries(target.entries)) {
      reading.problems.push(`"${target.text}" is not available`);
      consume(reading, [i, next]);
      return;
    }
    // "city of the product": only fields of the named entity.
    const ofIndex = nextMeaningful(reading, next);
    const owner = chunks[ofIndex];
    const ownerEntities = owner !== undefined && owner.kind === 'lex' && chunks[next + 1]?.text === 'of' ? entityEntries(owner.entries) : [];
    const allFields = fieldEntries(target.entries);
    const fields = ownerEntities.length > 0 ? allFields.filter((f) => ownerEntities.includes(f.entity)) : allFields;
    if (ownerEntities.length > 0) {
      if (fields.length === 0) reading.problems.push(`${owner!.text} have no "${target.text}"`);
      consume(reading, [ofIndex]);
    }
    const dateFields = fields.filter((ref) => isDateField(lexicon.field(ref)));
    const numeric = fields.filter((ref) => isNumericField(lexicon.field(ref)));
    const categorical = fields.filter((ref) => !isDateField(lexicon.field(ref)) && !isNumericField(lexicon.field(ref)));
    const measures = measureEntries(target.entries);
    const entities = entityEntries(target.entries);
    const wholeNumbers = numeric.filter((ref) => lexicon.field(ref).type === 'integer' && lexicon.field(ref).format !== 'currency');
    if (categorical.length > 0) reading.groups.push({ kind: 'field', fields: categorical, text: target.text, at: next });
    // "number of reviews by rating": whole-number fields (ratings, sizes) are categories too.
    else if (!ranked && wholeNumbers.length > 0) reading.groups.push({ kind: 'field', fields: wholeNumbers, text: target.text, at: next });
    else if (entities.length > 0) reading.groups.push({ kind: 'entity', entity: entities[0]!, at: next });
    else if (measures.length > 0) reading.measures.push({ kind: 'model', ...measures[0]! });
    else if (ranked && numeric.length > 0) reading.ranking = { ...(reading.ranking ?? { direction: 'desc' }), fields: numeric };
    else if (dateFields.length > 0) {
      // "by signup year": a date field with a grain after it.
      const after = keywordKind(chunks[next + 1], 'grain');
      if (after !== undefined && !after.adverb && !reading.used[next + 1]) {
        reading.groups.push({ kind: 'grain', grain: after.grain, fields: dateFields });
        consume(reading, [i, next, next + 1]);
        continueWithAnd(reading, next + 1, ranked);
        return;
      }
      reading.groups.push({ kind: 'grain', grain: 'day', fields: dateFields });
    } else return;
    consume(reading, [i, next]);
    continueWithAnd(reading, next, ranked);
  }
}

function continueWithAnd(reading: Reading, index: number, ranked: boolean): void {
  const joiner = index + 1;
  if (keywordKind(reading.chunks[joiner], 'and') === undefined || reading.used[joiner]) return;
  const target = reading.chunks[joiner + 1];
  if (target === undefined || (target.kind !== 'lex' && keywordKind(target, 'grain') === undefined)) return;
  const before = reading.groups.length;
  groupTarget(reading, joiner, ranked);
  if (reading.groups.length === before) reading.used[joiner] = false;
}
