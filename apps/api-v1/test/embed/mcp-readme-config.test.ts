/**
 * The MCP client configuration README.md shows ("Use from an AI assistant"), used as an MCP client would:
 * its url (with this test server's origin) and its Authorization header (with ${ASKDATA_TOKEN} replaced by
 * a key made like `npm run keys -- create "assistant" --context orgId=1`), through the SDK's own client:
 * it lists the tools and answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { listen, type Listening } from '../ecosystem/support/listen';
import { createTestApp, type TestApp } from '../support/test-app';
import { createStoreKey } from './support/tokens';

interface McpConfig {
  mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
}

function readmeMcpConfig(): McpConfig {
  const readme = readFileSync(join(__dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
  const match = /<!-- mcp-config:start -->\s*```json\n([\s\S]*?)```\s*<!-- mcp-config:end -->/.exec(readme);
  if (match?.[1] === undefined) throw new Error('README.md has no mcp-config block');
  return JSON.parse(match[1]) as McpConfig;
}

describe('the README\'s MCP client configuration', () => {
  let t: TestApp;
  let server: Listening;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('lists the tools and answers', async () => {
    const { askdata } = readmeMcpConfig().mcpServers;
    expect(askdata?.type).toBe('http');
    const { key } = await createStoreKey(t.testStore.store, { name: 'assistant', context: { orgId: 1 } });
    const url = new URL(askdata!.url);
    const headers = Object.fromEntries(Object.entries(askdata!.headers).map(([name, value]) => [name, value.replace('${ASKDATA_TOKEN}', key)]));
    const client = new Client({ name: 'readme-config', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url.pathname, server.baseUrl), { requestInit: { headers } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['ask', 'describe_data', 'list_conversations', 'get_conversation', 'explain_answer']));
      const result = (await client.callTool({ name: 'ask', arguments: { question: 'Revenue by category last month' } })) as { isError?: boolean; structuredContent?: { type: string } };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent?.type).toBe('chart');
    } finally {
      await client.close();
    }
  });
});
