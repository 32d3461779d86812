/**
 * Reading one question, start to end: lex (words to typed chunks), the rules stage by stage with the
 * resolver deciding, how much of the question they explained, the builder, and the verify checks, run once
 * in the order of their catalogue (verify/catalogue.ts). The planner
 * (rules-planner.ts) and the developer tools run this same function, so what a tool shows is what the
 * service did.
 */
import { CoreError } from '../errors/core-error';
import { type QueryPlan, queryPlanSchema } from '../plan/query-plan';
import type { PlannerInput } from '../planner/planner';
import type { TraceEntry } from '../planner/trace';
import type { ValueIndex } from '../semantic/value-index';
import { type DateRangeMatch, findDatePhrases } from '../time/date-phrases';
import { buildPlan } from './assemble/build-plan';
import { isFollowUp } from './assemble/follow-up';
import type { Reading } from './assemble/reading';
import { widenFollowUp } from './assemble/widen-follow-up';
import { withoutSameGroups } from './conversation/same-groups';
import type { Lexicon } from './lex/lexicon';
import { segmentReadingChatSpellings } from './lex/chat-spellings';
import { normalizeKeepingCase, normalizeQuestion, tokenize } from './lex/tokenize';
import { STAGES } from './rules/catalogue';
import { signalsOf } from './kernel/rule';
import { type Interpretation, createInterpretation } from './kernel/interpretation';
import { resolveStage } from './resolve/resolver';
import { firstFinding } from './verify/catalogue';
import { measureCoverage } from './verify/coverage';
import { readAsKnownOpening } from './lex/narrowing-openings';
import { backReference, countOfEarlierRows, narrowingNotCounting, narrowsEarlierRows } from './conversation/earlier-rows';
import { businessReadingEvidence } from './reading-evidence';
import { vectorPenalties } from './word-vector-evidence';
import { type ChoiceMade, type ChoiceScript, MAX_READINGS, enumerateScripts } from './kernel/choices';

export const MAX_QUESTION_LENGTH = 500;

/** What reading one question came to: a plan, a question back, or the reasons to decline. */
export type Verdict =
  | { kind: 'plan'; plan: QueryPlan; followUp: boolean }
  | { kind: 'clarify'; message: string; options: string[] }
  | { kind: 'decline'; reasons: string[] }
  /** The time budget ran out before the reading finished (the planner says so; nothing is guessed). */
  | { kind: 'out-of-time' };

export interface QuestionReading {
  verdict: Verdict;
  /** The interpretation the rules decided. */
  interpretation: Interpretation;
  /** The builder's copy of it, with what the builder added (absent when a check of the interpretation alone declined: the builder's work was not the reason). */
  built?: Reading;
  confidence: number;
  understood: string[];
  notUnderstood: string[];
  trace: TraceEntry[];
  /** The entities and measures the question was about, to pick suggestions for a decline. */
  topics: string[];
  /** The choices the builder made where the words left several readings open (kernel/choices.ts). */
  choices: ChoiceMade[];
  /**
   * The other readings those choices allow, each a valid plan (distinct plans, preferred reading's first
   * choices changed breadth first, at most MAX_READINGS in all); absent when the words left nothing open.
   */
  alternatives?: QuestionReading[];
}

function lexicalEvidence(at: Interpretation, trace: TraceEntry[]): Interpretation {
  for (const [i, chunk] of at.chunks.entries()) {
    if (chunk.kind === 'lex' && chunk.synonym === true && at.claimed[i]) trace.push({ step: 'lex', rule: 'lex.synonym', words: chunk.text, reason: 'read as a model name through a WordNet synonym', chosen: true });
    if (chunk.kind === 'value' && at.claimed[i] && Math.max(...chunk.matches.map((m) => m.score)) < 0.95) trace.push({ step: 'lex', rule: 'lex.value-typo', words: chunk.text, reason: `read as the value "${chunk.matches[0]!.value}", spelt differently`, chosen: true });
  }
  const typos = at.chunks.filter((chunk) => chunk.kind === 'lex' && chunk.typo === true);
  for (const chunk of typos) trace.push({ step: 'lex', rule: 'lex.typo', words: chunk.text, reason: 'read as a model word with a typo', chosen: true });
  const vectors = vectorPenalties(at, trace);
  if (typos.length === 0 && vectors.length === 0) return at;
  return { ...at, penalties: [...at.penalties, ...typos.map((chunk) => ({ amount: 0.1, why: `"${chunk.text}" read as a model word with a typo`, rule: 'lex.typo' })), ...vectors] };
}

