/**
 * Aggregation words: "how many orders", "total sale price", "average rating", "number of different
 * cities", a run of them sharing one field ("the average, minimum and maximum age"), and one with nothing
 * after it ("and the average?", a follow-up's).
 */
import type { Aggregation } from '../../semantic/model-schema';
import type { MeasureIntent } from '../intents';
import { fieldEntries, hiddenEntries, keywordKind } from '../lex/chunk-queries';
import { isDateField } from '../lex/lexicon';
import type { Contribution } from '../kernel/candidate';
import type { Chunk } from '../lex/segment';
import { nextMeaningful } from '../kernel/interpretation';
import { defineRule } from './define-rule';
import { additiveTarget, aggregateTarget } from './measure-targets';
import { LISTABLE_AGGREGATIONS } from '../../vocabulary/aggregations';

/** The aggregation a word names in a list of them: "average", "total", and the max/min of "maximum", "lowest". */
function listedAggregation(chunk: Chunk | undefined): Aggregation | undefined {
  const aggregate = keywordKind(chunk, 'aggregate');
  if (aggregate !== undefined) return aggregate.aggregation !== 'howmuch' && LISTABLE_AGGREGATIONS.has(aggregate.aggregation) ? aggregate.aggregation : undefined;
  return keywordKind(chunk, 'rank')?.aggregation;
}

export const aggregationList = defineRule({
  name: 'measure.aggregation-list',
  description: '"the average, minimum and maximum age", "max and min weight": aggregation words joined by "and" or commas share the one field after them.',
  examples: [
    { schema: 'music', question: 'What are the average, minimum and maximum age of the singers?', expect: 'aggregate singer: avg(singer.age), min(singer.age), max(singer.age)' },
    { schema: 'pets', question: 'Find the maximum and minimum weight of pets', expect: 'aggregate pet: max(pet.weight), min(pet.weight)' },
  ],
  counterExamples: [
    { schema: 'music', question: 'Who is the singer with the maximum age?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male order singer.age desc limit 1 with ties' },
    // A ranking word before an aggregation word ranks by that aggregate; it is not a second aggregate.
    { schema: 'flights', question: 'Which airline has the highest average distance?', expect: 'aggregate flight: avg(flight.distance) by airline.name order measure0 desc limit 1 with ties' },
    { schema: 'shop', question: 'Find the name of the customer with the highest average revenue.', expect: 'aggregate orders: avg(orders.revenue) by customers.name order measure0 desc limit 1 with ties' },
  ],
  startsFrom: ['keyword:aggregate', 'keyword:rank'],
  read(draft) {
    const { chunks, lexicon } = draft.state;
    for (let start = 0; start < chunks.length; start++) {
      if (draft.used(start) || listedAggregation(chunks[start]) === undefined) continue;
      const aggregates = [start];
      const joiners: number[] = [];
      let i = start + 1;
      while (i < chunks.length && !draft.used(i)) {
        const chunk = chunks[i]!;
        if (listedAggregation(chunk) !== undefined) aggregates.push(i);
        else if (keywordKind(chunk, 'and') !== undefined || chunk.text === ',' || chunk.text === 'the') joiners.push(i);
        else break;
        i++;
      }
      // "the highest average rating" ranks by one average: aggregation words make a list only with an "and"
      // among them ("the average, minimum and maximum age"; commas are not words, so "and" is the sign).
      if (!joiners.some((k) => keywordKind(chunks[k], 'and') !== undefined)) continue;
      const target = chunks[i];
      if (aggregates.length < 2 || target === undefined || target.kind !== 'lex' || draft.used(i)) continue;
      const intents = aggregates.map((k) => aggregateTarget(lexicon, listedAggregation(chunks[k])!, target));
      if (intents.some((intent) => intent === undefined)) continue;
      draft.propose({ covers: [...aggregates, ...joiners, i], contributions: (intents as MeasureIntent[]).map((measure) => ({ kind: 'measure' as const, measure })), reason: `${aggregates.length} aggregations of "${target.text}"` });
      start = i;
    }
  },
});

