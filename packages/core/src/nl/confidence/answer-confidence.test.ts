import { NOW, demoModel, demoValues } from '../../../test/support/demo-model';
import { salesModel } from '../../../test/support/sales-model';
import { createValueIndex } from '../lex/value-index';
import { createRulesPlanner } from '../rules-planner';

const ask = (planner: ReturnType<typeof createRulesPlanner>, question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });

describe('MIN_CONFIDENCE on an introspected model', () => {
  const model = salesModel();
  const values = createValueIndex([{ entity: 'customers', field: 'state', value: 'California' }]);

  it('declines a reading below the threshold, saying how sure it was and what it was least sure of', () => {
    const outcome = ask(createRulesPlanner({ model, valueIndex: values, minAnswerConfidence: 0.999 }), 'top 3 customers by sale price');
    expect(outcome.kind).toBe('decline');
    if (outcome.kind !== 'decline') throw new Error('expected a decline');
    expect(outcome.message).toMatch(/not sure enough that this reading is what you meant \(confidence 0\.\d+\)/);
    expect(outcome.message).toMatch(/What I am least sure of: "/);
    expect(outcome.trace?.some((e) => e.rule === 'verify.not-sure-enough')).toBe(true);
  });

  it('answers the same reading at threshold 0, with the confidence and what it rests on', () => {
    const outcome = ask(createRulesPlanner({ model, valueIndex: values, minAnswerConfidence: 0 }), 'top 3 customers by sale price');
    expect(outcome.kind).toBe('plan');
    expect(outcome.confidence).toBeGreaterThan(0);
    expect(outcome.confidence).toBeLessThan(1);
    expect(outcome.evidence).toMatchObject({ 'rule:ranking.superlative-word': 1, 'shape:aggregate': 1 });
  });
});

describe('a model someone wrote', () => {
  it('is not gated by the calibration, which measured only introspected databases', () => {
    const outcome = ask(createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues), minAnswerConfidence: 0.999 }), 'Top 5 customers by spend');
    expect(outcome).toMatchObject({ kind: 'plan', confidence: 1 });
  });
});
