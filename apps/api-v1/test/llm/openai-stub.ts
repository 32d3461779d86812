/**
 * A small OpenAI-compatible chat-completions server on 127.0.0.1 (random free port) for the wire tests:
 * POST /v1/chat/completions answers with a tool call (the functionCalling method) whose arguments the
 * test chooses per question. Every request is recorded (headers and body) to check what went over the wire.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: { role: string; content: string }[]; tools?: { function: { name: string; parameters: unknown } }[]; tool_choice?: unknown };
}

/**
 * The plan (tool arguments) for a question, or undefined for "cannot answer". `{ rawArguments }` sends
 * that text as the tool call's arguments unchanged (for replies JSON.stringify could not even build);
 * `{ oversizedBytes }` sends a string argument of that many bytes, streamed (with or without a
 * Content-Length), and records whether the client read the reply to its end (`replies`).
 */
export type PlanFor = (question: string) => unknown;

export interface RawArguments {
  rawArguments: string;
}

export interface OversizedArguments {
  oversizedBytes: number;
  declareLength: boolean;
}

const isRaw = (value: unknown): value is RawArguments => typeof value === 'object' && value !== null && typeof (value as RawArguments).rawArguments === 'string';
const isOversized = (value: unknown): value is OversizedArguments => typeof value === 'object' && value !== null && typeof (value as OversizedArguments).oversizedBytes === 'number';

/** How one reply went: all of it written and taken by the client, or the client hung up first. */
export interface StubReply {
  complete: boolean;
}

export interface OpenAiStub {
  baseUrl: string;
  requests: StubRequest[];
  replies: StubReply[];
  close(): Promise<void>;
}

export const STUB_USAGE = { prompt_tokens: 1500, completion_tokens: 90, total_tokens: 1590 };

/** The question as the prompt quotes it: `Question: "..."` in the user message. */
function questionOf(body: StubRequest['body']): string {
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const match = /Question: (".*")\s*$/s.exec(user);
  return match?.[1] ? (JSON.parse(match[1]) as string) : '';
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Until the response can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** `prefix`, then `bytes` of "x", then `suffix`, written with back-pressure; stops when the client goes. */
async function streamOversized(res: ServerResponse, prefix: string, bytes: number, suffix: string, declareLength: boolean): Promise<void> {
  const total = Buffer.byteLength(prefix) + bytes + Buffer.byteLength(suffix);
  res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
  res.write(prefix);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  for (let left = bytes; left > 0 && !res.destroyed; ) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    if (!res.write(piece)) await drained(res);
  }
  if (!res.destroyed) res.end(suffix);
}

export async function startOpenAiStub(planFor: PlanFor): Promise<OpenAiStub> {
  const requests: StubRequest[] = [];
  const replies: StubReply[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StubRequest['body'];
      requests.push({ headers: req.headers, body });
      res.on('close', () => replies.push({ complete: res.writableFinished }));
      const args = planFor(questionOf(body)) ?? { kind: 'cannot_answer', entity: null, followUp: false, measures: [], dimensions: [], fields: [], filters: [], timeRange: null, orderBy: [], limit: null, presentation: 'auto' };
      const reply = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: `call_${requests.length}`, type: 'function', function: { name: 'query_plan', arguments: isRaw(args) ? args.rawArguments : isOversized(args) ? '@ARGUMENTS@' : JSON.stringify(args) } }] } }],
        usage: STUB_USAGE,
      };
      if (isOversized(args)) {
        // A JSON string argument ({"kind":"xxx…"}) as large as asked, never built in memory whole.
        const [prefix, suffix] = JSON.stringify(reply).split('"@ARGUMENTS@"') as [string, string];
        void streamOversized(res, `${prefix}"{\\"kind\\":\\"`, args.oversizedBytes, `\\"}"${suffix}`, args.declareLength);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    replies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port that nothing listens on: bound once by the OS, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
