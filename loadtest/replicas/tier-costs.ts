/**
 * What the nginx hop costs, measured in the replicas setup before the load (the system otherwise idle):
 * the same requests one at a time straight to a replica and through nginx, interleaved, medians in ms.
 * Three requests: GET /healthz (no auth, no store, no limiter), an answer request with an empty body (auth
 * and the shared limiter, then a 400), and a real answer (all of it: the pipeline and the store write). The difference of the medians is the hop. These answers carry no load
 * marker, so the store audit leaves them out.
 */
import { quantileSorted } from '../../bench/lib/stats';

export interface TierCost {
  request: string;
  samples: number;
  directMedianMs: number;
  viaNginxMedianMs: number;
  nginxHopMs: number;
}

async function timed(send: () => Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer();
  if (res.status !== expected) throw new Error(`tier cost probe: status ${res.status}, expected ${expected}`);
  return performance.now() - started;
}

async function compare(request: string, expected: number, samples: number, send: (base: string) => Promise<Response>, direct: string, nginx: string): Promise<TierCost> {
  const straight: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < 20; i += 1) await timed(() => send(i % 2 === 0 ? direct : nginx), expected);
  for (let i = 0; i < samples; i += 1) {
    straight.push(await timed(() => send(direct), expected));
    proxied.push(await timed(() => send(nginx), expected));
  }
  const median = (values: number[]) => quantileSorted([...values].sort((a, b) => a - b), 0.5);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { request, samples, directMedianMs: round(median(straight)), viaNginxMedianMs: round(median(proxied)), nginxHopMs: round(median(proxied) - median(straight)) };
}

/** `apiKeys` take turns, so the answers stay under the per-key limit. */
export async function measureTierCosts(direct: string, nginx: string, apiKeys: readonly string[], samples: number): Promise<TierCost[]> {
  let turn = 0;
  const answer = (body: unknown) => (base: string) =>
    fetch(`${base}/api/v1/conversations/answer`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKeys[(turn += 1) % apiKeys.length]}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return [
    await compare('GET /healthz (no auth, no store)', 200, samples, (base) => fetch(`${base}/healthz`), direct, nginx),
    await compare('POST answer with an empty body (auth, the shared limiter, 400)', 400, samples, answer({}), direct, nginx),
    await compare('POST answer "How many orders are there?" (all of it)', 200, samples, answer({ question: 'How many orders are there?', context: { orgId: 1 } }), direct, nginx),
  ];
}
