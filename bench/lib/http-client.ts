/** One POST /api/v1/conversations/answer over a keep-alive loopback connection, timed end to end. */
import { Agent, request } from 'node:http';
import { BENCH_API_KEY } from './config';
import { msSince, nowNs } from './clock';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface AnswerReply {
  status: number;
  ms: number;
  body: string;
}

export const answerPath = '/api/v1/conversations/answer';

export const answerHeaders = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` };

export function postAnswer(baseUrl: string, question: string, context: Record<string, unknown>): Promise<AnswerReply> {
  const body = JSON.stringify({ question, context });
  const url = new URL(answerPath, baseUrl);
  return new Promise((resolve, reject) => {
    const started = nowNs();
    const req = request(url, { method: 'POST', agent, headers: { ...answerHeaders, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: msSince(started), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const closeHttpClient = (): void => agent.destroy();
