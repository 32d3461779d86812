/**
 * Filters: number comparisons ("over $500", "at least 3 items", "between 10 and 20", "3 or more"),
 * negation ("not in Audio", "excluding laptops"), and data values ("laptops", "Apple Watch").
 */
import type { FieldRef } from '../plan/query-plan';
import { isNumericField } from './lex/lexicon';
import { ROLE_WORDS } from './lex/role-words';
import { type FilterIntent, type Reading, consume, entityEntries, fieldEntries, keywordKind, nextMeaningful, previousMeaningful } from './reading';
import type { Chunk } from './lex/segment';
import { phraseKey } from './lex/stem';
import { nounsOfVerbForm } from '../lexical/verb-nouns';

type NumberChunk = Extract<Chunk, { kind: 'number' }>;

function numericFields(reading: Reading, chunk: Chunk | undefined): FieldRef[] {
  if (chunk === undefined || chunk.kind !== 'lex') return [];
  return fieldEntries(chunk.entries).filter((ref) => isNumericField(reading.lexicon.field(ref)));
}

/** Reads "[$]N[$|unit]" at `index`; returns the number, the chunks used and a unit field (or counted entity) if one follows. */
function readAmount(reading: Reading, index: number): { value: number; used: number[]; money: boolean; fields: FieldRef[]; counted?: string } | undefined {
  let i = index;
  const used: number[] = [];
  let money = false;
  if (keywordKind(reading.chunks[i], 'money') !== undefined && !reading.used[i]) {
    money = true;
    used.push(i);
    i++;
  }
  const chunk = reading.chunks[i];
  if (chunk === undefined || chunk.kind !== 'number' || reading.used[i]) return undefined;
  used.push(i);
  const after = reading.chunks[i + 1];
  let fields: FieldRef[] = [];
  if (keywordKind(after, 'money') !== undefined && !reading.used[i + 1]) {
    money = true;
    used.push(i + 1);
  } else {
    fields = numericFields(reading, after);
    if (fields.length > 0) used.push(i + 1);
    else {
      // "at least 10 flights", "more than one pet": a count of related rows.
      const counted = countedEntity(reading, i + 1);
      if (counted !== undefined) {
        used.push(...counted.used);
        return { value: (chunk as NumberChunk).value, used, money, fields, counted: counted.entity };
      }
    }
  }
  return { value: (chunk as NumberChunk).value, used, money, fields };
}

/** An entity named at `index` (after "single"/"different"), as the thing a number counts. */
function countedEntity(reading: Reading, index: number): { entity: string; used: number[] } | undefined {
  let i = index;
  const used: number[] = [];
  while (reading.chunks[i] !== undefined && /^(single|different|distinct|separate)$/.test(reading.chunks[i]!.text) && !reading.used[i]) used.push(i++);
  const chunk = reading.chunks[i];
  if (chunk === undefined || chunk.kind !== 'lex' || reading.used[i]) return undefined;
  const entities = entityEntries(chunk.entries);
  if (entities.length === 0 || fieldEntries(chunk.entries).some((ref) => isNumericField(reading.lexicon.field(ref)))) return undefined;
  return { entity: entities[0]!, used: [...used, i] };
}

/** A numeric field named just before a comparison ("price over 100", "with a rating of at least 4"). */
function fieldBefore(reading: Reading, index: number): { fields: FieldRef[]; index: number } | undefined {
  const before = previousMeaningful(reading, index);
  const fields = numericFields(reading, reading.chunks[before]);
  return fields.length > 0 ? { fields, index: before } : undefined;
}

/** Comparatives that open a comparison split around its field: "a greater weight than 10". */
const SPLIT_COMPARATIVES: Readonly<Record<string, 'gt' | 'lt'>> = { greater: 'gt', higher: 'gt', larger: 'gt', bigger: 'gt', lower: 'lt', smaller: 'lt' };

