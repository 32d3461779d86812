/**
 * The offline rules planner: question -> chunks -> candidates -> decided interpretation -> QueryPlan,
 * deterministic and explainable (read-question.ts; nl/README.md says which stage does what). Everything
 * model-specific (lexicon, suggestions) is built once at construction. It declines whenever a word that
 * matters is left unexplained, so it never answers a question it did not understand.
 */
import type { QueryPlan } from '../plan/query-plan';
import { oneTimeLoadMs } from '../lexical/one-time-loads';
import type { PlannedOutcome, Planner, PlannerInput, PlannerOutcome, ReadingCandidate } from '../planner/planner';
import type { TraceEntry } from '../planner/trace';
import { askBetween, closeRunnerUp } from './ask-between';
import { couldPick, pickedOption } from './conversation/picked-reading';
import { readingsWeighedEntry } from './ranking/weighed-trace';
import { pickedReadingEntry } from './conversation/picked-reading-trace';
import { type SemanticModel, isIntrospectedModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { buildLexicon } from './lex/lexicon';
import { createValueIndex } from './lex/value-index';
import { type QuestionReading, readQuestion } from './read-question';
import { type Suggestion, generateSuggestions, pickSuggestions } from './suggestions';
import { type AnswerConfidence, DEFAULT_MIN_CONFIDENCE, rankedConfidences } from './confidence/answer-confidence';
import { FITTED_WEIGHTS } from './ranking/fitted-weights';
import type { ReadingWeights } from './ranking/log-linear';

export interface RulesPlannerOptions {
  model: SemanticModel;
  /** Distinct values of indexed fields, for questions that bring no `values` of their own; empty when omitted. */
  valueIndex?: ValueIndex;
  /** Below this share of the question explained (less what typos and defaults cost) the planner declines (default 0.6). */
  minConfidence?: number;
  /**
   * Below this calibrated confidence an answer is declined, saying what was unsure (MIN_CONFIDENCE; default
   * DEFAULT_MIN_CONFIDENCE). 0 answers everything the rules could read (the eval does, to draw the
   * risk-coverage curve).
   */
  minAnswerConfidence?: number;
  /** The ranker's weights (default: those fitted on spider-train, ranking/weights.json); tests give their own. */
  readingWeights?: ReadingWeights;
  /**
   * Milliseconds one question may take to plan (default 500; a question takes about one, the longest
   * hostile ones tens). Past it the planner declines, saying so, instead of holding the event loop. A
   * planner's first question is not budgeted: it compiles the plan schema's validator and the date
   * expressions (a few hundred milliseconds on a busy machine), once.
   */
  budgetMs?: number;
  /** A monotonic clock in milliseconds for the budget (default performance.now); tests inject one. */
  clock?: () => number;
  /** The CPU time the planning thread has used, in milliseconds (default process.threadCpuUsage, else process.cpuUsage); tests inject one. */
  cpuClock?: () => number;
}

const DEFAULT_BUDGET_MS = 500;

/**
 * The CPU time of the thread that reads the question. process.threadCpuUsage (Node 22.x and 23.9 on) counts
 * this thread alone; process-wide CPU time also counts V8's concurrent GC and compiler threads, which on
 * Node 26 under load used up the budget while an ordinary question was read (a decline in CI). Node 20
 * has only the process-wide count.
 */
const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);
const processCpuMs = (): number => {
  const used = threadCpuUsage ? threadCpuUsage() : process.cpuUsage();
  return (used.user + used.system) / 1000;
};

export interface RulesPlanner extends Planner {
  /** The same as plan(), synchronously (benchmarks, eval). */
  planSync(input: PlannerInput): PlannerOutcome;
  /** The whole reading (interpretation, trace, verdict) of the production path, for developer tools. */
  readForDebugging(input: PlannerInput): QuestionReading;
}

const planOf = (read: QuestionReading): QueryPlan => {
  if (read.verdict.kind !== 'plan') throw new Error('only a planned reading is ranked');
  return read.verdict.plan;
};

/** A reading with a plan, as the outcome carries it (its probability and confidence among the question's readings). */
function candidateOf(read: QuestionReading, ranked: AnswerConfidence): ReadingCandidate {
  return { plan: planOf(read), probability: Math.round(ranked.probability * 10000) / 10000, confidence: ranked.confidence, evidence: ranked.evidence, choices: read.choices, trace: read.trace };
}

