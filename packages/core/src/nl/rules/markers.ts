/**
 * Words that mark the question as a whole: list verbs ("list", "show", "which"), "different" before a
 * column (each value once), "both ... and ..." between columns, "all the information", follow-up cues
 * ("what about", "instead"), and the period ("last month", "in 2014 or 2015").
 */
import { entityEntries, fieldEntries, keywordKind } from '../lex/chunk-queries';
import { DETERMINERS, EXISTENCE_OPENINGS, isIn } from '../../vocabulary/grammar-words';
import type { Chunk } from '../lex/segment';
import type { Interpretation } from '../kernel/interpretation';
import { defineRule } from './define-rule';

export const listVerb = defineRule({
  name: 'marker.list-verb',
  description: '"list", "show", "which", "what are", or an opening "are there": the question asks for rows.',
  examples: [
    { schema: 'music', question: 'List the names of all singers', expect: 'list singer: singer.name' },
    // "Are there ...?" is answered by the rows that are there.
    { schema: 'music', question: 'Are there stadiums without any concerts?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year where stadium.stadium_id related concert.stadium_id count eq 0' },
  ],
  counterExamples: [{ schema: 'music', question: 'How many singers are there?', expect: 'aggregate singer: singer_count' }],
  startsFrom: ['keyword:list', 'keyword:noise'],
  read(draft) {
    draft.state.chunks.forEach((chunk, i) => {
      const opening = i === 0 && EXISTENCE_OPENINGS.has(chunk.text.toLowerCase());
      if (!draft.used(i) && (opening || keywordKind(chunk, 'list') !== undefined)) draft.propose({ covers: [i], contributions: [{ kind: 'mark', mark: 'listVerb', value: true }], reason: `"${chunk.text}" asks for rows`, silent: true });
    });
  },
});

/**
 * "the different countries", "all distinct template type codes": list each value once (not a count).
 * Before an entity ("the different car makers") it changes nothing: rows are different already.
 */
export const differentValues = defineRule({
  name: 'marker.different-values',
  description: '"the different countries": "different"/"distinct" before a column lists each value once; before an entity it lists each value once only when the one column shown is a category of the rows, and otherwise adds nothing.',
  examples: [
    { schema: 'music', question: 'What are the different countries of the singers?', expect: 'list singer: singer.country distinct' },
    { schema: 'regions', question: 'What are the different expense categories?', expect: 'list expense_category: expense_category.expense_category distinct' },
    { schema: 'districts', question: 'Show the distinct cost kinds.', expect: 'list cost_kind: cost_kind.cost_kind distinct' },
  ],
  counterExamples: [
    { schema: 'music', question: 'How many different countries do singers come from?', expect: 'aggregate singer: count_distinct(singer.country)' },
    { schema: 'shop', question: 'What are the different customers?', expect: 'list customers: customers.name, customers.city, customers.state' },
  ],
  startsFrom: ['keyword:distinct'],
  read(draft) {
    const { chunks } = draft.state;
    chunks.forEach((chunk, i) => {
      if (draft.used(i) || keywordKind(chunk, 'distinct') === undefined) return;
      const next = chunks[i + 1];
      if (next === undefined || next.kind !== 'lex') return;
      const column = fieldEntries(next.entries).length > 0;
      if (!column && entityEntries(next.entries).length === 0) return;
      draft.propose({ covers: [i], contributions: column ? [{ kind: 'mark', mark: 'distinct', value: true }] : [], reason: column ? `"${chunk.text} ${next.text}": each value once` : `"${chunk.text}" before an entity adds nothing` });
    });
  },
});

/** A chunk that names a column (not a table). */
function isColumn(at: Interpretation, k: number): boolean {
  const chunk = at.chunks[k];
  return chunk !== undefined && chunk.kind === 'lex' && fieldEntries(chunk.entries).length > 0 && entityEntries(chunk.entries).length === 0;
}

export const bothColumns = defineRule({
  name: 'marker.both-columns',
  description: '"show both the name and the id": "both" before two columns joined by "and" adds nothing; they are listed anyway.',
  examples: [{ schema: 'music', question: 'Show both the name and the age of each singer', expect: 'list singer: singer.name, singer.age' }],
  counterExamples: [{ schema: 'pets', question: 'Which students have both cats and dogs?', expect: 'list student: student.full_name, student.fname, student.lname, student.age where student.stu_id related has_pet.stu_id [pet.pet_type eq cat] count gt 0 and student.stu_id related has_pet.stu_id [pet.pet_type eq dog] count gt 0' }],
  startsFrom: ['keyword:both'],
  read(draft) {
    const at = draft.state;
    at.chunks.forEach((chunk, index) => {
      if (draft.used(index) || keywordKind(chunk, 'both') === undefined) return;
      let k = index + 1;
      if (isIn(DETERMINERS, at.chunks[k]?.text)) k++;
      if (!isColumn(at, k) || at.chunks[k + 1]?.text !== 'and') return;
      const after = isIn(DETERMINERS, at.chunks[k + 2]?.text) ? k + 3 : k + 2;
      if (isColumn(at, after)) draft.propose({ covers: [index], contributions: [], reason: '"both" before two columns adds nothing' });
    });
  },
});