/** "a greater weight than 10", "a lower price than 100": comparative, numeric field, "than", amount. */
function splitComparison(reading: Reading, index: number): { intent: Extract<FilterIntent, { kind: 'compare' }>; used: number[] } | undefined {
  const op = SPLIT_COMPARATIVES[reading.chunks[index]!.text];
  if (op === undefined || reading.used[index + 1] || reading.chunks[index + 2]?.text !== 'than') return undefined;
  const fields = numericFields(reading, reading.chunks[index + 1]);
  const amount = fields.length > 0 ? readAmount(reading, index + 3) : undefined;
  if (amount === undefined || amount.fields.length > 0 || amount.counted !== undefined) return undefined;
  return { intent: { kind: 'compare', op, value: amount.value, money: amount.money, fields, text: '' }, used: [index, index + 1, index + 2, ...amount.used] };
}

export function detectComparisons(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const compare = keywordKind(chunks[i], 'compare');
    const between = keywordKind(chunks[i], 'between');
    const split = splitComparison(reading, i);
    if (split !== undefined) {
      addCompare(reading, split.intent, split.used);
      continue;
    }
    if (compare !== undefined) {
      // "above age 20", "below capacity 5000": the field between the comparison and the number.
      const named = numericFields(reading, chunks[i + 1]);
      const namedAmount = named.length > 0 && !reading.used[i + 1] ? readAmount(reading, i + 2) : undefined;
      if (namedAmount !== undefined && namedAmount.fields.length === 0 && namedAmount.counted === undefined) {
        addCompare(reading, { kind: 'compare', op: compare.op, value: namedAmount.value, money: namedAmount.money, fields: named, text: '' }, [i, i + 1, ...namedAmount.used]);
        continue;
      }
      const amount = readAmount(reading, i + 1);
      if (amount === undefined) continue;
      if (amount.counted !== undefined) {
        addCount(reading, { kind: 'count', entity: amount.counted, op: compare.op, value: amount.value, text: '' }, [i, ...amount.used]);
        continue;
      }
      const before = amount.fields.length === 0 ? fieldBefore(reading, i) : undefined;
      const fields = amount.fields.length > 0 ? amount.fields : (before?.fields ?? []);
      const used = [...(before === undefined ? [] : [before.index]), i, ...amount.used];
      addCompare(reading, { kind: 'compare', op: compare.op, value: amount.value, money: amount.money, fields, text: '' }, used);
      continue;
    }
    if (between !== undefined) {
      const low = readAmount(reading, i + 1);
      if (low === undefined) continue;
      const andIndex = Math.max(...low.used) + 1;
      if (keywordKind(chunks[andIndex], 'and') === undefined) continue;
      const high = readAmount(reading, andIndex + 1);
      if (high === undefined) continue;
      if (high.counted !== undefined && low.fields.length === 0) {
        const [lo, hi] = low.value <= high.value ? [low.value, high.value] : [high.value, low.value];
        addCount(reading, { kind: 'count', entity: high.counted, op: 'between', value: lo, high: hi, text: '' }, [i, ...low.used, andIndex, ...high.used]);
        continue;
      }
      const before = low.fields.length === 0 && high.fields.length === 0 ? fieldBefore(reading, i) : undefined;
      const fields = high.fields.length > 0 ? high.fields : low.fields.length > 0 ? low.fields : (before?.fields ?? []);
      const used = [...(before === undefined ? [] : [before.index]), i, ...low.used, andIndex, ...high.used];
      const [lo, hi] = low.value <= high.value ? [low.value, high.value] : [high.value, low.value];
      addCompare(reading, { kind: 'compare', op: 'between', value: lo, high: hi, money: low.money || high.money, fields, text: '' }, used);
      continue;
    }
    // "3 or more items", "$100 or less"
    const amount = chunks[i]?.kind === 'number' || keywordKind(chunks[i], 'money') !== undefined ? readAmount(reading, i) : undefined;
    if (amount !== undefined) {
      const postIndex = Math.max(...amount.used) + 1;
      const post = keywordKind(chunks[postIndex], 'compare-post');
      if (post === undefined) {
        exactAmount(reading, i, amount);
        continue;
      }
      const counted = amount.counted ?? (amount.fields.length === 0 ? countedEntity(reading, postIndex + 1)?.entity : undefined);
      if (counted !== undefined) {
        const tail = amount.counted === undefined ? (countedEntity(reading, postIndex + 1)?.used ?? []) : [];
        addCount(reading, { kind: 'count', entity: counted, op: post.op, value: amount.value, text: '' }, [...amount.used, postIndex, ...tail]);
        continue;
      }
      const unit = numericFields(reading, chunks[postIndex + 1]);
      const before = amount.fields.length === 0 && unit.length === 0 ? fieldBefore(reading, i) : undefined;
      const fields = amount.fields.length > 0 ? amount.fields : unit.length > 0 ? unit : (before?.fields ?? []);
      const used = [...(before === undefined ? [] : [before.index]), ...amount.used, postIndex, ...(unit.length > 0 ? [postIndex + 1] : [])];
      addCompare(reading, { kind: 'compare', op: post.op, value: amount.value, money: amount.money, fields, text: '' }, used);
    }
  }
}

