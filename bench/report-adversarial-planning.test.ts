import { adversarialSection, adversarialTarget, adversarialTargetMet } from './report-adversarial-planning';
import type { AdversarialReport } from './sections/adversarial-planning';
import { summarise } from './lib/stats';

function report(overrides: Partial<AdversarialReport>): AdversarialReport {
  const plans = [3, 4, 5, 51];
  return {
    length: 1000,
    rounds: 20,
    families: [{ name: 'quotes', questions: 2, summary: summarise(plans), cpu: summarise(plans), slowestQuestionMedian: 4.5 }],
    all: summarise(plans),
    allCpu: summarise(plans),
    slowestQuestionMedian: 4.5,
    slowPlans: [{ family: 'quotes', wallMs: 51, repeatMinMs: 3.1, repeatMaxMs: 4.2 }],
    machinePauses: { spanMs: 3200, longestMs: 52, over10Ms: 2 },
    ...overrides,
  };
}

describe('the hostile-planning target', () => {
  it('is met when a plan over 50 ms is fast every time it is planned again', () => {
    expect(adversarialTargetMet(report({}))).toBe(true);
    expect(adversarialTarget(report({})).join(' ')).toContain('1 plan(s) ≥ 50 ms, none slow again when repeated');
  });

  it('is missed when a slow plan is slow again when repeated', () => {
    const slowAgain = report({ slowPlans: [{ family: 'quotes', wallMs: 51, repeatMinMs: 3.1, repeatMaxMs: 60 }] });
    expect(adversarialTargetMet(slowAgain)).toBe(false);
    expect(adversarialTarget(slowAgain).at(-1)).toBe('**missed**');
  });

  it('is missed when a question costs 50 ms or more by the median of its plans', () => {
    expect(adversarialTargetMet(report({ slowestQuestionMedian: 55, slowPlans: [] }))).toBe(false);
  });

  it('judges a report stored before the repeats on its single slowest plan', () => {
    expect(adversarialTargetMet(report({ slowestQuestionMedian: undefined, slowPlans: undefined }))).toBe(false);
    expect(adversarialTargetMet(report({ slowestQuestionMedian: undefined, slowPlans: undefined, all: summarise([3, 4]) }))).toBe(true);
  });

  it('prints the machine pauses and the repeats beside the table', () => {
    const section = adversarialSection(report({}));
    expect(section).toContain('kept from running for up to 52.00 ms');
    expect(section).toContain('| quotes | 51.00 | 3.10 | 4.20 |');
  });
});
