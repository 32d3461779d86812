/**
 * The offline rules planner: question -> chunks -> candidates -> decided interpretation -> QueryPlan,
 * deterministic and explainable (read-question.ts; nl/README.md says which stage does what). Everything
 * model-specific (lexicon, suggestions) is built once at construction. It declines whenever a word that
 * matters is left unexplained, so it never answers a question it did not understand.
 */
import type { Planner, PlannerInput, PlannerOutcome } from '../planner/planner';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { buildLexicon } from './lex/lexicon';
import { createValueIndex } from './lex/value-index';
import { type QuestionReading, readQuestion } from './read-question';
import { type Suggestion, generateSuggestions, pickSuggestions } from './suggestions';

export interface RulesPlannerOptions {
  model: SemanticModel;
  /** Distinct values of indexed fields, for questions that bring no `values` of their own; empty when omitted. */
  valueIndex?: ValueIndex;
  /** Below this confidence the planner declines (default 0.6). */
  minConfidence?: number;
}

export interface RulesPlanner extends Planner {
  /** The same as plan(), synchronously (benchmarks, eval). */
  planSync(input: PlannerInput): PlannerOutcome;
  /** The whole reading (interpretation, trace, verdict) of the production path, for developer tools. */
  readForDebugging(input: PlannerInput): QuestionReading;
}

const quoteList = (items: readonly string[]): string => items.map((i) => `"${i}"`).join(', ');

export function createRulesPlanner(options: RulesPlannerOptions): RulesPlanner {
  const { model } = options;
  const lexicon = buildLexicon(model);
  const valueIndex = options.valueIndex ?? createValueIndex([]);
  const minConfidence = options.minConfidence ?? 0.6;
  const allSuggestions = generateSuggestions(model, lexicon);
  let verified: Suggestion[] | undefined;

  /** Suggestions that this planner really plans (checked once, on first use). */
  function verifiedSuggestions(topics: readonly string[]): string[] {
    if (verified === undefined) {
      const now = new Date(Date.UTC(2000, 0, 15));
      verified = allSuggestions.filter((s) => planSync({ question: s.text, history: [], now, timezone: 'UTC' }, false).kind === 'plan');
    }
    return pickSuggestions(verified, topics);
  }

  function planSync(input: PlannerInput, withSuggestions = true): PlannerOutcome {
    const read = readQuestion(input, lexicon, valueIndex, minConfidence);
    const { verdict, understood, notUnderstood, confidence, trace } = read;
    const base = { engine: 'rules' as const, understood, notUnderstood, trace };
    switch (verdict.kind) {
      case 'plan':
        return { ...base, kind: 'plan', confidence, plan: verdict.plan, followUp: verdict.followUp };
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

  return {
    name: 'rules',
    model,
    readForDebugging: (input) => readQuestion(input, lexicon, valueIndex, minConfidence),
    planSync: (input) => planSync(input),
    plan: (input) => Promise.resolve(planSync(input)),
  };
}
