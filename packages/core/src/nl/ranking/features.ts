/**
 * What a reading rests on, as features for the learned ranker (log-linear.ts): the rules and builder
 * decisions that took part (from the trace), the weaker kinds of evidence (a word or a value matched by
 * typo, a verb checked only against the plan), the plan's shape (how many tables it joins, related-row
 * conditions, a ranking kept to one row), the builder's open choices and how many readings there were
 * (choice-features.ts), and what the schema says of the columns read (schema-features.ts). The same
 * function feeds the eval's stored evidence, the fit (eval/tools/train-readings.ts) and the planner, so the
 * weights mean at run time what they meant when fitted. Feature names are stable strings: the weights are
 * keyed on them.
 */
import { planEntities } from '../verify/verify-plan';
import type { QueryPlan } from '../../plan/query-plan';
import type { TraceEntry } from '../../planner/trace';
import type { SemanticModel } from '../../semantic/semantic-model';
import type { ChoiceMade } from '../kernel/choices';
import { bucket, choiceFeatures, readingsFeature } from './choice-features';
import { schemaFeatures } from './schema-features';
import { questionWordFeatures } from './question-words';

export type Features = ReadonlyMap<string, number>;

/** What a reading is one of: the model read, the choices it made, how many readings its question had. */
export interface ReadingContext {
  model: SemanticModel;
  choices: readonly ChoiceMade[];
  readings: number;
  /** The question as asked, for its logic words (question-words.ts). */
  question?: string;
}

export function answerFeatures(trace: readonly TraceEntry[], plan: QueryPlan, understanding: number, context?: ReadingContext): Features {
  const features = new Map<string, number>();
  const set = (name: string, value = 1): void => void features.set(name, value);
  for (const entry of trace) {
    if (!entry.chosen) continue;
    if (entry.step === 'rule' || entry.step === 'build' || entry.step === 'lex') set(`rule:${entry.rule}`);
    if (entry.step === 'verify') set(`check:${entry.rule}`);
  }
  if (trace.some((e) => e.step === 'rule' && !e.chosen)) set('shape:a-candidate-lost');
  set(`shape:${plan.kind}`);
  set(`shape:tables-${bucket(planEntities(plan).size, [1, 2, 3])}`);
  set(`shape:filters-${bucket(plan.filters.length, [0, 1, 2])}`);
  if (plan.filters.some((f) => f.op === 'related')) set('shape:related-rows');
  if (plan.limit !== undefined) set(plan.limit === 1 || plan.ties ? 'shape:one-row' : 'shape:top-n');
  if (plan.timeRange !== undefined) set('shape:period');
  if (plan.kind === 'aggregate') {
    set(`shape:breakdowns-${bucket(plan.dimensions.length, [0, 1, 2])}`);
    for (const measure of plan.measures) set(`shape:measure-${measure.kind === 'aggregate' ? measure.aggregation : measure.kind}`);
    // A rollup is the same shape (a figure per group, then aggregated), so it shares the learned weight.
    if (plan.averageOver !== undefined || plan.rollup !== undefined) set('shape:average-over');
  } else {
    if (plan.distinct) set('shape:distinct');
    set(`shape:columns-${bucket(plan.fields.length, [1, 2, 4])}`);
  }
  // How much of the question the rules explained, with the penalties of typos and defaults (0..1).
  set('understanding', understanding);
  if (context !== undefined) {
    for (const name of choiceFeatures(context.choices)) set(name);
    set(readingsFeature(context.readings));
    for (const name of schemaFeatures(plan, context.model)) set(name);
    if (context.question !== undefined) for (const name of questionWordFeatures(context.question)) set(name);
  }
  return features;
}
