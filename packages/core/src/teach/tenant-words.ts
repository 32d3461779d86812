/**
 * Which taught words apply to one tenant's question. Words taught for the tenant alone always do: they
 * were checked against its values when taught. A word taught for every tenant gives way to the tenant's
 * own data: when the tenant's values read the word as a value (value-reading.ts), the word is left out
 * for that tenant, so "revenue for Laptop" filters by the tenant's category Laptop and is never read with
 * the global word and the value at once. A global word is checked against the values of every tenant known
 * when it is taught, but values change (an index is rebuilt after its TTL, a tenant that never asked
 * appears), so this is decided again for every question, from the values it is planned with.
 */
import type { Planner, PlannerInput, PlannerOutcome } from '../planner/planner';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { teachModel, type TaughtTerm } from './taught-model';
import { valueReadings } from './value-reading';

/** True when the tenant's values read `term` as a value other than what it was taught to mean. */
export function shadowedByValues(values: ValueIndex, term: TaughtTerm): boolean {
  const meaning = term.meaning;
  return valueReadings(values, term.term).some((m) => meaning.kind !== 'value' || m.entity !== meaning.entity || m.field !== meaning.field || m.value !== meaning.value);
}

/** The global words that still apply for a tenant with these values. */
export function globalWordsFor(values: ValueIndex | undefined, global: readonly TaughtTerm[]): TaughtTerm[] {
  return values === undefined ? [...global] : global.filter((term) => !shadowedByValues(values, term));
}

export interface TenantWordsPlannerOptions {
  model: SemanticModel;
  /** The configured kind of planner over a model. */
  plannerFor: (model: SemanticModel) => Planner;
  /** The planner of the model as it is (when no entity, field or measure word applies). */
  base: Planner;
  /** Words taught for this tenant alone. */
  own: readonly TaughtTerm[];
  /** Words taught for every tenant. */
  global: readonly TaughtTerm[];
}

/**
 * A planner over the model with the tenant's entity, field and measure words (value words are aliases in
 * its value index instead). The planner for each set of words in force is built once, on first use.
 */
export function tenantWordsPlanner(options: TenantWordsPlannerOptions): Planner {
  const named = (terms: readonly TaughtTerm[]): TaughtTerm[] => terms.filter((t) => t.meaning.kind !== 'value');
  const own = named(options.own);
  const global = named(options.global);
  const built = new Map<string, Planner>();
  const plannerOf = (terms: readonly TaughtTerm[]): Planner => {
    if (terms.length === 0) return options.base;
    const key = terms.map((t) => t.term).join('\n');
    let planner = built.get(key);
    if (planner === undefined) built.set(key, (planner = options.plannerFor(teachModel(options.model, terms))));
    return planner;
  };
  const every = plannerOf([...global, ...own]);
  return {
    name: every.name,
    model: every.model,
    plan(input: PlannerInput): Promise<PlannerOutcome> {
      return plannerOf([...globalWordsFor(input.values, global), ...own]).plan(input);
    },
  };
}
