/**
 * The client's own behaviour with a recording fetch: what it sends (method, URL, headers, body without
 * undefined members) and how it turns problem+json and non-problem errors into AskdataProblemError.
 * Its behaviour against the real app is tested in apps/api-v1/test/ecosystem/client.test.ts.
 */
import { AskdataProblemError, createAskdataAdminClient, createAskdataClient, isAskdataProblemError, type FetchLike } from './index';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(status: number, body: string, statusText = ''): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    return { ok: status >= 200 && status < 300, status, statusText, text: async () => body };
  };
  return { fetch, sent };
}

const answer = { id: 'ans_1', conversationId: 'conv_1', type: 'text', message: 'There were 3 orders.' };

describe('createAskdataClient', () => {
  it('posts a question with the bearer key and leaves undefined fields out', async () => {
    const { fetch, sent } = fakeFetch(200, JSON.stringify(answer));
    const client = createAskdataClient({ baseUrl: 'http://api.test/', apiKey: 'key-123456789012', fetch });
    await expect(client.answer({ question: 'How many orders?', context: { orgId: 1 }, conversationId: undefined })).resolves.toEqual(answer);
    expect(sent).toEqual([
      {
        url: 'http://api.test/api/v1/conversations/answer',
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'Bearer key-123456789012', 'Content-Type': 'application/json' }),
        body: { question: 'How many orders?', context: { orgId: 1 } },
      },
    ]);
  });

  it('continues a conversation, and encodes ids into feedback and explain paths', async () => {
    const { fetch, sent } = fakeFetch(200, JSON.stringify(answer));
    const client = createAskdataClient({ baseUrl: 'http://api.test', apiKey: 'key-123456789012', fetch });
    await client.continue('conv_1', 'and by month?', { orgId: 1 });
    await client.createFeedback('a/b', { rating: 'negative', comment: undefined });
    await client.updateFeedback('ans_1', 'fb 1', { comment: 'meant net' });
    await client.explain('ans_1');
    expect(sent.map((request) => `${request.method} ${request.url} ${JSON.stringify(request.body)}`)).toEqual([
      'POST http://api.test/api/v1/conversations/answer {"question":"and by month?","context":{"orgId":1},"conversationId":"conv_1"}',
      'POST http://api.test/api/v1/conversations/answer/a%2Fb/feedback {"rating":"negative"}',
      'PATCH http://api.test/api/v1/conversations/answer/ans_1/feedback/fb%201 {"comment":"meant net"}',
      'GET http://api.test/api/v1/conversations/answer/ans_1/explain undefined',
    ]);
    expect(sent[3]?.headers['Content-Type']).toBeUndefined();
  });

  it('throws a typed AskdataProblemError from a problem+json body', async () => {
    const problem = {
      type: 'tag:askdata.dev,2025:problem:validation-failed',
      title: 'Request validation failed',
      status: 400,
      detail: 'One part of the request is invalid.',
      instance: '/api/v1/conversations/answer',
      requestId: 'req-1',
      issues: [{ path: 'body.question', message: 'must not be empty' }],
      code: 'VALIDATION',
    };
    const { fetch } = fakeFetch(400, JSON.stringify(problem), 'Bad Request');
    const client = createAskdataClient({ baseUrl: 'http://api.test', apiKey: 'key-123456789012', fetch });
    const error: unknown = await client.answer({ question: ' ', context: {} }).catch((caught: unknown) => caught);
    expect(isAskdataProblemError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 400,
      type: problem.type,
      slug: 'validation-failed',
      title: problem.title,
      detail: problem.detail,
      requestId: 'req-1',
      issues: problem.issues,
      extensions: { code: 'VALIDATION' },
    });
  });

  it('still throws an AskdataProblemError, with the HTTP status, for a body that is not a problem', async () => {
    const { fetch } = fakeFetch(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const client = createAskdataClient({ baseUrl: 'http://api.test', apiKey: 'key-123456789012', fetch });
    const error = await client.explain('ans_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AskdataProblemError);
    expect(error).toMatchObject({ status: 502, type: 'about:blank', title: 'Bad Gateway', issues: [] });
  });

  it('rejects a success without a JSON body, and bad options up front', async () => {
    const { fetch } = fakeFetch(200, '');
    const client = createAskdataClient({ baseUrl: 'http://api.test', apiKey: 'key-123456789012', fetch });
    await expect(client.explain('ans_1')).rejects.toThrow(/without a JSON body/);
    expect(() => createAskdataClient({ baseUrl: 'api.test', apiKey: 'k', fetch })).toThrow(/baseUrl/);
    expect(() => createAskdataClient({ baseUrl: 'http://api.test', apiKey: ' ', fetch })).toThrow(/apiKey/);
  });
});

describe('createAskdataAdminClient', () => {
  it('exports every verified question, following the Link rel="next" of each part', async () => {
    const urls: string[] = [];
    const parts: Record<string, { body: string; link?: string }> = {
      '/api/v1/admin/verified-questions?format=jsonl': { body: '{"id":"vq_1"}\n', link: '</api/v1/admin/verified-questions?format=jsonl&cursor=c1>; rel="next"' },
      '/api/v1/admin/verified-questions?format=jsonl&cursor=c1': { body: '{"id":"vq_2"}\n', link: '</api/v1/admin/verified-questions?format=jsonl&cursor=c2>; rel="next"' },
      '/api/v1/admin/verified-questions?format=jsonl&cursor=c2': { body: '{"id":"vq_3"}\n' },
    };
    const fetch: FetchLike = async (url) => {
      urls.push(url);
      const part = parts[url.replace('http://api.test', '')];
      if (part === undefined) return { ok: false, status: 404, statusText: 'Not Found', text: async () => '' };
      return { ok: true, status: 200, statusText: 'OK', text: async () => part.body, headers: { get: (name: string) => (name.toLowerCase() === 'link' ? (part.link ?? null) : null) } };
    };
    const admin = createAskdataAdminClient({ baseUrl: 'http://api.test', apiKey: 'admin-123456789012', fetch });
    await expect(admin.exportVerified()).resolves.toBe('{"id":"vq_1"}\n{"id":"vq_2"}\n{"id":"vq_3"}\n');
    expect(urls).toHaveLength(3);
  });
});
