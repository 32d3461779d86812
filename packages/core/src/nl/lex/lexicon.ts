/**
 * The vocabulary of one semantic model, built once per planner: every way the model lets a question name
 * an entity, a field or a measure (labels, plurals, synonyms, humanised keys, "<entity> <field>" pairs,
 * relation names), keyed by stemmed phrase, plus the many-to-one reachability between entities.
 */
import type { FieldRef } from '../../plan/query-plan';
import type { ModelEntity, ModelField, ModelMeasure, SemanticModel } from '../../semantic/semantic-model';
import { phraseKey } from './stem';
import { modelSynonyms, scaleAdjectives } from './lexical-vocabulary';
import { keywordOf } from './keywords';
import { detailsAliases } from './details-aliases';
import { DETAILS_ALIASES } from '../../vocabulary/details-words';
import { SIZE_ADJECTIVES } from '../../vocabulary/graded-adjectives';
import { createTypoIndex } from './typo-index';
import { findEntity, findField, findMeasure } from '../../semantic/model-lookup';
import { ownEntry } from '../../semantic/name-record';
import { salesFigureOf } from './sales-rows';

export type LexEntry =
  | { kind: 'entity'; entity: string }
  | { kind: 'field'; entity: string; field: string; hidden: boolean }
  | { kind: 'measure'; entity: string; measure: string };

/** How to reach an entity from a base entity along many-to-one relations. */
export interface Reach {
  hops: number;
  /** More than one shortest path exists: the compiler could not tell which join is meant. */
  ambiguous: boolean;
}

export interface Lexicon {
  readonly model: SemanticModel;
  readonly phrases: ReadonlyMap<string, readonly LexEntry[]>;
  /** Longest phrase, in words. */
  readonly maxWords: number;
  /** A misspelt single model word ("reveneu" -> "revenue"): the lexicon key, when exactly one is close enough. */
  correct(word: string): string | undefined;
  /** reach(base, target): undefined when `target` is not reachable many-to-one from `base`. */
  reach(base: string, target: string): Reach | undefined;
  entity(name: string): ModelEntity;
  field(ref: FieldRef): ModelField;
  measure(entity: string, name: string): ModelMeasure;
  /** Fields an adjective measures ("young" -> ages), for "the youngest", "older than 30". */
  scaleFields(adjective: string): readonly FieldRef[];
  /** Fields whose column is an acronym ("MPG"), by the acronym in lower case, for "miles per gallon". */
  readonly acronyms: ReadonlyMap<string, readonly LexEntry[]>;
  /** Phrase keys the model's names reach only through WordNet synonyms (weaker evidence: the trace says so). */
  readonly synonymKeys: ReadonlySet<string>;
}

const humanise = (name: string): string => name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function entryId(entry: LexEntry): string {
  return entry.kind === 'entity' ? `e:${entry.entity}` : entry.kind === 'field' ? `f:${entry.entity}.${entry.field}` : `m:${entry.entity}.${entry.measure}`;
}

