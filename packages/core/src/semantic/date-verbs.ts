/**
 * Business reading "dates.event-verb": each date column is reachable by the verb of the event it records.
 * People say "campaigns that started in 2018" where the schema says `mailshot_start_date`, and "assignments
 * that started each year" where it says `date_assigned_from` next to `date_assigned_to`. The participles go
 * on the field as synonyms (so the scaffolded model file shows them and its owner can change them), and
 * each one is returned as a reading with its evidence.
 *
 * Conservative on purpose:
 * - only the verbs of vocabulary/date-verbs.ts, read from the column's own name words;
 * - a period's "from"/"to" only when the table has both columns;
 * - never a date that says when something should happen (`ship_by_date`, `due_date`);
 * - never the event the table itself records (`registration_date` on registrations): "students registered
 *   for courses" says the rows are there, not when;
 * - never a participle the column's name already holds (the label names it already), nor one another date
 *   of the table holds or would get too: "shipped" must name one date;
 * - except a name that is only a participle and a time word (`opened_at`, `signed_up_at`, `issued_on`, the
 *   Rails and Django convention): its label "opened at" is never what people say ("tickets opened in
 *   March"), so the participle alone names it too.
 */
import { singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { DATE_EVENT_VERBS, DEADLINE_DATE_WORDS, EVENT_TIME_SUFFIXES, PERIOD_END_VERBS, PERIOD_END_WORDS, PERIOD_START_VERBS, PERIOD_START_WORDS } from '../vocabulary/date-verbs';
import type { BusinessReading } from './business-reading';
import { isParticiple } from '../lexical/participles';

type EntityInput = ModelFileInput['entities'][string];

const EVENT_VERBS = new Map(DATE_EVENT_VERBS);
const among = (list: readonly string[], word: string): boolean => list.includes(word);
/** Particles of phrasal verbs a column may keep (`signed_up_at`, `checked_in_on`, `logged_out_at`). */
const PARTICLES: readonly string[] = ['up', 'in', 'out', 'off', 'on', 'back', 'over', 'down'];

export function addDateVerbs(entities: Record<string, EntityInput>): BusinessReading[] {
  const readings: BusinessReading[] = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    const dates = Object.entries(entity.fields).filter(([, f]) => f.hidden !== true && (f.type === 'date' || f.type === 'datetime'));
    const wordsOf = new Map(dates.map(([key, f]) => [key, splitWords(f.column ?? key)]));
    const hasPeriodWord = (list: readonly string[]): boolean => dates.some(([key]) => wordsOf.get(key)!.some((w) => list.includes(w)));
    const isPeriod = hasPeriodWord(PERIOD_START_WORDS) && hasPeriodWord(PERIOD_END_WORDS);
    const tableWords = new Set(splitWords(entity.table ?? entityKey).map((word) => singularize(word)));
    const proposed = new Map<string, { verbs: Set<string>; evidence: string[] }>();
    for (const [key] of dates) {
      const words = wordsOf.get(key)!;
      if (words.some((word) => among(DEADLINE_DATE_WORDS, word))) continue;
      const verbs = new Set<string>();
      const evidence: string[] = [];
      for (const word of words) {
        const event = EVENT_VERBS.get(word);
        if (event !== undefined && !tableWords.has(singularize(word))) {
          for (const verb of event) verbs.add(verb);
          evidence.push(`its name says "${word}"`);
        }
        if (isPeriod && among(PERIOD_START_WORDS, word)) {
          for (const verb of PERIOD_START_VERBS) verbs.add(verb);
          evidence.push(`"${word}" opens a period the table closes with a "${PERIOD_END_WORDS.join('"/"')}" date`);
        }
        if (isPeriod && among(PERIOD_END_WORDS, word)) {
          for (const verb of PERIOD_END_VERBS) verbs.add(verb);
          evidence.push(`"${word}" closes a period the table opens with a "${PERIOD_START_WORDS.join('"/"')}" date`);
        }
      }
      for (const word of words) verbs.delete(word);
      const participle = participleBeforeTimeWord(words);
      // "rated" for ratings.rated_on is the event the table itself records: "recipes never rated" asks for
      // ratings, not for a date, so the participle stays the table's.
      const ownEvent = participle !== undefined && [...tableWords].some((word) => sharesVerbStem(participle.split(' ')[0]!, word));
      if (participle !== undefined && !ownEvent) {
        verbs.add(participle);
        evidence.push(`its name is the participle "${participle}" and a time word`);
      }
      if (verbs.size > 0) proposed.set(key, { verbs, evidence });
    }
    // A verb is a date's own when no other date's name holds it and no other date is given it.
    const named = new Map<string, number>();
    for (const words of wordsOf.values()) for (const word of new Set(words)) named.set(word, (named.get(word) ?? 0) + 1);
    const given = new Map<string, number>();
    for (const { verbs } of proposed.values()) for (const verb of verbs) given.set(verb, (given.get(verb) ?? 0) + 1);
    for (const [key, { verbs, evidence }] of proposed) {
      const ownName = new Set(wordsOf.get(key)!);
      const own = [...verbs].filter((verb) => given.get(verb) === 1 && (named.get(verb) ?? 0) === (ownName.has(verb) ? 1 : 0));
      if (own.length === 0) continue;
      const field = entity.fields[key]!;
      field.synonyms = [...(field.synonyms ?? []), ...own.filter((verb) => !(field.synonyms ?? []).includes(verb))];
      readings.push({ rule: 'dates.event-verb', entity: entityKey, field: key, words: own, evidence: evidence.join('; '), confidence: 0.9 });
    }
  }
  return readings;
}

/**
 * "opened" for `opened_at`, "signed up" for `signed_up_at`: the words before a final time word, when they
 * are a participle (an "-ed" word or a known irregular one) and at most one particle after it.
 */
function participleBeforeTimeWord(words: readonly string[]): string | undefined {
  if (words.length < 2 || words.length > 3 || !among(EVENT_TIME_SUFFIXES, words[words.length - 1]!)) return undefined;
  const [verb, particle] = words.slice(0, -1);
  if (verb === undefined || !isParticiple(verb)) return undefined;
  if (particle !== undefined && !among(PARTICLES, particle)) return undefined;
  return particle === undefined ? verb : `${verb} ${particle}`;
}

/**
 * Whether a participle and a table's name word come from one verb ("rated"/"rating", "cancelled"/
 * "cancellation", "shipped"/"shipment"): the longest shared beginning reaches within two letters of the
 * shorter stem. A rough test of our own because the lemmatiser reads "rated" as "rat", and the stemmer
 * lives in nl/, above this module.
 */
function sharesVerbStem(participle: string, word: string): boolean {
  const verb = participle.replace(/(ed|d)$/, '').replace(/([bcdfgklmnprstvz])\1$/, '$1');
  const noun = word.replace(/(ings?|ions?|ments?|als?|s)$/, '');
  let shared = 0;
  while (shared < verb.length && shared < noun.length && verb[shared] === noun[shared]) shared++;
  return shared >= 3 && shared >= Math.min(verb.length, noun.length) - 2;
}