function topicsOf(at: Interpretation): string[] {
  const topics = at.measures.flatMap((m) => (m.kind === 'model' ? [m.entity, `${m.entity}.${m.measure}`] : m.kind === 'count' || m.kind === 'distinct' ? [m.entity] : m.fields.map((f) => f.entity)));
  topics.push(...at.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : [])));
  return topics;
}

const sortedUnderstood = (items: ReadonlyArray<{ at: number; text: string }>): string[] => [...items].sort((a, b) => a.at - b.at).map((u) => u.text);

/**
 * Reads one question. `overBudget` is asked between steps (and between stages): every step's work is
 * bounded by the question's length, and the budget is the backstop for whatever was missed.
 */
export function readQuestion(input: PlannerInput, lexicon: Lexicon, values: ValueIndex, minConfidence: number, overBudget: () => boolean = () => false): QuestionReading {
  const previous = input.history.at(-1)?.plan;
  const question = withoutSameGroups(readAsKnownOpening(input.question.slice(0, MAX_QUESTION_LENGTH), input.history.length > 0), previous, lexicon);
  const normalized = normalizeQuestion(question);
  let dates: DateRangeMatch[];
  // "what about the same period last year?" refers to the previous question's period.
  const anchor = previous?.timeRange ?? (previous?.kind === 'aggregate' ? previous.comparePeriods?.[0] : undefined);
  try {
    dates = findDatePhrases(normalized, { now: input.now, timezone: input.timezone || 'UTC', ...(anchor ? { anchor } : {}) });
  } catch (cause) {
    throw new CoreError('VALIDATION', `Unknown time zone "${input.timezone}"`, { cause });
  }
  const trace: TraceEntry[] = [];
  const outOfTime = (at: Interpretation): QuestionReading => {
    trace.push({ step: 'verify', rule: 'verify.out-of-time', words: '', reason: 'the time a question may take ran out', chosen: false });
    return { verdict: { kind: 'out-of-time' }, interpretation: at, confidence: 0, understood: [], notUnderstood: [], trace, topics: [], choices: [] };
  };
  if (overBudget()) return outOfTime(createInterpretation([], lexicon));
  const chunks = segmentReadingChatSpellings(tokenize(normalized, normalizeKeepingCase(question)), dates, lexicon, input.values ?? values);
  let at = createInterpretation(chunks, lexicon);
  const signals = signalsOf(chunks);
  for (const stage of STAGES) {
    if (overBudget()) return outOfTime(at);
    at = resolveStage(at, stage, trace, signals);
  }
  at = lexicalEvidence(at, trace);
  businessReadingEvidence(at, lexicon, trace);

  const coverage = measureCoverage(at, lexicon);
  const share = coverage.content === 0 ? 0 : coverage.explained / coverage.content;
  const confidence = Math.round(at.penalties.reduce((c, p) => c * (1 - p.amount), share) * 100) / 100;

  // "how many of them ...": in a conversation such words are about the previous answer's rows
  // (conversation/earlier-rows.ts). The checks read what the rules read, before that narrowing.
  const read = at;
  const reference = input.history.length > 0 ? backReference(question) : undefined;
  if (reference !== undefined && previous !== undefined) at = countOfEarlierRows(at, previous, reference);
  at = narrowingNotCounting(question, at, previous, lexicon);
  const followUp = isFollowUp(at, previous) || narrowsEarlierRows(question, at, previous, lexicon, reference);
  if (overBudget()) return outOfTime(at);
  const decided = at;

  /** One full reading: the build under `script`, verified, with a trace of its own (the rules' part shared). */
  const readingUnder = (script: ChoiceScript): QuestionReading => {
    const own = [...trace];
    const notUnderstood = [...coverage.notUnderstood];
    const result = (verdict: Verdict, understood: string[], built?: Reading): QuestionReading => ({
      verdict,
      interpretation: decided,
      ...(built === undefined ? {} : { built }),
      confidence,
      understood,
      notUnderstood,
      trace: own,
      topics: topicsOf(decided),
      choices: built?.choices.made ?? [],
    });
    const decline = (reasons: string[], rule: string, understood = sortedUnderstood(decided.understood), built?: Reading): QuestionReading => {
      own.push({ step: 'verify', rule, words: notUnderstood.join(' '), reason: reasons.join('; ') || 'words no rule read', chosen: false });
      return result({ kind: 'decline', reasons }, understood, built);
    };
    const { outcome, reading: built } = buildPlan(decided, followUp ? previous : undefined, script);
    const parsed = outcome.kind === 'plan' ? queryPlanSchema.safeParse(outcome.plan) : undefined;
    const plan = parsed?.success === true ? (followUp ? widenFollowUp(parsed.data, previous, input.timezone || 'UTC') : parsed.data) : undefined;

    // Verify, at one point: the catalogue's first finding declines.
    const earlier = reference === undefined ? undefined : { reference, previous, followUp };
    const found = firstFinding({ question, normalized, chunks, interpretation: read, lexicon, coverage, confidence, minConfidence, outcome, built, plan, ...(earlier ? { earlier } : {}), ...(followUp && previous !== undefined ? { followUpOf: previous } : {}) });
    notUnderstood.push(...(found?.finding.notUnderstood ?? []));
    // A check of what the rules read alone declines before the builder's work counts: its defaults are not reported.
    if (found !== undefined && found.check.reads === 'interpretation') return decline(found.finding.reasons, found.check.name);
    for (const penalty of built.penalties.slice(decided.penalties.length)) own.push({ step: 'build', rule: penalty.rule, words: '', reason: penalty.why, chosen: true });
    for (const decision of built.decisions) own.push({ step: 'build', rule: decision.rule, words: '', reason: decision.reason, chosen: true });
    let understood = sortedUnderstood(built.understood);
    if (found !== undefined) return decline(found.finding.reasons, found.check.name, understood, built);
    if (outcome.kind === 'clarify') return result({ kind: 'clarify', message: outcome.message, options: outcome.options }, understood, built);
    // The builder's decline (build.problem) and a plan the schema refuses (verify.invalid-plan) are checks of the catalogue, so a plan is here.
    if (plan === undefined) throw new CoreError('INTERNAL', `the verify catalogue let a reading without a plan through (${outcome.kind})`);
    for (const verb of coverage.verbs) own.push({ step: 'verify', rule: 'verify.verb-names-the-path', words: verb, reason: 'the verb names what the plan already links or dates', chosen: true });
    for (const word of coverage.nameWords) own.push({ step: 'verify', rule: 'verify.table-name-word', words: word, reason: 'a word of a table the plan reads', chosen: true });
    if (coverage.verbs.length > 0) understood = [...understood, ...coverage.verbs];
    return result({ kind: 'plan', plan, followUp }, understood, built);
  };

  // The preferred reading, then (breadth first) the readings its open choices allow, each a valid plan.
  const readings: QuestionReading[] = [];
  enumerateScripts((script) => {
    const reading = readingUnder(script);
    readings.push(reading);
    return reading.choices;
  }, MAX_READINGS, overBudget);
  const preferred = readings[0]!;
  const seen = new Set<string>();
  const planned = readings.filter((r) => {
    if (r.verdict.kind !== 'plan') return false;
    const key = JSON.stringify(r.verdict.plan);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const alternatives = planned.filter((r) => r !== preferred);
  return alternatives.length === 0 ? preferred : { ...preferred, alternatives };
}