/**
 * "5 stars", "1 star reviews", "a rating of 5", "aren't 5 stars": a whole number with a numeric field of its
 * own (after it, or before it with "of") is that value; a negation just before makes it "not".
 */
function exactAmount(reading: Reading, index: number, amount: NonNullable<ReturnType<typeof readAmount>>): void {
  const chunk = reading.chunks[index];
  if (amount.money || chunk?.kind !== 'number' || !Number.isInteger(chunk.value)) return;
  let fields = amount.fields;
  const used = [...amount.used];
  if (fields.length === 0 && reading.chunks[index - 1]?.text === 'of') {
    const owner = numericFields(reading, reading.chunks[index - 2]);
    if (owner.length > 0 && !reading.used[index - 2]) {
      fields = owner;
      used.push(index - 2, index - 1);
    }
  }
  let alternatives: number[] = [];
  // "lowest rated 3 products": a number before the thing it counts is how many, not a value.
  if (fields.length === 0 && amount.counted === undefined) {
    const named = fieldNamedBefore(reading, index);
    if (named === undefined) return;
    fields = named.fields;
    used.push(...named.used);
    const more = orAlternatives(reading, index);
    alternatives = more.values;
    used.push(...more.used);
  }
  if (fields.length === 0) return;
  const before = previousMeaningful(reading, Math.min(...used));
  const negate = before >= 0 && keywordKind(reading.chunks[before], 'negate') !== undefined;
  if (negate) used.push(before);
  addCompare(reading, { kind: 'compare', op: negate ? 'neq' : 'eq', value: chunk.value, money: false, fields, text: '', ...(alternatives.length > 0 ? { alternatives } : {}) }, used);
}

/** Linking words between a field and the value it is said to have: "whose age is 32", "aged either 32 or 33". */
const LINKING_WORDS = new Set(['is', 'are', 'was', 'were', 'either']);

/**
 * The numeric field a bare number just after it gives a value to: "with age 20", "whose age is 20", or a
 * participle made from the field's name ("aged 32" -> age, "weighing 10" -> weight, through WordNet's
 * derived nouns). Only linking words may stand between, never an article: "the age of the 2 oldest dogs"
 * ranks two dogs, it does not ask for an age of 2.
 */
function fieldNamedBefore(reading: Reading, index: number): { fields: FieldRef[]; used: number[] } | undefined {
  const used: number[] = [];
  let k = index - 1;
  while (k >= 0 && !reading.used[k] && LINKING_WORDS.has(reading.chunks[k]!.text)) used.push(k--);
  const chunk = reading.chunks[k];
  if (k < 0 || reading.used[k] || chunk === undefined) return undefined;
  let fields = chunk.kind === 'unknown' ? participleFields(reading, chunk.text) : numericFields(reading, chunk);
  // "teachers who are aged 32" where owners have an age too: the entity named just before says whose.
  // "a cat that is age 3" next to students with an age: nothing says whose, so nothing is guessed.
  if (new Set(fields.map((f) => f.entity)).size > 1) {
    const owner = entityNamedBefore(reading, k);
    fields = owner === undefined ? [] : fields.filter((f) => f.entity === owner);
  }
  return fields.length > 0 ? { fields, used: [...used, k] } : undefined;
}

/** The entity named just before `index`, past relative words ("teachers who are", "students whose"). */
function entityNamedBefore(reading: Reading, index: number): string | undefined {
  let k = index - 1;
  while (k >= 0 && /^(who|that|which|whose|is|are|was|were|not)$/.test(reading.chunks[k]!.text)) k--;
  const chunk = reading.chunks[k];
  const entities = chunk?.kind === 'lex' ? entityEntries(chunk.entries) : [];
  return entities.length === 1 ? entities[0] : undefined;
}

