/**
 * Verified questions in front of any planner. In order:
 * 1. exact: a phrasing an operator marked right is answered from its plan (periods re-read as of now), as
 *    it always was; a global one with slots fills them from the caller's values like a pattern (below);
 * 2. pattern: the same words with other values in its slots (verified-slots.ts, verified-match.ts), the
 *    values checked against the caller's own value index;
 * 3. paraphrase: the same content words up to lemma and synonym, in any order (paraphrase.ts), its slots
 *    filled from values found anywhere in the question.
 * A pattern or paraphrase never overrides the wrapped planner's confident reading when the two disagree
 * (plans-agree.ts): that conflict is a clarifying question naming both. Everything else goes to the
 * planner it wraps. The trace says which verified question answered and with which slot values; the plan
 * still goes through validation and tenant scoping in answerQuestion like every other plan.
 */
import type { Planner, PlannerInput, PlannerOutcome, TraceEntry } from '../planner/planner';
import type { QueryPlan, Scalar } from '../plan/query-plan';
import type { ValueIndex } from '../semantic/value-index';
import { paraphraseReader, PARAPHRASE_THRESHOLD, type Concepts } from './paraphrase';
import { phrasingKey } from './phrasing';
import { plansAgree } from './plans-agree';
import { findSlotValues, matchPattern, type SlotFill } from './verified-match';
import { refreshPeriods, type PeriodSlot } from './verified-periods';
import { fillSlots, patternOf, questionWords, type VerifiedPattern } from './verified-slots';

export interface VerifiedPhrasing {
  id: string;
  plan: QueryPlan;
  periods: readonly PeriodSlot[];
  /** The verified question as written; without it only its exact phrasing answers. */
  question?: string;
  /** For every tenant: even its own phrasing takes slot values from the caller's values, never the verified ones. */
  global?: boolean;
}

export interface VerifiedQuestionsOptions {
  /** The paraphrase bar (0..1); default PARAPHRASE_THRESHOLD. Above 1 turns paraphrases off. */
  paraphraseThreshold?: number;
  /** The wrapped planner's reading counts as confident from this confidence on (default: any plan it gives). */
  confidentFrom?: number;
}

interface Prepared {
  phrasing: VerifiedPhrasing & { question: string };
  pattern: VerifiedPattern;
  /** Its words outside the slots. */
  words: string[];
  /** Their concepts, without a value index, and per value index (a tenant's index is shared and cached). */
  concepts: Concepts;
  conceptsWith: WeakMap<ValueIndex, Concepts>;
}

type Match = { kind: 'pattern' | 'paraphrase'; entry: Prepared; fills: SlotFill[]; score: number };

const withoutSpans = (words: readonly string[], fills: readonly SlotFill[]): string[] => words.filter((_, i) => !fills.some((f) => i >= f.from && i < f.to));

function describeFills(entry: Prepared, fills: readonly SlotFill[]): string {
  if (fills.length === 0) return 'no slot values';
  return fills.map((fill, i) => `${entry.pattern.slots[i]!.field.entity}.${entry.pattern.slots[i]!.field.field} = ${JSON.stringify(fill.value)} ("${fill.words}")`).join(', ');
}

/** The verified question's words with the caller's values in its slots ("revenue for Phones"). */
function filledQuestion(entry: Prepared, fills: readonly SlotFill[]): string {
  let text = entry.phrasing.question;
  entry.pattern.slots.forEach((slot, i) => {
    const fill = fills[i];
    if (fill === undefined) return;
    const example = String(slot.example);
    const at = text.toLowerCase().indexOf(example.toLowerCase());
    if (at >= 0) text = `${text.slice(0, at)}${String(fill.value)}${text.slice(at + example.length)}`;
  });
  return text;
}

/** The index with each phrase's matches looked up once (for one question). */
function memoised(values: ValueIndex): ValueIndex {
  const seen = new Map<string, ReturnType<ValueIndex['match']>>();
  return {
    valuesOf: (entity, field) => values.valuesOf(entity, field),
    match(phrase) {
      let found = seen.get(phrase);
      if (found === undefined) seen.set(phrase, (found = values.match(phrase)));
      return found;
    },
    size: values.size,
  };
}

