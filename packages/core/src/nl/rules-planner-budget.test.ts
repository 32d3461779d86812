import { NOW, demoModel, demoValues } from '../../test/support/demo-model';
import type { PlannerOutcome } from '../planner/planner';
import { createRulesPlanner } from './rules-planner';
import { createValueIndex } from './lex/value-index';
import { oneTimeLoadMs, timedLoad } from '../lexical/one-time-loads';

/** A clock that moves `step` milliseconds every time it is read. */
function steppingClock(step: number): () => number {
  let now = 0;
  return () => (now += step);
}

const QUESTION = { question: 'How many orders did we get last month?', history: [], now: NOW, timezone: 'UTC' };

/**
 * The outcome of a planner's second question (its first is not budgeted), on the given wall clock and, unless
 * another is given, a CPU clock that moves as fast (a question that keeps the process busy).
 */
function ask(clock: () => number, cpuClock: () => number = clock): PlannerOutcome {
  const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues), budgetMs: 250, clock, cpuClock });
  planner.planSync(QUESTION);
  return planner.planSync(QUESTION);
}

// Issue 25, item 1: planning runs on the event loop, so a question that takes too long to read must stop
// and say so rather than hold every other request.
describe('the planning budget', () => {
  it('plans as usual while the budget lasts', () => {
    let reads = 0;
    expect(ask(() => (reads += 1, 0)).kind).toBe('plan');
    // The clock is read between every step and stage of the reading (both clocks are this one here, and both
    // questions are counted): a step that keeps all those reads within the 250 ms budget still plans.
    const step = Math.floor(200 / reads);
    expect(step).toBeGreaterThan(0);
    expect(ask(steppingClock(step)).kind).toBe('plan');
  });

  it('leaves out the time a one-time load of lexical data took during the question', () => {
    // Real clocks; during the budgeted question, a one-time load keeps the process busy for 400 ms, more than
    // the 250 ms budget on both clocks. Without leaving the load out, the question would be declined.
    let armed = false;
    let reads = 0;
    const busy = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until) reads += 0;
    };
    const clock = (): number => {
      if (armed && ++reads === 3) timedLoad(() => busy(400));
      return performance.now();
    };
    const cpuClock = (): number => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues), budgetMs: 250, clock, cpuClock });
    planner.planSync(QUESTION);
    const before = oneTimeLoadMs().wallMs;
    armed = true;
    expect(planner.planSync(QUESTION).kind).toBe('plan');
    expect(oneTimeLoadMs().wallMs - before).toBeGreaterThanOrEqual(400);
  });

  it('declines honestly, without an error, once the budget is spent', () => {
    const outcome = ask(steppingClock(100));
    expect(outcome).toMatchObject({ kind: 'decline', engine: 'rules', confidence: 0, notUnderstood: [] });
    if (outcome.kind !== 'decline') throw new Error('expected a decline');
    expect(outcome.message).toBe('Reading this question took longer than the 250 ms a question may take, so I stopped rather than guess. Try a shorter question that asks one thing.');
    // The suggestions are checked without the budget, so a slow moment never drops one for good.
    expect(outcome.suggestions.length).toBeGreaterThan(0);
  });

  it('does not decline a question for time the machine gave to other work', () => {
    // A loaded machine: the wall clock runs on, but this process hardly ran (a CI run once declined a
    // plain question this way).
    expect(ask(steppingClock(100), steppingClock(0)).kind).toBe('plan');
    // Busy worker threads in the same process: CPU time runs on, but the reading itself was quick.
    expect(ask(steppingClock(0), steppingClock(100)).kind).toBe('plan');
  });

  it('leaves a planner\'s first question alone: it compiles what every later question uses', () => {
    const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues), budgetMs: 250, clock: steppingClock(100), cpuClock: steppingClock(100) });
    expect(planner.planSync(QUESTION).kind).toBe('plan');
    expect(planner.planSync(QUESTION).kind).toBe('decline');
  });
});
