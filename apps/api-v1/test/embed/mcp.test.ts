/**
 * The MCP server at /mcp (issue 30), driven by the SDK's own client over HTTP against the real server:
 * the tools with their schemas, ask and a follow-up in the same conversation, the tenant taken from the
 * credential (never from an argument), a missing or unusable credential, and a bad argument (a tool error,
 * and the server keeps answering). Then OAuth: RFC 9728 metadata naming OAUTH_ISSUER, that issuer's tokens
 * verified through its JWKS, a 401 that says why while OAUTH_KEY_ID is unset, and an unreachable issuer
 * that does not stop the server.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { listen, type Listening } from '../ecosystem/support/listen';
import { askOutputSchema } from '../../src/mcp/ask-output-schema';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { startLocalIssuer, type LocalIssuer } from './support/local-issuer';
import { connectMcp } from './support/mcp-client';
import { createStoreKey, hs256Token, tokenConfig } from './support/tokens';

jest.setTimeout(60_000);

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] };

const call = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => (await client.callTool({ name, arguments: args })) as ToolResult;

describe('MCP server', () => {
  let t: TestApp;
  let server: Listening;
  let owner: { id: string; key: string };
  let tenant1: Client;
  let tenant2: Client;
  beforeAll(async () => {
    t = await createTestApp({ config: await tokenConfig() });
    server = await listen(t.app);
    owner = await createStoreKey(t.testStore.store);
    tenant1 = await connectMcp(server.baseUrl, await hs256Token({ keyId: owner.id, context: { orgId: 1 } }));
    tenant2 = await connectMcp(server.baseUrl, await hs256Token({ keyId: owner.id, context: { orgId: 2 } }));
  });
  afterAll(async () => {
    await tenant1?.close();
    await tenant2?.close();
    await server?.close();
    await t?.close();
  });

  it('lists five tools, each with an input and an output schema', async () => {
    const { tools } = await tenant1.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'describe_data', 'explain_answer', 'get_conversation', 'list_conversations']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toEqual(expect.any(String));
    }
    // The answer's members are listed, whatever its type (MCP describes structured output as an object).
    const ask = tools.find((tool) => tool.name === 'ask');
    expect(Object.keys(ask?.outputSchema?.properties ?? {}).sort()).toEqual(['chart', 'conversationId', 'id', 'message', 'table', 'type']);
    // No tool lets the caller name a tenant.
    expect(tools.flatMap((tool) => Object.keys(tool.inputSchema.properties ?? {}))).not.toContain('context');
  });

  it('asks, follows up in the same conversation, and explains: the answers are tenant 1\'s', async () => {
    const first = await call(tenant1, 'ask', { question: 'Revenue by category' });
    expect(first.isError).toBeFalsy();
    const answer = first.structuredContent as { id: string; conversationId: string; type: string; chart: { data: unknown[] } };
    expect(answer.type).toBe('chart');
    expect(first.content[0]?.text).toContain(answer.id);
    const viaKey = await request(t.app).post('/api/v1/conversations/answer').set(...auth(owner.key)).send({ question: 'Revenue by category', context: { orgId: 1 } });
    expect(answer.chart.data).toEqual(viaKey.body.chart.data);

    const followUp = await call(tenant1, 'ask', { question: 'and by month?', conversationId: answer.conversationId });
    expect(followUp.structuredContent).toMatchObject({ conversationId: answer.conversationId, type: 'table' });

    const conversation = await call(tenant1, 'get_conversation', { conversationId: answer.conversationId });
    expect((conversation.structuredContent as { answers: unknown[] }).answers).toHaveLength(2);
    // Paged as the HTTP route: the newest answer first, then the one before it through nextCursor.
    type Page = { answers: { answer: { id: string } }[]; nextCursor: string | null };
    const newest = (await call(tenant1, 'get_conversation', { conversationId: answer.conversationId, limit: 1 })).structuredContent as Page;
    expect(newest.answers.map((turn) => turn.answer.id)).toEqual([(followUp.structuredContent as { id: string }).id]);
    expect(newest.nextCursor).toEqual(expect.any(String));
    const older = (await call(tenant1, 'get_conversation', { conversationId: answer.conversationId, limit: 1, cursor: newest.nextCursor })).structuredContent as Page;
    expect(older).toEqual({ ...older, answers: [expect.objectContaining({ answer: expect.objectContaining({ id: answer.id }) })], nextCursor: null });
    const listed = await call(tenant1, 'list_conversations', { limit: 5 });
    expect((listed.structuredContent as { items: { id: string }[] }).items.map((item) => item.id)).toContain(answer.conversationId);
    const explained = await call(tenant1, 'explain_answer', { answerId: answer.id });
    expect(explained.structuredContent).toMatchObject({ answerId: answer.id, sql: expect.any(String), trace: expect.any(Array) });

    const described = await call(tenant1, 'describe_data');
    const data = described.structuredContent as { entities: { name: string; fields: { name: string }[] }[]; exampleQuestions: string[] };
    expect(data.entities.map((entity) => entity.name)).toContain('orders');
    expect(data.entities.flatMap((entity) => entity.fields.map((field) => field.name))).not.toContain('organisation_id');
    expect(data.exampleQuestions.length).toBeGreaterThan(0);

    // Another tenant of the same key finds none of it.
    for (const [tool, args] of [['get_conversation', { conversationId: answer.conversationId }], ['explain_answer', { answerId: answer.id }], ['ask', { question: 'and by month?', conversationId: answer.conversationId }]] as const) {
      const res = await call(tenant2, tool, args);
      expect(res.isError).toBe(true);
    }
    const otherList = await call(tenant2, 'list_conversations');
    expect((otherList.structuredContent as { items: { id: string }[] }).items.map((item) => item.id)).not.toContain(answer.conversationId);
  });

  it('answers a bad argument with a tool error, and keeps answering', async () => {
    const bad = await call(tenant1, 'ask', { question: 42 });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toMatch(/Input validation error/);
    const unknown = await call(tenant1, 'get_conversation', { conversationId: '../../etc/passwd' });
    expect(unknown.isError).toBe(true);
    // A cursor this API never returned is an argument error, not silently the first page.
    const forgedCursor = await call(tenant1, 'list_conversations', { cursor: 'not-a-cursor' });
    expect(forgedCursor.isError).toBe(true);
    expect(forgedCursor.content[0]?.text).toMatch(/Input validation error/);
    expect((await call(tenant1, 'ask', { question: 'How many orders are there?' })).isError).toBeFalsy();
  });

  it('refuses a missing token (401 with a challenge) and a key without a fixed context (403); a key with one works', async () => {
    await expect(connectMcp(server.baseUrl)).rejects.toThrow(/401/);
    const missing = await request(server.baseUrl).post('/mcp').set('Accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer realm="askdata"/);
    await expect(connectMcp(server.baseUrl, ENV_KEY)).rejects.toThrow(/403/);
    await expect(connectMcp(server.baseUrl, 'not-a-valid-key-at-all-000')).rejects.toThrow(/401/);
    const fixed = await createStoreKey(t.testStore.store, { name: 'assistant', context: { orgId: 1 } });
    const viaKey = await connectMcp(server.baseUrl, fixed.key);
    expect((await call(viaKey, 'ask', { question: 'How many orders are there?' })).isError).toBeFalsy();
    await viaKey.close();
  });
});

describe('MCP with an OAuth issuer', () => {
  // Configured, never taken from the request (issue 35; oauth-resource.test.ts tries a hostile Host).
  const RESOURCE = 'https://askdata.test/mcp';
  let t: TestApp;
  let issuer: LocalIssuer;
  let owner: { id: string; key: string };
  beforeAll(async () => {
    issuer = await startLocalIssuer();
    t = await createTestApp({ config: { OAUTH_ISSUER: issuer.issuer, OAUTH_RESOURCE: RESOURCE } });
    owner = await createStoreKey(t.testStore.store);
  });
  afterAll(async () => {
    await issuer?.close();
    await t?.close();
  });

  it('serves RFC 9728 metadata naming the issuer, and names it in the 401 challenge', async () => {
    const server = await listen(t.app);
    try {
      for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
        const res = await request(server.baseUrl).get(path);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ resource: RESOURCE, authorization_servers: [issuer.issuer], bearer_methods_supported: ['header'] });
      }
      const challenge = await request(server.baseUrl).post('/mcp').send({});
      expect(challenge.status).toBe(401);
      expect(challenge.headers['www-authenticate']).toBe('Bearer realm="askdata", resource_metadata="https://askdata.test/.well-known/oauth-protected-resource/mcp"');
    } finally {
      await server.close();
    }
  });

  it('refuses the issuer\'s tokens with a reason while OAUTH_KEY_ID is unset, and answers with them once it is', async () => {
    const server = await listen(t.app);
    try {
      const token = await issuer.sign({ context: { orgId: 1 } }, RESOURCE);
      const refused = await request(server.baseUrl).post('/mcp').set(...auth(token)).send({});
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toMatch(/OAUTH_KEY_ID/);
    } finally {
      await server.close();
    }
    const withOwner = await listen(t.rebuild({ config: { OAUTH_KEY_ID: owner.id } }));
    try {
      const token = await issuer.sign({ context: { orgId: 1 } }, RESOURCE);
      const client = await connectMcp(withOwner.baseUrl, token);
      const asked = await call(client, 'ask', { question: 'How many orders are there?' });
      expect(asked.isError).toBeFalsy();
      await client.close();
      // A token for another resource (audience) is refused.
      const elsewhere = await issuer.sign({ context: { orgId: 1 } }, 'https://other.example/mcp');
      expect((await request(withOwner.baseUrl).post('/mcp').set(...auth(elsewhere)).send({})).status).toBe(401);
    } finally {
      await withOwner.close();
    }
  });

  it('starts with an issuer that cannot be reached, and refuses its tokens with a 401 until it answers', async () => {
    const gone = await startLocalIssuer();
    await gone.close();
    const app = t.rebuild({ config: { OAUTH_ISSUER: gone.issuer, OAUTH_KEY_ID: owner.id } });
    const server = await listen(app);
    try {
      const token = await gone.sign({ context: { orgId: 1 } }, RESOURCE);
      const res = await request(server.baseUrl).post('/mcp').set(...auth(token)).send({});
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/cannot be reached/);
      expect((await request(server.baseUrl).get('/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the ask tool\'s output schema', () => {
  it('is the contract\'s answer: a chart only on a chart answer, and a chart answer has its chart', () => {
    const parts = { id: 'ans_1', conversationId: 'conv_1', message: 'Revenue by category.' };
    const chart = { type: 'bar', data: [{ label: 'Books', value: 1 }] };
    expect(askOutputSchema.safeParse({ ...parts, type: 'chart', chart }).success).toBe(true);
    expect(askOutputSchema.safeParse({ ...parts, type: 'text' }).success).toBe(true);
    expect(askOutputSchema.safeParse({ ...parts, type: 'text', chart }).success).toBe(false);
    expect(askOutputSchema.safeParse({ ...parts, type: 'chart' }).success).toBe(false);
    expect(askOutputSchema.safeParse({ ...parts, type: 'table', chart }).success).toBe(false);
  });
});