export function buildLexicon(model: SemanticModel): Lexicon {
  const phrases = new Map<string, LexEntry[]>();
  const ids = new Map<string, Set<string>>();
  let maxWords = 1;

  const add = (phrase: string, entry: LexEntry): void => {
    const key = phraseKey(phrase);
    if (key.length === 0) return;
    let seen = ids.get(key);
    if (seen === undefined) ids.set(key, (seen = new Set()));
    const id = entryId(entry);
    if (seen.has(id)) return;
    seen.add(id);
    const list = phrases.get(key);
    if (list === undefined) phrases.set(key, [entry]);
    else list.push(entry);
    maxWords = Math.max(maxWords, key.split(' ').length);
  };

  const relationNames = new Map<string, string[]>(); // target entity -> names used for it
  for (const relation of model.relations) {
    // "customer" (orders.customer_id) names the customers an order points at; a relation named after its
    // own column ("source airport", "template type code") names that column, not the other entity.
    const fromField = findField(model, { entity: relation.fromEntity, field: relation.fromField });
    if (fromField !== undefined && phraseKey(relation.name) === phraseKey(fromField.label)) continue;
    const names = relationNames.get(relation.toEntity) ?? [];
    names.push(relation.name);
    relationNames.set(relation.toEntity, names);
  }

  for (const entity of Object.values(model.entities)) {
    const entityNames = [entity.label, entity.plural, humanise(entity.name), ...entity.synonyms, ...(relationNames.get(entity.name) ?? [])];
    for (const name of entityNames) add(name, { kind: 'entity', entity: entity.name });
    const qualifiers = [entity.label, ...(relationNames.get(entity.name) ?? [])];
    for (const field of Object.values(entity.fields)) {
      const entry: LexEntry = { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden };
      const names = [field.label, humanise(field.name), ...field.synonyms];
      for (const name of names) {
        add(name, entry);
        for (const qualifier of qualifiers) if (!phraseKey(name).startsWith(phraseKey(qualifier))) add(`${qualifier} ${name}`, entry);
      }
    }
    for (const measure of Object.values(entity.measures)) {
      for (const name of [measure.label, humanise(measure.name), ...measure.synonyms]) add(name, { kind: 'measure', entity: entity.name, measure: measure.name });
    }
  }

  // "the ids of the students", "their names": every entity's key answers to "id", its display field to
  // "name" (and "<entity> id", "<entity> name"), whatever the columns are called; the question's subject
  // decides which entity's is meant (resolve-fields.ts).
  for (const entity of Object.values(model.entities)) {
    const generic: Array<[string, string | undefined]> = [['id', entity.primaryKey], ['name', entity.displayField]];
    for (const [word, fieldName] of generic) {
      const field = fieldName === undefined ? undefined : ownEntry(entity.fields, fieldName);
      if (field === undefined || field.hidden) continue;
      // Only a real name answers to "name" (not a key standing in as the display field).
      if (word === 'name' && (field.type !== 'string' || field.role === 'identifier')) continue;
      const entry: LexEntry = { kind: 'field', entity: entity.name, field: field.name, hidden: false };
      add(word, entry);
      add(`${entity.label} ${word}`, entry);
    }
  }

  // "total federal revenue" for t_fed_rev: a short description the database or the model file gives a
  // field (PostgreSQL COMMENT ON, `description:`) is another name for it.
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      const description = field.description?.trim().replace(/[.;:]+$/, '');
      if (description === undefined || description.split(/\s+/).length > 6 || /[,()]/.test(description)) continue;
      add(description, { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden });
    }
    const description = entity.description?.trim().replace(/[.;:]+$/, '');
    if (description !== undefined && description.split(/\s+/).length <= 4 && !/[,()]/.test(description)) add(description, { kind: 'entity', entity: entity.name });
  }
  // "type code" for template type code: the trailing words of a longer field name (resolved by the
  // question's subject when several entities have such a field).
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      const words = field.label.toLowerCase().split(' ');
      for (let start = 1; start <= words.length - 2; start++) add(words.slice(start).join(' '), { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden });
    }
  }
  const later: Array<[string, LexEntry]> = [];
  // Word-order variants people use for the same field: "number of products" for number_products,
  // "membership level" for level_of_membership, "MPG" spelt out as "miles per gallon" (segment.ts).
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      const entry: LexEntry = { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden };
      const label = field.label.toLowerCase();
      const numberOf = /^(?:number|num) of (.+)$/.exec(label);
      const number = /^(?:number|num) (.+)$/.exec(label);
      if (numberOf !== null) add(`number ${numberOf[1]}`, entry);
      else if (number !== null) add(`number of ${number[1]}`, entry);
      const of = /^(.+?) of (.+)$/.exec(label);
      if (of !== null && numberOf === null) add(`${of[2]} ${of[1]}`, entry);
      // "the museum with the most staff": the counted noun of "number of staff" names the count.
      const counted = numberOf?.[1] ?? number?.[1];
      if (counted !== undefined && !phrases.has(phraseKey(counted))) later.push([counted, entry]);
    }
  }
  // Head words of multi-word names ("level" for membership level), only where nothing else uses the word.
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      const head = field.label.toLowerCase().split(' ').at(-1) ?? '';
      if (field.label.includes(' ') && head.length > 3 && !phrases.has(phraseKey(head)) && keywordOf(head) === undefined) later.push([head, { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden }]);
    }
  }
  for (const [phrase, entry] of later) add(phrase, entry);
  // "account information", "the ids and information": another word for a "details" column, only where no
  // model name already uses the phrase (details-aliases.ts). Weaker evidence: the keys count as synonyms.
  const aliasKeys = new Set<string>();
  const aliases: Array<[string, LexEntry]> = [];
  for (const entity of Object.values(model.entities)) {
    const qualifiers = [entity.label, ...(relationNames.get(entity.name) ?? [])];
    for (const field of Object.values(entity.fields)) {
      const entry: LexEntry = { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden };
      const named = detailsAliases(field.label);
      if (named.length === 0) continue;
      const qualified = named.flatMap((alias) => qualifiers.filter((q) => !phraseKey(alias).startsWith(phraseKey(q))).map((q) => `${q} ${alias}`));
      // The bare words a question uses for any "details" column ("What are the information and opening hours").
      const bare: readonly string[] = field.label.includes(' ') ? DETAILS_ALIASES : [];
      for (const phrase of [...named, ...qualified, ...bare]) if (!phrases.has(phraseKey(phrase))) aliases.push([phrase, entry]);
    }
  }
  for (const [phrase, entry] of aliases) {
    add(phrase, entry);
    aliasKeys.add(phraseKey(phrase));
  }
  // "nuclear reactor model" for the reactor model of nuclear power plants: one word of a compound table name
  // qualifying one of its fields, where the phrase names nothing else.
  for (const entity of Object.values(model.entities)) {
    const words = entity.label.toLowerCase().split(' ').filter((word) => word.length > 2 && keywordOf(word) === undefined);
    if (words.length < 2) continue;
    for (const field of Object.values(entity.fields)) {
      for (const word of words) {
        const phrase = `${word} ${field.label.toLowerCase()}`;
        // "car models" next to a models table names the table: a field label that is also an entity's name is left out.
        const namesEntity = (phrases.get(phraseKey(field.label)) ?? []).some((entry) => entry.kind === 'entity');
        if (!namesEntity && !field.label.toLowerCase().startsWith(word) && !phrases.has(phraseKey(phrase))) add(phrase, { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden });
      }
    }
  }
  // "degrees" for degree programs, "makers" for car makers: the head noun of a compound entity name.
  for (const entity of Object.values(model.entities)) {
    const words = entity.label.split(' ');
    const head = words.at(-1);
    if (words.length >= 2 && head !== undefined && head.length > 2 && !phrases.has(phraseKey(head))) add(head, { kind: 'entity', entity: entity.name });
  }
  // "delivery" for delivery routes (its first word), only after every head noun: "deliveries" are the order deliveries, not
  // the delivery routes whose first word it also is.
  for (const entity of Object.values(model.entities)) {
    const words = entity.label.split(' ');
    const first = words[0];
    if (words.length === 2 && first !== undefined && first.length > 2 && !phrases.has(phraseKey(first)) && keywordOf(first) === undefined) add(first, { kind: 'entity', entity: entity.name });
  }

  // "nation" for country, "forename" for first name: English synonyms that only one model name implies. A
  // field's other names count too: "emp_fname" is labelled "employee first name" and also called "first
  // name", whose synonym "forename" the label alone never reaches.
  const names = Object.values(model.entities).flatMap((entity) => [entity.label, ...Object.values(entity.fields).filter((f) => !f.hidden).flatMap((f) => [f.label, ...f.synonyms])]);
  const schemaWords = new Set(Object.values(model.entities).flatMap((entity) => [entity.label, entity.table, ...Object.values(entity.fields).flatMap((f) => [f.label, f.column])]).flatMap((name) => phraseKey(humanise(name)).split(' ')));
  const synonymKeys = new Set<string>(aliasKeys);
  for (const [synonym, original] of modelSynonyms(names, (key) => phrases.has(key), schemaWords)) {
    for (const entry of phrases.get(original) ?? []) add(synonym, entry);
    synonymKeys.add(phraseKey(synonym));
  }
  const scales = withSaleSizes(scaleAdjectives(model), model);
  const acronyms = new Map<string, LexEntry[]>();
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (!/^[A-Z]{2,5}$/.test(field.column)) continue;
      const list = acronyms.get(field.column.toLowerCase()) ?? [];
      list.push({ kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden });
      acronyms.set(field.column.toLowerCase(), list);
    }
  }

  // "signup year", "by signup": a date field labelled "<x> date" is also called "<x>" when nothing else is.
  const shortNames = Object.values(model.entities).flatMap((entity) =>
    Object.values(entity.fields).flatMap((field) => {
      const short = /^(.+) date$/i.exec(field.label)?.[1];
      return short !== undefined && isDateField(field) && !phrases.has(phraseKey(short)) ? [{ short, entry: { kind: 'field', entity: entity.name, field: field.name, hidden: field.hidden } as const }] : [];
    }),
  );
  for (const { short, entry } of shortNames) add(short, entry);

  // Many-to-one reachability by breadth-first search from every entity.
  const edges = new Map<string, string[]>();
  for (const relation of model.relations) {
    const list = edges.get(relation.fromEntity) ?? [];
    list.push(relation.toEntity);
    edges.set(relation.fromEntity, list);
  }
  const reachable = new Map<string, Map<string, Reach>>();
  for (const base of Object.keys(model.entities)) {
    const found = new Map<string, Reach>([[base, { hops: 0, ambiguous: false }]]);
    let frontier = [base];
    for (let hops = 1; frontier.length > 0 && hops <= 4; hops++) {
      const next: string[] = [];
      const pathsThisLevel = new Map<string, number>();
      for (const from of frontier) {
        for (const to of edges.get(from) ?? []) {
          if (found.has(to) && found.get(to)!.hops < hops) continue;
          pathsThisLevel.set(to, (pathsThisLevel.get(to) ?? 0) + 1);
        }
      }
      for (const [to, count] of pathsThisLevel) {
        found.set(to, { hops, ambiguous: count > 1 });
        next.push(to);
      }
      frontier = next;
    }
    reachable.set(base, found);
  }

  // Typo correction of model words over the one-word phrases; a tie between two keys corrects nothing.
  const typos = createTypoIndex([...phrases.keys()].filter((key) => !key.includes(' ')));
  const correct = (word: string): string | undefined => {
    const [best, next] = typos.corrections(word);
    return best === undefined || (next !== undefined && next.distance === best.distance) ? undefined : best.word;
  };

  return {
    model,
    phrases,
    correct,
    maxWords,
    reach: (base, target) => reachable.get(base)?.get(target),
    // Names read from the lexicon's own entries or from a plan already checked against the model.
    entity: (name) => findEntity(model, name)!,
    field: (ref) => findField(model, ref)!,
    measure: (entity, name) => findMeasure(model, entity, name)!,
    scaleFields: (adjective) => scales(adjective),
    acronyms,
    synonymKeys,
  };
}

