import type { SemanticModel } from '../../semantic/semantic-model';
import { teachModel } from '../../teach/taught-model';
import { NOW, demoModel, demoValues } from '../../../test/support/demo-model';
import { distinctChoices } from './distinct-choices';
import { createRulesPlanner } from '../rules-planner';
import { createValueIndex } from '../lex/value-index';

const ask = (model: SemanticModel, question: string) =>
  createRulesPlanner({ model, valueIndex: createValueIndex(demoValues) }).planSync({ question, history: [], now: NOW, timezone: 'UTC' });

describe('clarifying questions offer each meaning once (issue 25, item 7)', () => {
  it('a taught word for a measure next to the measure itself is one measure, not "revenue or revenue"', () => {
    const taught = teachModel(demoModel(), [{ term: 'gizmo', meaning: { kind: 'measure', entity: 'orders', measure: 'revenue' } }]);
    const outcome = ask(taught, 'revenue for gizmo last month');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }] });
    expect(outcome.plan.kind === 'aggregate' && outcome.plan.measures).toHaveLength(1);
  });

  it('two different measures still ask, with two different options', () => {
    const taught = teachModel(demoModel(), [{ term: 'gizmo', meaning: { kind: 'measure', entity: 'orders', measure: 'units_sold' } }]);
    const outcome = ask(taught, 'revenue for gizmo last month');
    expect(outcome.kind).toBe('clarify');
    if (outcome.kind !== 'clarify') return;
    expect(new Set(outcome.options).size).toBe(outcome.options.length);
    expect(outcome.options).toHaveLength(2);
  });

  it('dedupes by meaning and qualifies labels that two meanings share', () => {
    const choices = distinctChoices([
      { meaning: 'orders.revenue', label: 'revenue', value: 1 },
      { meaning: 'orders.revenue', label: 'sales', value: 2 },
      { meaning: 'invoices.revenue', label: 'revenue', value: 3 },
    ]);
    expect(choices).toEqual([
      { label: 'revenue (orders.revenue)', value: 1 },
      { label: 'revenue (invoices.revenue)', value: 3 },
    ]);
    expect(distinctChoices([{ meaning: 'a', label: 'x', value: 1 }])).toEqual([{ label: 'x', value: 1 }]);
  });
});