/** `verified` is keyed by phrasingKey. */
export function withVerifiedQuestions(inner: Planner, verified: ReadonlyMap<string, VerifiedPhrasing>, options: VerifiedQuestionsOptions = {}): Planner {
  if (verified.size === 0) return inner;
  const threshold = options.paraphraseThreshold ?? PARAPHRASE_THRESHOLD;
  const confidentFrom = options.confidentFrom ?? 0;
  let reader: ReturnType<typeof paraphraseReader> | undefined;
  let prepared: Prepared[] | undefined;
  // Built on first use: a tenant that never asks costs nothing (the lexicon and WordNet look-ups are not free).
  const entries = (): Prepared[] => {
    if (prepared !== undefined) return prepared;
    reader = paraphraseReader(inner.model);
    prepared = [...verified.values()].flatMap((phrasing) => {
      if (phrasing.question === undefined) return [];
      const pattern = patternOf(phrasing.question, phrasing.plan, inner.model);
      const words = pattern.parts.flatMap((part) => ('word' in part ? [part.word] : []));
      return [{ phrasing: { ...phrasing, question: phrasing.question }, pattern, words, concepts: reader!.concepts(words), conceptsWith: new WeakMap() }];
    });
    return prepared;
  };

  function conceptsOf(entry: Prepared, values: ValueIndex | undefined): Concepts {
    if (values === undefined) return entry.concepts;
    let found = entry.conceptsWith.get(values);
    if (found === undefined) entry.conceptsWith.set(values, (found = reader!.concepts(entry.words, values)));
    return found;
  }

  function bestMatch(input: PlannerInput, exactGlobal: VerifiedPhrasing | undefined): Match | undefined {
    const words = questionWords(input.question);
    // Every verified question with slots looks up the same spans of this question: each once.
    const values = input.values === undefined ? undefined : memoised(input.values);
    const all = entries();
    for (const entry of all) {
      if (exactGlobal !== undefined && entry.phrasing.id !== exactGlobal.id) continue;
      const fills = matchPattern(entry.pattern, words, values);
      if (fills) return { kind: 'pattern', entry, fills, score: 1 };
    }
    if (exactGlobal !== undefined || threshold > 1) return undefined;
    let best: Match | undefined;
    for (const entry of all) {
      const fills = entry.pattern.slots.length === 0 ? [] : findSlotValues(entry.pattern.slots, words, values);
      if (fills === undefined) continue;
      const score = reader!.score(reader!.concepts(withoutSpans(words, fills), input.values), conceptsOf(entry, input.values));
      if (score >= threshold && (best === undefined || score > best.score)) best = { kind: 'paraphrase', entry, fills, score };
    }
    return best;
  }

  async function answerMatch(input: PlannerInput, match: Match): Promise<PlannerOutcome> {
    const { entry, fills } = match;
    const values: Scalar[] = fills.map((f) => f.value);
    const filled = fillSlots(entry.phrasing.plan, entry.pattern.slots, values);
    const plan = refreshPeriods(filled, entry.phrasing.periods, { now: input.now, timezone: input.timezone });
    if (plan === undefined) return inner.plan(input);
    const rule = `verified.${match.kind}`;
    const said = `verified question ${entry.phrasing.id} "${entry.phrasing.question}"${match.kind === 'paraphrase' ? ` (paraphrase, score ${match.score.toFixed(2)})` : ''}, slots: ${describeFills(entry, fills)}`;
    const reading = await inner.plan(input);
    const innerTrace = reading.trace ?? [];
    if (reading.kind === 'plan' && reading.confidence >= confidentFrom && !plansAgree(reading.plan, plan, inner.model)) {
      const trace: TraceEntry[] = [...innerTrace, { step: 'rule', rule, words: input.question, reason: said, chosen: false, lostBecause: 'the rules engine reads the question confidently, and differently' }];
      const asVerified = filledQuestion(entry, fills);
      return {
        kind: 'clarify',
        engine: reading.engine,
        confidence: reading.confidence,
        understood: reading.understood,
        notUnderstood: [],
        message: `This question reads two ways: like the verified question "${asVerified}", or as I read its words (${reading.understood.map((u) => `"${u}"`).join(', ')}), which gives a different answer. Which did you mean?`,
        options: [asVerified],
        trace,
      };
    }
    const trace: TraceEntry[] = [...innerTrace, { step: 'rule', rule, words: input.question, reason: said, chosen: true }];
    return { kind: 'plan', engine: 'rules', confidence: match.score, understood: [input.question], notUnderstood: [], plan, followUp: false, verifiedQuestionId: entry.phrasing.id, trace };
  }

  return {
    name: inner.name,
    model: inner.model,
    async plan(input: PlannerInput): Promise<PlannerOutcome> {
      const found = verified.get(phrasingKey(input.question));
      const slotted = found?.global === true && found.question !== undefined && patternOf(found.question, found.plan, inner.model).slots.length > 0;
      if (found !== undefined && !slotted) {
        const plan = refreshPeriods(found.plan, found.periods, { now: input.now, timezone: input.timezone });
        if (plan !== undefined) {
          const trace: TraceEntry[] = [{ step: 'rule', rule: 'verified.exact', words: input.question, reason: `verified question ${found.id}${found.question ? ` "${found.question}"` : ''}, as verified`, chosen: true }];
          return { kind: 'plan', engine: 'rules', confidence: 1, understood: [input.question], notUnderstood: [], plan, followUp: false, verifiedQuestionId: found.id, trace };
        }
      }
      const match = bestMatch(input, slotted ? found : undefined);
      return match === undefined ? inner.plan(input) : answerMatch(input, match);
    },
  };
}
