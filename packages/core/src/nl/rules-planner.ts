/**
 * The offline rules planner: question -> tokens -> chunks -> intents -> QueryPlan, deterministic and
 * explainable. Everything model-specific (lexicon, suggestions) is built once at construction; a
 * question costs a few map lookups per word. It declines whenever a word that matters is left
 * unexplained, so it never answers a question it did not understand.
 */
import { CoreError } from '../errors/core-error';
import { type QueryPlan, queryPlanSchema } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { type DateRangeMatch, findDatePhrases } from '../time/date-phrases';
import { type BuildOutcome, buildPlan } from './build-plan';
import { detectComparisons, detectValueFilters } from './detect-filters';
import { detectFlags } from './detect-flags';
import { detectDefaultTotal } from './detect-default-total';
import { detectMissing } from './detect-missing';
import { detectExistence } from './detect-existence';
import { detectGrouping, detectPresentation } from './detect-grouping';
import { detectAggregationRuns, detectAggregations, detectMarkers, detectRemainingWords } from './detect-measure';
import { detectPerGroup } from './detect-per-group';
import { detectRanking } from './detect-ranking';
import { detectShare } from './detect-share';
import { detectSort } from './detect-sort';
import { detectScales } from './detect-scales';
import { detectVersus } from './detect-versus';
import { isFollowUp } from './follow-up';
import { widenFollowUp } from './widen-follow-up';
import { buildLexicon } from './lexicon';
import type { Planner, PlannerInput, PlannerOutcome } from './planner';
import { type Reading, createReading } from './reading';
import { segment } from './segment';
import { type Suggestion, generateSuggestions, pickSuggestions } from './suggestions';
import { droppedParts } from './verify-plan';
import { unusedQuotedPhrases } from './quoted-phrases';
import { couldBeVerb, unexplainedVerbs } from './explain-verbs';
import { isEntityNameWord, unexplainedNameWords } from './entity-name-words';
import { normalizeKeepingCase, normalizeQuestion, tokenize } from './tokenize';
import { createValueIndex } from './value-index';

export interface RulesPlannerOptions {
  model: SemanticModel;
  /** Distinct values of indexed fields, for questions that bring no `values` of their own; empty when omitted. */
  valueIndex?: ValueIndex;
  /** Below this confidence the planner declines (default 0.6). */
  minConfidence?: number;
  /**
   * Milliseconds one question may take to plan (default 500; a question takes about one, the longest
   * hostile ones tens). Past it the planner declines, saying so, instead of holding the event loop: every
   * step's work is bounded by the question's length, and this is the backstop for whatever was missed.
   * A planner's first question is not budgeted: it compiles the plan schema's validator and the date
   * expressions (a few hundred milliseconds on a busy machine), once.
   */
  budgetMs?: number;
  /** A monotonic clock in milliseconds for the budget (default performance.now); tests inject one. */
  clock?: () => number;
}

export interface RulesPlanner extends Planner {
  /** The same as plan(), synchronously (benchmarks, eval). */
  planSync(input: PlannerInput): PlannerOutcome;
  /** The chunks and intents a question was read into, for developer tools (eval/tools/ask-debug.ts). */
  readForDebugging(input: PlannerInput): Reading;
}

const MAX_QUESTION_LENGTH = 500;
const DEFAULT_BUDGET_MS = 500;

/** Chunks that carry no meaning of their own (grammar words, cues) are left out of coverage. */
function isFiller(reading: Reading, index: number): boolean {
  const chunk = reading.chunks[index]!;
  if (chunk.kind !== 'keyword') return false;
  const kind = chunk.keyword.kind;
  // A role word that picked no field ("customers leave reviews") is a plain verb.
  return kind === 'noise' || kind === 'list' || kind === 'cue' || kind === 'and' || kind === 'role';
}

/** The detectors, in the order they read (each may consume what a later one would otherwise take). */
const DETECTORS: ReadonlyArray<(reading: Reading) => void> = [
  detectPresentation,
  detectSort,
  detectScales,
  detectComparisons,
  detectValueFilters,
  detectFlags,
  detectMissing,
  detectExistence,
  detectVersus,
  detectShare,
  detectPerGroup,
  detectGrouping,
  detectAggregationRuns,
  detectRanking,
  detectAggregations,
  detectMarkers,
  detectRemainingWords,
  detectDefaultTotal,
];

/** Runs the detectors; false when the budget ran out before they all ran. */
function read(reading: Reading, overBudget: () => boolean = () => false): boolean {
  for (const detect of DETECTORS) {
    if (overBudget()) return false;
    detect(reading);
  }
  return true;
}

/**
 * "cars with 8 cylinders or produced before 1980": an "or" between two conditions that were read as
 * separate filters would silently become "and". (Lists of values, "laptops or tablets", "2014 or 2015",
 * are read as one condition and consume their "or".)
 */