/** Numeric fields named by a participle's verb or the nouns derived from it ("aged" -> age, "weighing" -> weight). */
function participleFields(reading: Reading, word: string): FieldRef[] {
  if (!/(ed|ing)$/.test(word)) return [];
  for (const noun of nounsOfVerbForm(word)) {
    const entries = reading.lexicon.phrases.get(phraseKey(noun)) ?? [];
    const fields = fieldEntries(entries).filter((ref) => isNumericField(reading.lexicon.field(ref)));
    if (fields.length > 0) return fields;
  }
  return [];
}

/** "32 or 33": more whole numbers after the value, each joined by "or", as alternatives to it. */
function orAlternatives(reading: Reading, index: number): { values: number[]; used: number[] } {
  const values: number[] = [];
  const used: number[] = [];
  for (let k = index + 1; reading.chunks[k]?.text === 'or' && !reading.used[k + 1]; k += 2) {
    const next = reading.chunks[k + 1];
    if (next?.kind !== 'number' || !Number.isInteger(next.value)) break;
    values.push(next.value);
    used.push(k, k + 1);
  }
  return { values, used };
}

function addCount(reading: Reading, intent: Extract<FilterIntent, { kind: 'count' }>, used: number[]): void {
  const sorted = [...new Set(used)].sort((a, b) => a - b);
  const text = sorted.map((i) => reading.chunks[i]!.text).join(' ');
  reading.filters.push({ ...intent, text });
  consume(reading, sorted, text);
}

function addCompare(reading: Reading, intent: Extract<FilterIntent, { kind: 'compare' }>, used: number[]): void {
  const sorted = [...new Set(used)].sort((a, b) => a - b);
  const text = sorted.map((i) => reading.chunks[i]!.text).join(' ').replace(/\$ (?=\d)/g, '$');
  reading.filters.push({ ...intent, text });
  consume(reading, sorted, text);
}

/** Value filters, with "not"/"excluding" before them and "and"/"or" lists ("laptops and tablets"). */
export function detectValueFilters(reading: Reading): void {
  const { chunks } = reading;
  let negateFrom = -1; // index of a pending negation keyword
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    if (reading.used[i]) continue;
    if (keywordKind(chunk, 'negate') !== undefined) {
      // "not cats", "do not own cats": a verb may stand between the negation and the values.
      let next = nextMeaningful(reading, i);
      if (next >= 0 && chunks[next]!.kind === 'unknown') next = nextMeaningful(reading, next);
      if (next >= 0 && chunks[next]!.kind === 'value') negateFrom = i;
      continue;
    }
    if (chunk.kind !== 'value') continue;
    const negate = negateFrom >= 0;
    const bothAt = previousMeaningful(reading, i);
    const both = !negate && bothAt >= 0 && keywordKind(chunks[bothAt], 'both') !== undefined;
    const asked = keywordKind(chunks[i - 1], 'list');
    if (asked !== undefined && /^(which|what)$/.test(chunks[i - 1]!.text) && !chunk.text.endsWith('s')) reading.singular = true;
    const used = negate ? [negateFrom, i] : both ? [bothAt, i] : [i];
    const group: Array<Extract<Chunk, { kind: 'value' }>> = [chunk];
    let joinedByAnd = false;
    // Collect "A and B", "A or B", "A, B" lists of values of the same field.
    let j = i + 1;
    while (j + 1 < chunks.length && !reading.used[j] && !reading.used[j + 1]) {
      const joiner = chunks[j]!;
      const versus = keywordKind(joiner, 'versus') !== undefined;
      const isJoiner = keywordKind(joiner, 'and') !== undefined || joiner.text === 'or' || versus;
      const following = chunks[j + 1]!;
      if (!isJoiner || following.kind !== 'value') break;
      if (versus) reading.versus = true;
      if (keywordKind(joiner, 'and') !== undefined) joinedByAnd = true;
      group.push(following);
      used.push(j, j + 1);
      j += 2;
    }
    // "the category Laptop" / "Laptop category": an adjacent field name confirms the value's field.
    const named = new Set<string>();
    for (const k of [i - 1, j]) {
      const near = chunks[k];
      if (near !== undefined && near.kind === 'lex' && !reading.used[k]) {
        for (const ref of fieldEntries(near.entries)) named.add(`${ref.entity}.${ref.field}`);
        if (group[0]!.matches.some((m) => named.has(`${m.entity}.${m.field}`))) used.push(k);
        else named.clear();
      }
    }
    const role = roleBefore(reading, i, group);
    if (role !== undefined) {
      used.push(role.index);
      for (const key of role.fields) named.add(key);
    }
    // "AHD airport", "the airline United Airlines": the entity the values name, or point at, confirms them.
    const typed = typeNoun(reading, [i - 1, j].filter((k) => !used.includes(k)), group);
    if (typed !== undefined) used.push(typed);
    addValueFilters(reading, group, negate, named, both && group.length > 1, joinedByAnd);
    consume(reading, [...new Set(used)].sort((a, b) => a - b));
    negateFrom = -1;
    i = j - 1;
  }
}