/** Why the answered reading is not the builder's preferred one, for the trace (and the explain output). */
function rankedEntry(ranked: readonly AnswerConfidence[]): TraceEntry {
  const chosen = ranked[0]!;
  const preferred = ranked.find((r) => r.index === 0)!;
  const reason = `reading ${chosen.index + 1} of ${ranked.length} answered: the learned weights give it probability ${chosen.probability.toFixed(2)}, the builder's preferred reading ${preferred.probability.toFixed(2)}`;
  return { step: 'verify', rule: 'verify.reading-ranked', words: '', reason, chosen: true };
}

const quoteList = (items: readonly string[]): string => items.map((i) => `"${i}"`).join(', ');

export function createRulesPlanner(options: RulesPlannerOptions): RulesPlanner {
  const { model } = options;
  const lexicon = buildLexicon(model);
  const valueIndex = options.valueIndex ?? createValueIndex([]);
  const minConfidence = options.minConfidence ?? 0.6;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const minAnswerConfidence = options.minAnswerConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const calibrated = isIntrospectedModel(model);
  const weights = options.readingWeights ?? FITTED_WEIGHTS;
  const clock = options.clock ?? (() => performance.now());
  const cpuClock = options.cpuClock ?? processCpuMs;
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

  /**
   * The budget is spent when the reading has taken `budgetMs` on the wall clock AND this process has used as
   * much CPU meanwhile. The wall clock alone also counts the time a busy machine gave to other processes: a
   * CI run on a shared machine once declined an ordinary question that way, and declining does nothing for
   * a loop that is held by the machine, not by the question. CPU time alone would also count the SQLite
   * worker threads (Node 20 has no per-thread CPU clock), so a plan that took 5 ms while workers were busy
   * would be declined. A question that really is slow to read is slow on both.
   */
  function overBudgetSince(wallStart: number, cpuStart: number): () => boolean {
    // Loading WordNet or the word vectors for the first time is not the question's cost (lexical/one-time-loads.ts).
    const loadsAtStart = oneTimeLoadMs();
    return () => {
      const wallNow = clock();
      const cpuNow = cpuClock();
      const loads = oneTimeLoadMs();
      return wallNow - wallStart - (loads.wallMs - loadsAtStart.wallMs) > budgetMs && cpuNow - cpuStart - (loads.cpuMs - loadsAtStart.cpuMs) > budgetMs;
    };
  }

  function planSync(input: PlannerInput, withSuggestions = true, budgeted = true): PlannerOutcome {
    const picked = pickedReading(input, budgeted);
    if (picked !== undefined) return picked;
    const overBudget = budgeted ? overBudgetSince(clock(), cpuClock()) : () => false;
    const read = readQuestion(input, lexicon, valueIndex, minConfidence, overBudget);
    const { verdict, understood, notUnderstood, confidence, trace } = read;
    const base = { engine: 'rules' as const, understood, notUnderstood, trace };
    switch (verdict.kind) {
      case 'out-of-time':
        return {
          ...base,
          kind: 'decline',
          confidence: 0,
          message: `Reading this question took longer than the ${budgetMs} ms a question may take, so I stopped rather than guess. Try a shorter question that asks one thing.`,
          suggestions: withSuggestions ? verifiedSuggestions([]) : [],
        };
      case 'plan': {
        // Every reading the open choices allow is scored; the most probable is answered (the builder's
        // preferred one wins a tie), and its calibrated probability is the confidence. The calibration was
        // measured on introspected databases (spider-train): a model someone wrote is read on names its author
        // chose, so its readings keep the builder's order and the reading's own confidence.
        const readings = [read, ...(read.alternatives ?? [])];
        const weighed = calibrated
          ? rankedConfidences(readings.map((r) => ({ trace: r.trace, plan: planOf(r), understanding: r.confidence, choices: r.choices, question: input.question })), model, weights).map((sure, _i, ranked) => {
              if (sure === ranked[0] && sure.index !== 0) readings[sure.index]!.trace.push(rankedEntry(ranked));
              return { reading: readings[sure.index]!, sure, candidate: candidateOf(readings[sure.index]!, sure) };
            })
          : readings.map((reading) => ({ reading, sure: undefined, candidate: { plan: planOf(reading), probability: 1, confidence: reading.confidence, evidence: {}, choices: reading.choices, trace: reading.trace } as ReadingCandidate }));
        const candidates = weighed.length > 1 ? { candidates: weighed.map((w) => w.candidate) } : {};
        if (calibrated && weighed.length > 1) weighed[0]!.reading.trace.push(readingsWeighedEntry(weighed.map((w) => w.candidate), weights));
        const planned = ({ reading, candidate, sure }: (typeof weighed)[number]): PlannedOutcome => ({
          ...base,
          understood: reading.understood,
          notUnderstood: reading.notUnderstood,
          trace: reading.trace,
          ...candidates,
          kind: 'plan',
          confidence: candidate.confidence,
          ...(sure === undefined ? {} : { evidence: sure.evidence }),
          plan: candidate.plan,
          followUp: reading.verdict.kind === 'plan' && reading.verdict.followUp,
        });
        const chosen = weighed[0]!;
        if (chosen.sure === undefined || chosen.sure.confidence >= minAnswerConfidence) {
          const runnerUp = closeRunnerUp(chosen.candidate, weighed.slice(1).map((w) => w.candidate));
          const second = weighed.find((w) => w.candidate === runnerUp);
          if (second === undefined) return planned(chosen);
          const first = planned(chosen);
          return { ...first, ...askBetween(chosen.candidate, second.candidate), kind: 'clarify', readings: [first, planned(second)] };
        }
        const sure = chosen.sure;
        chosen.reading.trace.push({ step: 'verify', rule: 'verify.not-sure-enough', words: '', reason: `confidence ${sure.confidence} is below ${minAnswerConfidence}`, chosen: false });
        const unsure = sure.doubts.length > 0 ? ` What I am least sure of: ${sure.doubts.join('; ')}.` : '';
        return {
          ...base,
          understood: chosen.reading.understood,
          notUnderstood: chosen.reading.notUnderstood,
          trace: chosen.reading.trace,
          ...candidates,
          kind: 'decline',
          confidence: sure.confidence,
          evidence: sure.evidence,
          message: `I understood ${quoteList(chosen.reading.understood)}, but I am not sure enough that this reading is what you meant (confidence ${sure.confidence}), so I will not guess a figure.${unsure} Asking it another way, or naming the columns, would help.`,
          suggestions: withSuggestions ? verifiedSuggestions(chosen.reading.topics) : [],
        };
      }
      case 'clarify':
        return { ...base, kind: 'clarify', confidence, message: verdict.message, options: verdict.options };
      case 'decline': {
        const parts: string[] = [];
        if (understood.length === 0) parts.push(`I could not relate this question to the ${model.name} data.`);
        else parts.push(`I understood ${quoteList(understood)}.`);
        if (notUnderstood.length > 0) parts.push(`I did not understand ${quoteList(notUnderstood)}.`);
        for (const reason of verdict.reasons) parts.push(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
        parts.push('So I will not guess a figure.');
        return {
          ...base,
          kind: 'decline',
          confidence: Math.min(confidence, minConfidence / 2),
          message: parts.join(' '),
          suggestions: withSuggestions ? verifiedSuggestions(read.topics) : [],
        };
      }
    }
  }

  /**
   * A reply to the question back between two readings: the earlier question is read again (same two
   * readings) and the one picked is the answer's plan. Undefined when the reply picks nothing.
   */
  function pickedReading(input: PlannerInput, budgeted: boolean): PlannerOutcome | undefined {
    const previous = input.history.at(-1);
    if (previous === undefined || previous.plan !== undefined || !couldPick(input.question)) return undefined;
    const earlier = planSync({ ...input, question: previous.question, history: input.history.slice(0, -1) }, false, budgeted);
    if (earlier.kind !== 'clarify' || earlier.readings === undefined) return undefined;
    const pick = pickedOption(input.question, [earlier.options[0]!, earlier.options[1]!]);
    if (pick === undefined) return undefined;
    const chosen = earlier.readings[pick];
    const option = earlier.options[pick]!;
    const trace = [...(chosen.trace ?? []), pickedReadingEntry(input.question, option, previous.question)];
    return { ...chosen, trace, understood: [...chosen.understood, option] };
  }

  function budgetedPlan(input: PlannerInput): PlannerOutcome {
    const outcome = planSync(input, true, warmedUp);
    warmedUp = true;
    return outcome;
  }

  return {
    name: 'rules',
    model,
    readForDebugging: (input) => readQuestion(input, lexicon, valueIndex, minConfidence),
    planSync: (input) => budgetedPlan(input),
    plan: (input) => Promise.resolve(budgetedPlan(input)),
  };
}
