/**
 * Issue 25, item 12: a reply's size is bounded twice, through the real ChatOpenAI client. On the wire the
 * client's fetch (cappedFetch, what createLlmChatModel hands the SDK) stops reading at the bound; in
 * parsing, a reply whose text is over the bound is declined before it is parsed again, validated or sent
 * back in a retry, whatever chat model produced it. Either way: one call, no retry, the decline says why.
 * (The 20 MB reply from a real server: apps/api-v1/test/reliability/hostile-model.test.ts.)
 */
import { cappedFetch, ReplyTooLarge } from '../src/reply-size';
import { llmOutput, revenueMeasure } from './support/canned-openai';
import { ask, plannerWith } from './support/planner-harness';

const TOO_LARGE = /the language model sent a reply far larger than any query plan, so it was not read/;
const padded = (bytes: number) => llmOutput({ measures: [revenueMeasure], filters: [{ field: 'products.category', op: 'eq', value: 'x'.repeat(bytes), values: null, high: null }] });

describe('the size of a model\'s reply', () => {
  it('stops reading at the client\'s bound (LLM_MAX_REPLY_BYTES) and declines without a retry', async () => {
    const { planner, requests, events } = plannerWith([{ kind: 'tool_call', args: padded(8 * 1024) }], { maxRetries: 2 }, { maxReplyBytes: 4 * 1024 });
    const outcome = await planner.plan(ask('Revenue for a very long category'));
    expect(outcome.kind).toBe('decline');
    expect(outcome.kind === 'decline' && outcome.message).toMatch(TOO_LARGE);
    expect(requests).toHaveLength(1);
    expect(events.map((e) => e.issues?.[0]?.message)).toEqual(['the reply is larger than 4096 bytes']);
  });

  it('declines a reply whose text is over the planner\'s bound even when the client read it all', async () => {
    const { planner, requests } = plannerWith([{ kind: 'tool_call', args: padded(8 * 1024) }], { maxRetries: 2, maxReplyBytes: 4 * 1024 }, { maxReplyBytes: 1024 * 1024 });
    const outcome = await planner.plan(ask('Revenue for a very long category'));
    expect(outcome.kind === 'decline' && outcome.message).toMatch(TOO_LARGE);
    expect(requests).toHaveLength(1);
  });

  it('answers a reply within the bounds as before', async () => {
    const { planner } = plannerWith([{ kind: 'tool_call', args: llmOutput({ measures: [revenueMeasure] }) }], {}, { maxReplyBytes: 4 * 1024 });
    expect((await planner.plan(ask('Total revenue'))).kind).toBe('plan');
  });

  it('refuses a declared Content-Length over the bound before reading any of the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const fetchImpl = async () => new Response(body, { headers: { 'content-length': String(50 * 1024 * 1024) } });
    await expect(cappedFetch(fetchImpl, 1024 * 1024)('http://llm.test/v1/chat/completions')).rejects.toBeInstanceOf(ReplyTooLarge);
    // The stream's first pull happens when the Response is made; nothing was read after that.
    expect(pulled).toBeLessThanOrEqual(1);
  });
});