function eitherOr(reading: Reading): boolean {
  if (reading.filters.length + (reading.time === undefined ? 0 : 1) < 2) return false;
  return reading.chunks.some((chunk, i) => chunk.text === 'or' && !reading.used[i]);
}

function quoteList(items: readonly string[]): string {
  return items.map((i) => `"${i}"`).join(', ');
}

export function createRulesPlanner(options: RulesPlannerOptions): RulesPlanner {
  const { model } = options;
  const lexicon = buildLexicon(model);
  const valueIndex = options.valueIndex ?? createValueIndex([]);
  const minConfidence = options.minConfidence ?? 0.6;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const clock = options.clock ?? (() => performance.now());
  const allSuggestions = generateSuggestions(model, lexicon);
  let verified: Suggestion[] | undefined;
  let warmedUp = false;

  /** Suggestions that this planner really plans (checked once, on first use). */
  function verifiedSuggestions(topics: readonly string[]): string[] {
    if (verified === undefined) {
      const now = new Date(Date.UTC(2000, 0, 15));
      // Unbudgeted: a suggestion dropped by a slow moment would be gone for the planner's lifetime.
      verified = allSuggestions.filter((s) => planSync({ question: s.text, history: [], now, timezone: 'UTC' }, false, false).kind === 'plan');
    }
    return pickSuggestions(verified, topics);
  }

  /** The honest refusal once the budget is spent: no figure, and why. */
  function outOfTime(withSuggestions: boolean): PlannerOutcome {
    return {
      kind: 'decline',
      engine: 'rules',
      confidence: 0,
      understood: [],
      notUnderstood: [],
      message: `Reading this question took longer than the ${budgetMs} ms a question may take, so I stopped rather than guess. Try a shorter question that asks one thing.`,
      suggestions: withSuggestions ? verifiedSuggestions([]) : [],
    };
  }

  function planSync(input: PlannerInput, withSuggestions = true, budgeted = true): PlannerOutcome {
    const started = budgeted ? clock() : 0;
    const overBudget = (): boolean => budgeted && clock() - started > budgetMs;
    const question = input.question.slice(0, MAX_QUESTION_LENGTH);
    const normalized = normalizeQuestion(question);
    let dates: DateRangeMatch[];
    // "what about the same period last year?" refers to the previous question's period.
    const previousPlan = input.history.at(-1)?.plan;
    const anchor = previousPlan?.timeRange ?? (previousPlan?.kind === 'aggregate' ? previousPlan.comparePeriods?.[0] : undefined);
    try {
      dates = findDatePhrases(normalized, { now: input.now, timezone: input.timezone || 'UTC', ...(anchor ? { anchor } : {}) });
    } catch (cause) {
      throw new CoreError('VALIDATION', `Unknown time zone "${input.timezone}"`, { cause });
    }
    if (overBudget()) return outOfTime(withSuggestions);
    const chunks = segment(tokenize(normalized, normalizeKeepingCase(question)), dates, lexicon, input.values ?? valueIndex);
    if (overBudget()) return outOfTime(withSuggestions);
    const reading = createReading(chunks, lexicon);
    if (!read(reading, overBudget)) return outOfTime(withSuggestions);

    for (const chunk of chunks) if (chunk.kind === 'lex' && chunk.typo === true) reading.penalties.push(0.1);
    const notUnderstood: string[] = [];
    let content = 0;
    let explained = 0;
    // Unknown verbs are checked against the plan once it is built (explain-verbs.ts), and so are words of a
    // table's name (entity-name-words.ts).
    const verbs: string[] = [];
    const nameWords: string[] = [];
    const firstDo = chunks.findIndex((c) => /^(do|does|did)$/.test(c.text));
    chunks.forEach((chunk, i) => {
      if (isFiller(reading, i)) return;
      const words = chunk.to - chunk.from;
      content += words;
      if (reading.used[i]) explained += words;
      else if (chunk.kind === 'unknown' && couldBeVerb(chunk.text, chunks[i - 1]?.text, chunks[i - 1]?.kind === 'lex' || chunks[i - 1]?.kind === 'value', firstDo !== -1 && firstDo < i, /^(the|a|an|any|some|no|more|most|fewer|less|at)$/.test(chunks[i + 1]?.text ?? '') || chunks[i + 1]?.kind === 'number')) {
        verbs.push(chunk.text);
        explained += words;
        // "used by", "created by": the agent's "by" belongs to the verb, not a breakdown.
        if (chunks[i + 1]?.text === 'by' && !reading.used[i + 1]) reading.used[i + 1] = true;
      } else if (chunk.text === 'by' && i > 0 && verbs.includes(chunks[i - 1]!.text)) explained += words;
      else if (chunk.kind === 'unknown' && isEntityNameWord(chunk.text, lexicon)) {
        nameWords.push(chunk.text);
        explained += words;
      } else notUnderstood.push(chunk.text);
    });
    // Name the unknown words; grammar words next to them ("by" in "by colour") only when nothing else is left.
    const unknown = chunks.filter((c, i) => !reading.used[i] && c.kind === 'unknown' && !verbs.includes(c.text) && !nameWords.includes(c.text)).map((c) => c.text);
    if (unknown.length > 0) notUnderstood.splice(0, notUnderstood.length, ...unknown);
    const coverage = content === 0 ? 0 : explained / content;
    const confidence = Math.round(reading.penalties.reduce((c, p) => c * (1 - p), coverage) * 100) / 100;
    let understood = [...reading.understood].sort((a, b) => a.at - b.at).map((u) => u.text);
    const previous = input.history.at(-1)?.plan;
    const followUp = isFollowUp(reading, previous);
    const topics = reading.measures.flatMap((m) => (m.kind === 'model' ? [m.entity, `${m.entity}.${m.measure}`] : m.kind === 'count' || m.kind === 'distinct' ? [m.entity] : m.fields.map((f) => f.entity)));
    topics.push(...reading.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : [])));

    const decline = (reasons: readonly string[]): PlannerOutcome => {
      const parts: string[] = [];
      if (understood.length === 0) parts.push(`I could not relate this question to the ${model.name} data.`);
      else parts.push(`I understood ${quoteList(understood)}.`);
      if (notUnderstood.length > 0) parts.push(`I did not understand ${quoteList(notUnderstood)}.`);
      for (const reason of reasons) parts.push(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
      parts.push('So I will not guess a figure.');
      return {
        kind: 'decline',
        engine: 'rules',
        confidence: Math.min(confidence, minConfidence / 2),
        understood,
        notUnderstood,
        message: parts.join(' '),
        suggestions: withSuggestions ? verifiedSuggestions(topics) : [],
      };
    };

    if (content === 0) return decline(['the question names nothing to measure or list']);
    if (eitherOr(reading)) return decline(['conditions joined by "or" are not something I can answer yet; ask for each on its own']);
    if (notUnderstood.length > 0) return decline([]);
    if (confidence < minConfidence) return decline([]);
    if (overBudget()) return outOfTime(withSuggestions);
    const outcome: BuildOutcome = buildPlan(reading, followUp ? previous : undefined);
    if (overBudget()) return outOfTime(withSuggestions);
    understood = [...reading.understood].sort((a, b) => a.at - b.at).map((u) => u.text); // build-plan adds the defaults it chose
    if (outcome.kind === 'decline') return decline(outcome.reasons);
    if (outcome.kind === 'clarify') {
      return { kind: 'clarify', engine: 'rules', confidence, understood, notUnderstood, message: outcome.message, options: outcome.options };
    }
    const parsed = queryPlanSchema.safeParse(outcome.plan);
    if (!parsed.success) return decline(['the plan I built was not valid']);
    const plan: QueryPlan = followUp ? widenFollowUp(parsed.data, previous, input.timezone || 'UTC') : parsed.data;
    const quoted = unusedQuotedPhrases(question, chunks, reading.used);
    if (quoted.length > 0) {
      notUnderstood.push(...quoted);
      return decline([]);
    }
    const dropped = droppedParts(reading, plan);
    if (dropped.length > 0) return decline([`I could not use ${quoteList(dropped)} in the answer`]);
    const unexplained = [...unexplainedVerbs(verbs, plan, lexicon), ...unexplainedNameWords(nameWords, plan, lexicon)];
    if (unexplained.length > 0) {
      notUnderstood.push(...unexplained);
      return decline([]);
    }
    if (verbs.length > 0) understood = [...understood, ...verbs];
    return { kind: 'plan', engine: 'rules', confidence, understood, notUnderstood, plan, followUp };
  }

  function budgetedPlan(input: PlannerInput): PlannerOutcome {
    const outcome = planSync(input, true, warmedUp);
    warmedUp = true;
    return outcome;
  }

  function readForDebugging(input: PlannerInput): Reading {
    const normalized = normalizeQuestion(input.question.slice(0, MAX_QUESTION_LENGTH));
    const dates = findDatePhrases(normalized, { now: input.now, timezone: input.timezone || 'UTC' });
    const reading = createReading(segment(tokenize(normalized, normalizeKeepingCase(input.question.slice(0, MAX_QUESTION_LENGTH))), dates, lexicon, valueIndex), lexicon);
    read(reading);
    return reading;
  }

  return {
    name: 'rules',
    model,
    readForDebugging,
    planSync: (input) => budgetedPlan(input),
    plan: (input) => Promise.resolve(budgetedPlan(input)),
  };
}
