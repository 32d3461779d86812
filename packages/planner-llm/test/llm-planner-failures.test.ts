/**
 * Provider failures: 429, 5xx, network errors and timeouts are retried a bounded number of times, then
 * the planner declines honestly; non-transient errors are not retried; nothing throws, and the total
 * budget stops retries (counted in calls, not timed: time limits belong in benchmarks).
 */
import { llmOutput, revenueMeasure, type CannedStep } from './support/canned-openai';
import { ask, plannerWith, TEST_KEY } from './support/planner-harness';

const good = llmOutput({ measures: [revenueMeasure] });
const UNAVAILABLE = 'I could not work this question out: the language model that handles questions like it is not available right now. So I will not guess a figure. Please try again later.';

describe('LLM planner on provider failures', () => {
  it.each<[string, CannedStep, string]>([
    ['429', { kind: 'status', status: 429, body: { error: { message: 'Rate limit reached', type: 'requests' } } }, 'rate_limit'],
    ['500', { kind: 'status', status: 500 }, 'server'],
    ['503', { kind: 'status', status: 503 }, 'server'],
    ['a network error', { kind: 'network' }, 'network'],
  ])('%s: retried maxRetries times, then an honest decline (never a throw)', async (_, failure, kind) => {
    const { planner, requests, events } = plannerWith([failure], { maxRetries: 2 });
    const outcome = await planner.plan(ask('revenue please'));
    expect(requests).toHaveLength(3);
    expect(events.map((e) => e.failure?.kind)).toEqual([kind, kind, kind]);
    expect(outcome).toMatchObject({ kind: 'decline', engine: 'llm', message: UNAVAILABLE });
    expect(outcome.usage).toBeUndefined();
    expect(outcome.llmLatencyMs).toEqual(expect.any(Number));
  });

  it('recovers when a retry succeeds', async () => {
    const { planner, requests } = plannerWith([{ kind: 'status', status: 429 }, { kind: 'network' }, { kind: 'tool_call', args: good }], { maxRetries: 2 });
    expect((await planner.plan(ask('revenue please'))).kind).toBe('plan');
    expect(requests).toHaveLength(3);
  });

  it('does not retry what cannot get better: a bad key (401) or an unknown model (404)', async () => {
    for (const status of [401, 404, 400]) {
      const { planner, requests, events } = plannerWith([{ kind: 'status', status, body: { error: { message: `Incorrect API key provided: ${TEST_KEY}` } } }]);
      const outcome = await planner.plan(ask('revenue please'));
      expect(requests).toHaveLength(1);
      expect(events[0]?.failure).toEqual({ kind: 'client', retryable: false, status });
      // The provider's text (which may even quote the key) never reaches the answer.
      expect(JSON.stringify(outcome)).not.toContain(TEST_KEY);
      expect(outcome).toMatchObject({ kind: 'decline', message: UNAVAILABLE });
    }
  });

  it('times out each call and bounds the whole question', async () => {
    const { planner, requests, events } = plannerWith([{ kind: 'hang' }], { maxRetries: 2, timeoutMs: 100 });
    const started = Date.now();
    const outcome = await planner.plan(ask('revenue please'));
    const elapsed = Date.now() - started;
    expect(outcome).toMatchObject({ kind: 'decline', message: UNAVAILABLE });
    expect(requests).toHaveLength(3);
    expect(events.map((e) => e.failure?.kind)).toEqual(['timeout', 'timeout', 'timeout']);
    // Each of the three calls waited out its 100 ms (a lower bound, which a busy machine cannot miss).
    expect(elapsed).toBeGreaterThanOrEqual(290);
  });

  it('stops when the total budget is spent, even with retries left', async () => {
    const { planner, requests } = plannerWith([{ kind: 'hang' }], { maxRetries: 5, timeoutMs: 200, totalTimeoutMs: 300 });
    // Six calls were allowed (maxRetries 5); at most two fit in 300 ms of calls of 200 ms each.
    expect(await planner.plan(ask('revenue please'))).toMatchObject({ kind: 'decline', message: UNAVAILABLE });
    expect(requests.length).toBeLessThanOrEqual(2);
  });

  it('shares one attempt budget between invalid plans and provider errors', async () => {
    const { planner, requests } = plannerWith([{ kind: 'tool_call', args: llmOutput({ measures: [] }) }, { kind: 'status', status: 500 }, { kind: 'tool_call', args: llmOutput({ measures: [] }) }], { maxRetries: 2 });
    expect((await planner.plan(ask('revenue please'))).kind).toBe('decline');
    expect(requests).toHaveLength(3);
  });

  it('with maxRetries 0 makes exactly one call', async () => {
    const { planner, requests } = plannerWith([{ kind: 'status', status: 500 }], { maxRetries: 0 });
    expect((await planner.plan(ask('revenue please'))).kind).toBe('decline');
    expect(requests).toHaveLength(1);
  });
});
