/** The MCP SDK's own client over Streamable HTTP, against a real server URL, with a bearer credential. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function connectMcp(baseUrl: string, bearer?: string): Promise<Client> {
  const client = new Client({ name: 'askdata-test', version: '1.0.0' });
  const headers: Record<string, string> = bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}