/**
 * The field that names a row of `entity` in answers ("by customer" shows customer names): the model's
 * display field, else the key. Never just the first text column: that answered "which manager has the
 * most staff" with a job title.
 */
export function displayFieldOf(entity: ModelEntity): string | undefined {
  if (entity.displayField !== undefined && ownEntry(entity.fields, entity.displayField)?.hidden === false) return entity.displayField;
  return entity.primaryKey !== undefined && ownEntry(entity.fields, entity.primaryKey)?.hidden === false ? entity.primaryKey : undefined;
}

/** The date field meant when a question names a period without saying which date. */
export function defaultDateOf(entity: ModelEntity): string | undefined {
  if (entity.defaultDate !== undefined && ownEntry(entity.fields, entity.defaultDate)?.hidden === false) return entity.defaultDate;
  const dates = Object.values(entity.fields).filter((f) => !f.hidden && (f.type === 'date' || f.type === 'datetime'));
  return dates.length === 1 ? dates[0]!.name : undefined;
}

/** The model measure that counts rows of `entity`, if any. */
export function countMeasureOf(entity: ModelEntity): ModelMeasure | undefined {
  return Object.values(entity.measures).find((m) => m.aggregation === 'count' && m.expression === undefined);
}

export const isNumericField = (field: ModelField): boolean =>
  (field.type === 'number' || field.type === 'integer') && field.role !== 'identifier';
