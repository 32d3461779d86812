/**
 * Verbs the model has no name for, checked against the plan the rest of the question built. A verb is
 * understood when it names what the plan already does:
 * - it is the verb of a name on the plan's path ("opened" -> open year, "enrolled" -> student enrolment,
 *   "taught" -> teacher), by its dictionary form or the nouns it derives (WordNet), also through the
 *   verbs of its first senses ("produced" -> make -> maker);
 * - it only links the things the plan already links, along their one key path ("teachers who teach math
 *   courses", "pets owned by students"): the path is the meaning, as long as the verb does not say that
 *   something changed or failed ("returned", "cancelled"), which no path expresses;
 * - it marks when a row came to be ("cars produced in 1980", "concerts that occurred in 2014") and the
 *   plan filters that row's date or year.
 * Anything else stays "not understood", and the planner declines.
 */
import { planFieldRefs, relatedFilters } from '../../plan/plan-references';
import type { FieldRef, QueryPlan } from '../../plan/query-plan';
import { verbLemma } from '../../lexical/lemmatize';
import { derivedNouns, isWord, verbSynonyms } from '../../lexical/lexical-relations';
import type { Lexicon } from '../lex/lexicon';
import { phraseKey, wordsOf } from '../lex/stem';
import { DATE_LABEL, PARTICIPLE_ENDING, VERB_WITH_PARTICLE } from '../lex/verb-traces';
import { recordsSales } from '../lex/sales-rows';
import { CHANGING_VERBS, COMING_TO_BE_VERBS, LINKING_VERBS, SELLING_VERBS } from '../../vocabulary/verbs';
import { SALE_RECORD_NOUNS } from '../../vocabulary/quantity-words';
import { singularize } from '../../semantic/humanize';
import { allLeaves } from '../../plan/boolean-filters';

/** A column that points at rows of its own table (a manager, a parent). */
function isSelfReference(lexicon: Lexicon, ref: FieldRef): boolean {
  return lexicon.model.relations.some((r) => r.fromEntity === ref.entity && r.fromField === ref.field && r.toEntity === ref.entity);
}

function planVocabulary(plan: QueryPlan, lexicon: Lexicon): { words: Set<string>; entities: Set<string> } {
  const entities = new Set<string>([plan.entity]);
  const words = new Set<string>();
  const addWords = (text: string): void => {
    // "joined on" names the verb "join": a participle in a column's label is the verb's trace.
    for (const word of wordsOf(text)) {
      words.add(phraseKey(word));
      if (PARTICIPLE_ENDING.test(word)) words.add(phraseKey(verbLemma(word)));
      // "signup date", "login time", "checkout date": a verb and its particle written as one word are the
      // trace of "signed up", "logged in", "checked out".
      const phrasal = VERB_WITH_PARTICLE.exec(word);
      if (phrasal !== null && isWord(phrasal[1]!, 'verb')) words.add(phraseKey(phrasal[1]!));
    }
  };
  for (const use of planFieldRefs(plan)) {
    // "employees who report to Nancy": a column that points at rows of its own table ("reports to") only
    // shown next to them does not make the relation hold; it explains the verb only when the plan uses it.
    if (use.use === 'select' && isSelfReference(lexicon, use.ref)) continue;
    entities.add(use.ref.entity);
    addWords(lexicon.field(use.ref).label);
    addWords(use.ref.field);
  }
  for (const { filter } of relatedFilters(plan)) {
    entities.add(filter.entity);
    addWords(filter.via);
    for (const inner of filter.where) entities.add(inner.field.entity);
  }
  for (const name of entities) {
    const entity = lexicon.entity(name);
    addWords(entity.label);
    addWords(entity.table);
    for (const synonym of entity.synonyms) addWords(synonym);
  }
  return { words, entities };
}

function namesPath(verb: string, words: ReadonlySet<string>): boolean {
  if (words.has(phraseKey(verb))) return true;
  const verbs = [verb, ...verbSynonyms(verb).slice(0, 8).filter((v) => !v.includes(' '))];
  return verbs.some((v) => words.has(phraseKey(v)) || derivedNouns(v).some((noun) => wordsOf(noun).some((w) => words.has(phraseKey(w)))));
}

/**
 * "Who acted in Seven Bridges" names the actors (act -> actor): when the verb's doer is a table the plan
 * never reaches, the plan answers about something else, however well it links its own tables.
 */
function namesAnotherEntity(verb: string, entities: ReadonlySet<string>, lexicon: Lexicon): boolean {
  const agents = derivedNouns(verb).filter((noun) => /(or|er|ist|ant|ent)$/.test(noun) && !noun.includes(' '));
  if (agents.length === 0) return false;
  return Object.values(lexicon.model.entities).some((entity) => !entities.has(entity.name) && [entity.label, entity.name, ...entity.synonyms].some((name) => agents.includes(phraseKey(name))));
}

/** Rows named as the record of a sale ("order items", "invoice lines", "sales"): "units sold" sums them. */
function namesSaleRecords(lexicon: Lexicon, entity: string): boolean {
  const { label, table } = lexicon.entity(entity);
  return [...wordsOf(label), ...wordsOf(table)].some((word) => SALE_RECORD_NOUNS.has(singularize(word.toLowerCase())));
}

/** The verbs (as asked) the plan does not account for; empty when it accounts for all. */
export function unexplainedVerbs(verbs: readonly string[], plan: QueryPlan, lexicon: Lexicon): string[] {
  const { words, entities } = planVocabulary(plan, lexicon);
  const links = entities.size >= 2;
  // "orders we took each month" dates its rows as surely as "orders we took in May": a date cut to a grain.
  const byPeriod = plan.kind === 'aggregate' && plan.dimensions.some((d) => d.grain !== undefined);
  const dated = byPeriod || plan.timeRange !== undefined || allLeaves(plan.filters).some((f) => f.op !== 'related' && DATE_LABEL.test(lexicon.field(f.field).label.toLowerCase()));
  // The words of the columns the plan keeps rows by: "shipped with FedEx" is told by a shipping method of FedEx.
  const conditionWords = new Set<string>();
  for (const filter of allLeaves(plan.filters)) {
    if (filter.op === 'related') continue;
    for (const word of wordsOf(lexicon.field(filter.field).label)) conditionWords.add(phraseKey(word));
  }
  return verbs.filter((word) => {
    const verb = verbLemma(word);
    if (namesAnotherEntity(verb, entities, lexicon)) return true;
    // A verb that changes a row is told only by a condition on a column named by it or its noun.
    if (CHANGING_VERBS.has(verb)) return !namesPath(verb, conditionWords);
    if (namesPath(verb, words) || LINKING_VERBS.has(verb)) return false;
    // A verb of a sale is the trace of rows that record sales (a revenue or sales measure, written in the model
    // or read from its one amount column by semantic/sales-words.ts). Only for the plan's own rows: "customers
    // who bought in May" counts customers, whose rows record no sale, so the verb stays unexplained there.
    if (SELLING_VERBS.has(verb) && (recordsSales(lexicon.entity(plan.entity)) || namesSaleRecords(lexicon, plan.entity))) return false;
    if (links) return false;
    return !(dated && COMING_TO_BE_VERBS.has(verb));
  });
}