export const aggregationWord = defineRule({
  name: 'measure.aggregation-word',
  description: '"how many orders", "total sale price", "average rating", "number of different cities": an aggregation word and the model phrase after it; alone, it waits for what to aggregate.',
  examples: [
    { schema: 'music', question: 'What is the average age of all singers?', expect: 'aggregate singer: avg(singer.age)' },
    { schema: 'shop', question: 'How many different customers placed orders?', expect: 'aggregate orders: count_distinct(customers.customer_id)' },
    // The verb of one date of the rows ("started": the start date) is the date the period applies to.
    { schema: 'library', question: 'How many reading clubs started in 2025?', expect: 'aggregate reading_club: reading_club_count time club_start_date 2025-01-01..2026-01-01' },
  ],
  counterExamples: [
    { schema: 'music', question: 'What are the average, minimum and maximum age of the singers?', expect: 'aggregate singer: avg(singer.age), min(singer.age), max(singer.age)' },
    // No verb says which of the two dates: declined, never a date picked at random.
    { schema: 'library', question: 'How many reading clubs were there in 2025?', expect: 'decline' },
  ],
  startsFrom: ['keyword:aggregate'],
  read(draft) {
    const { chunks, lexicon } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const aggregate = keywordKind(chunks[i], 'aggregate');
      if (aggregate === undefined) continue;
      const covers = [i];
      let next = nextMeaningful(draft.state, i);
      let distinct = false;
      if (keywordKind(chunks[next], 'distinct') !== undefined) {
        distinct = true;
        covers.push(next);
        next = nextMeaningful(draft.state, next);
      }
      const target = chunks[next];
      if (target !== undefined && target.kind === 'lex') {
        covers.push(next);
        if (hiddenEntries(target.entries)) {
          draft.propose({ covers, contributions: [{ kind: 'problem', message: `"${target.text}" is not available` }], reason: 'the field is hidden' });
          continue;
        }
        const aggregation = distinct && aggregate.aggregation === 'count' ? 'count_distinct' : aggregate.aggregation;
        const intent = (aggregation === 'avg' && draft.state.perGroup !== undefined ? additiveTarget(lexicon, target) : undefined) ?? aggregateTarget(lexicon, aggregation, target, chunks[i]!.text === 'how many');
        if (intent !== undefined) {
          // "how many campaigns started each month": the date the phrase names ("started" is the start date's
          // verb, semantic/date-verbs.ts) is the one the period applies to, not the table's default date.
          const dates = intent.kind === 'model' && aggregation === 'count' ? fieldEntries(target.entries).filter((ref) => ref.entity === intent.entity && isDateField(lexicon.field(ref))) : [];
          const mention: Contribution[] = dates.length === 1 ? [{ kind: 'field-mention', fields: dates, plural: target.plural }] : [];
          draft.propose({ covers, contributions: [{ kind: 'measure', measure: intent }, ...mention], reason: `"${chunks[i]!.text}" of "${target.text}"` });
          continue;
        }
        draft.propose({ covers, contributions: [{ kind: 'problem', message: `cannot take the ${aggregate.aggregation === 'howmuch' ? 'amount' : aggregate.aggregation} of "${target.text}"` }], reason: `"${chunks[i]!.text}" cannot apply to "${target.text}"` });
        continue;
      }
      if (aggregate.aggregation === 'avg' && draft.state.perGroup !== undefined) {
        // "average number of orders per customer": the average is over the groups.
        draft.propose({ covers, contributions: [], reason: 'the average is over the "per" groups' });
        continue;
      }
      if (draft.state.pendingAggregation === undefined) {
        draft.propose({ covers, contributions: [{ kind: 'pending-aggregation', aggregation: aggregate.aggregation }], reason: `"${chunks[i]!.text}" with nothing after it` });
      }
    }
  },
});