/**
 * Whether adding the field up over rows means something: money and quantities ("top customers by sale
 * price" = their total), not attributes such as a version number, an age or a capacity.
 */
export const isAdditiveField = (field: ModelField): boolean =>
  isNumericField(field) && (field.format === 'currency' || /(^| )(quantity|qty|units?|amount|total|count|sales|revenue|spend|spent|cost|price|fee|tax|discount|profit|income|bonus|salary|points|score|goals|killed|injured|tickets?)( |$)/.test(field.label.toLowerCase()));

export const isDateField = (field: ModelField): boolean => field.type === 'date' || field.type === 'datetime';

/** The tenant itself (e.g. organisations scoped by their own id): never a useful breakdown or column. */
export function isTenantRoot(entity: ModelEntity): boolean {
  if (entity.tenancy.kind !== 'scoped' || entity.primaryKey === undefined) return false;
  const key = ownEntry(entity.fields, entity.primaryKey);
  return key !== undefined && Object.values(entity.tenancy.columns).includes(key.column);
}


/**
 * WordNet's adjectives ("high" -> height), and the size of rows that record sales (lex/sales-rows.ts): a
 * large order is one of much money, when one column is that money. Nothing else is sized by money: "the
 * largest city" stays whatever WordNet says "large" measures there.
 */
function withSaleSizes(scales: (adjective: string) => FieldRef[], model: SemanticModel): (adjective: string) => FieldRef[] {
  const figures = Object.values(model.entities).flatMap((entity) => {
    const field = salesFigureOf(entity);
    return field === undefined ? [] : [{ entity: entity.name, field }];
  });
  if (figures.length === 0) return scales;
  return (adjective) => {
    const measured = scales(adjective);
    if (!SIZE_ADJECTIVES.has(adjective)) return measured;
    return [...measured, ...figures.filter((figure) => !measured.some((f) => f.entity === figure.entity))];
  };
}
