/**
 * How much of the question the chosen candidates explain. Grammar words and cues carry no meaning of their
 * own and are left out; an unknown word that reads as a verb, or as a word of a table's name, is set aside
 * to be checked against the plan once it is built (verify/explain-verbs.ts, verify/entity-name-words.ts);
 * every other word no candidate covers is "not understood", and the planner declines on it.
 */
import { BEFORE_OBJECT, DO_FORMS } from '../../vocabulary/grammar-words';
import { ATTRIBUTE_NOUNS } from '../../vocabulary/attribute-nouns';
import { CATALOGUE_VERBS, VERB_PARTICLES } from '../../vocabulary/business-filler';
import type { Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { couldBeVerb } from '../lex/verb-forms';
import type { Interpretation } from '../kernel/interpretation';
import { isEntityNameWord } from './entity-name-words';

export interface Coverage {
  /** Words that carry meaning. */
  content: number;
  /** Of those, words explained (by a candidate, or set aside as a verb or a table-name word). */
  explained: number;
  notUnderstood: string[];
  /** Unknown words that read as verbs, to check against the plan. */
  verbs: string[];
  /** Unknown words of a table's name, to check against the plan. */
  nameWords: string[];
  /** Claimed chunks, plus the "by" of a verb's agent ("used by"). */
  covered: readonly boolean[];
}

/** A chunk that names only columns holding categories (text, neither a number nor a date): "decor", "bed". */
function namesCategories(chunk: Chunk | undefined, lexicon: Lexicon): boolean {
  if (chunk?.kind !== 'lex') return false;
  const fields = chunk.entries.filter((entry) => entry.kind === 'field');
  return fields.length > 0 && fields.length === chunk.entries.length && fields.every((entry) => lexicon.field(entry).type === 'string');
}

/** Chunks that carry no meaning of their own (grammar words, cues) are left out of coverage. */
function isFiller(chunk: Chunk): boolean {
  if (chunk.kind !== 'keyword') return false;
  const kind = chunk.keyword.kind;
  // A role word that picked no field ("customers leave reviews") is a plain verb.
  return kind === 'noise' || kind === 'list' || kind === 'cue' || kind === 'and' || kind === 'role';
}


export function measureCoverage(at: Interpretation, lexicon: Lexicon): Coverage {
  const { chunks } = at;
  const covered = [...at.claimed];
  const notUnderstood: string[] = [];
  const verbs: string[] = [];
  const nameWords: string[] = [];
  let content = 0;
  let explained = 0;
  // Where the first "do"/"does"/"did" stands, found once (asking again at every word is quadratic).
  const firstDo = chunks.findIndex((c) => DO_FORMS.has(c.text));
  chunks.forEach((chunk, i) => {
    if (isFiller(chunk)) return;
    const words = chunk.to - chunk.from;
    content += words;
    const previous = chunks[i - 1];
    const next = chunks[i + 1];
    if (covered[i]) explained += words;
    else if (chunk.kind === 'unknown' && previous?.text === 'we' && CATALOGUE_VERBS.has(chunk.text)) {
      // "how many products do we sell": what the business has on offer, i.e. its rows.
      covered[i] = true;
      explained += words;
    } else if (chunk.kind === 'unknown' && couldBeVerb(chunk.text, previous?.text, previous?.kind === 'lex' || previous?.kind === 'value', firstDo !== -1 && firstDo < i, BEFORE_OBJECT.has(next?.text ?? '') || VERB_PARTICLES.has(next?.text ?? '') || next?.kind === 'number', previous?.kind === 'lex' && previous.plural)) {
      verbs.push(chunk.text);
      explained += words;
      // "used by", "created by": the agent's "by" belongs to the verb, not a breakdown.
      if (next?.text === 'by' && !covered[i + 1]) covered[i + 1] = true;
    } else if (chunk.text === 'by' && i > 0 && verbs.includes(previous!.text)) explained += words;
    else if (chunk.kind === 'unknown' && ATTRIBUTE_NOUNS.has(chunk.text) && covered[i - 1] === true && namesCategories(previous, lexicon)) {
      // "each decor style": the noun only says the column before it holds kinds of things.
      covered[i] = true;
      explained += words;
    }
    else if (chunk.kind === 'unknown' && isEntityNameWord(chunk.text, lexicon)) {
      nameWords.push(chunk.text);
      explained += words;
    } else notUnderstood.push(chunk.text);
  });
  // Name the unknown words; grammar words next to them ("by" in "by colour") only when nothing else is left.
  const unknown = chunks.filter((c, i) => !covered[i] && c.kind === 'unknown' && !verbs.includes(c.text) && !nameWords.includes(c.text)).map((c) => c.text);
  return { content, explained, notUnderstood: unknown.length > 0 ? unknown : notUnderstood, verbs, nameWords, covered };
}

/**
 * "cars with 8 cylinders or produced before 1980": an "or" between two conditions that were read as
 * separate filters would silently become "and". (Lists of values, "laptops or tablets", "2014 or 2015",
 * are read as one condition and cover their "or".)
 */
export function conditionsJoinedByOr(at: Interpretation): boolean {
  if (at.filters.length + (at.time === undefined ? 0 : 1) < 2) return false;
  return at.chunks.some((chunk, i) => chunk.text === 'or' && !at.claimed[i]);
}