export const everything = defineRule({
  name: 'marker.everything',
  description: '"all the information about", "everything": every column of the rows, keys included.',
  examples: [{ schema: 'music', question: 'Give me all the information about the singers', expect: 'list singer: singer.name, singer.singer_id, singer.country, singer.age, singer.song_name, singer.is_male' }],
  counterExamples: [{ schema: 'music', question: 'Show all singers', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male' }],
  startsFrom: ['keyword:everything'],
  read(draft) {
    draft.state.chunks.forEach((chunk, i) => {
      if (!draft.used(i) && keywordKind(chunk, 'everything') !== undefined) {
        draft.propose({ covers: [i], contributions: [{ kind: 'mark', mark: 'listVerb', value: true }, { kind: 'mark', mark: 'allColumns', value: true }], reason: 'asks for every column' });
      }
    });
  },
});

export const followUpCue = defineRule({
  name: 'marker.follow-up-cue',
  description: '"what about", "instead", "only", "also": the question builds on the previous one.',
  examples: [{ schema: 'shop', question: 'Just show the orders of laptops', expect: 'list orders: orders.order_id, orders.order_date, orders.quantity, orders.revenue, orders.discount, products.name, customers.name, products.category where products.category eq Laptop' }],
  counterExamples: [{ schema: 'shop', question: 'Show the orders of laptops', expect: 'list orders: orders.order_id, orders.order_date, orders.quantity, orders.revenue, orders.discount, products.name, customers.name, products.category where products.category eq Laptop' }],
  startsFrom: ['keyword:cue'],
  read(draft) {
    draft.state.chunks.forEach((chunk, i) => {
      if (!draft.used(i) && keywordKind(chunk, 'cue') !== undefined) draft.propose({ covers: [i], contributions: [{ kind: 'mark', mark: 'cue', value: true }], reason: `"${chunk.text}" builds on the previous question`, silent: true });
    });
  },
});

/**
 * A year standing alone after "or": a plain number in year range, or the date finder's reading of a bare
 * "2015" (a whole-year period whose text is just the four digits).
 */
function bareYear(chunk: Chunk | undefined): number | undefined {
  if (chunk?.kind === 'number') return Number.isInteger(chunk.value) && chunk.value >= 1000 && chunk.value <= 2999 ? chunk.value : undefined;
  if (chunk?.kind === 'time' && /^\d{4}$/.test(chunk.text)) return Number(chunk.text);
  return undefined;
}

export const period = defineRule({
  name: 'time.period',
  description: '"last month", "in 2014", "since March": the first period the date grammar found filters the rows\' date; "in 2014 or 2015" adds the other years.',
  examples: [{ schema: 'shop', question: 'How many orders last month?', expect: 'aggregate orders: order_count time order_date 2026-05-01..2026-06-01' }, { schema: 'music', question: 'How many concerts were there in 2014 or 2015?', expect: 'aggregate concert: concert_count where concert.year in 2014|2015' }],
  counterExamples: [{ schema: 'shop', question: 'How many orders this month vs last month?', expect: 'aggregate orders: order_count periods 2026-06-01..2026-07-01 | 2026-05-01..2026-06-01' }],
  startsFrom: ['chunk:time'],
  read(draft) {
    const { chunks } = draft.state;
    chunks.forEach((chunk, i) => {
      if (draft.used(i) || chunk.kind !== 'time' || draft.state.time !== undefined) return;
      const covers = [i];
      const years: number[] = [];
      // "in 2014 or 2015": the other years join the period as alternatives.
      for (let k = i + 1; chunks[k]?.text === 'or'; k += 2) {
        const year = bareYear(chunks[k + 1]);
        if (year === undefined || draft.used(k + 1)) break;
        years.push(year);
        covers.push(k, k + 1);
      }
      draft.propose({ covers, contributions: [{ kind: 'time', range: chunk.range, ...(years.length > 0 ? { years } : {}) }], reason: `"${chunk.text}" is the period (${chunk.range.label})` });
    });
  },
});