/**
 * An entity named right before or after the values that they belong to, or that their field points at
 * ("AHD airport" for a source-airport code): the noun only says what the values are.
 */
function typeNoun(reading: Reading, positions: readonly number[], group: ReadonlyArray<Extract<Chunk, { kind: 'value' }>>): number | undefined {
  const { lexicon } = reading;
  for (const k of positions) {
    const near = reading.chunks[k];
    if (near === undefined || near.kind !== 'lex' || reading.used[k] || fieldEntries(near.entries).length > 0) continue;
    const entities = entityEntries(near.entries);
    const fits = group.every((chunk) => chunk.matches.some((m) => entities.includes(m.entity) || lexicon.model.relations.some((r) => r.fromEntity === m.entity && r.fromField === m.field && entities.includes(r.toEntity))));
    if (fits) return k;
  }
  return undefined;
}


/**
 * "departing from APG", "flights into ATO": a role word just before the values picks, among the fields the
 * values belong to, those whose name says that role (source airport, destination airport).
 */
function roleBefore(reading: Reading, index: number, group: ReadonlyArray<Extract<Chunk, { kind: 'value' }>>): { index: number; fields: string[] } | undefined {
  for (let k = index - 1; k >= Math.max(0, index - 3); k--) {
    const role = keywordKind(reading.chunks[k], 'role');
    if (role === undefined) continue;
    if (reading.used[k]) return undefined;
    const fields = new Set<string>();
    for (const chunk of group) {
      for (const match of chunk.matches) {
        if (ROLE_WORDS[role.role].test(reading.lexicon.field(match).label.toLowerCase())) fields.add(`${match.entity}.${match.field}`);
      }
    }
    return fields.size === 0 ? undefined : { index: k, fields: [...fields] };
  }
  return undefined;
}

function addValueFilters(reading: Reading, group: ReadonlyArray<Extract<Chunk, { kind: 'value' }>>, negate: boolean, named: ReadonlySet<string>, all: boolean, joinedByAnd: boolean): void {
  // For each field, the values the group names on it; only fields that explain every chunk are kept.
  const byField = new Map<string, { field: FieldRef; values: string[]; hits: number }>();
  for (const chunk of group) {
    let matches = chunk.matches;
    if (named.size > 0) matches = matches.filter((m) => named.has(`${m.entity}.${m.field}`));
    const best = Math.max(...matches.map((m) => m.score));
    if (best < 0.95) reading.penalties.push(0.1); // a typo, not just a plural
    const seen = new Set<string>();
    for (const match of matches.filter((m) => m.score === best)) {
      const key = `${match.entity}.${match.field}`;
      let entry = byField.get(key);
      if (entry === undefined) byField.set(key, (entry = { field: { entity: match.entity, field: match.field }, values: [], hits: 0 }));
      if (!entry.values.includes(match.value)) entry.values.push(match.value);
      if (!seen.has(key)) entry.hits++;
      seen.add(key);
    }
  }
  const choices = [...byField.values()].filter((c) => c.hits === group.length).map(({ field, values }) => ({ field, values }));
  if (choices.length > 0) reading.filters.push({ kind: 'values', choices, negate, ...(all ? { all: true } : {}), ...(joinedByAnd && !all ? { joinedByAnd: true } : {}) });
  else reading.problems.push(`"${group.map((c) => c.text).join(', ')}" are values of different fields`);
}
