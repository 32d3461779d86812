/**
 * `npm run bench:tokens`: does asking with a signed tenant token cost more than asking with an API key?
 * One api-v1 process (the bench server, loopback, result cache off, rate limit raised) on the 50k demo
 * warehouse; the same question asked under load by autocannon, alternately with a store API key (the
 * context in the body) and with an HS256 tenant token for that key (no context in the body), several
 * rounds each in A/B/B/A order so drift on a shared machine falls on both. The token's extra work per
 * request is a signature check and a key lookup by id, where the key costs a lookup by hash.
 *
 * Prints the p50 of each round and the ratio of the medians; exits 1 when the token p50 is more than 10%
 * above the key p50 (issue 30). A measurement, not a test; the figures go into docs/benchmarks.md by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenantToken } from '@askdata/client';
import { generateApiKey, hashApiKey, keyPrefix, openStore } from '@askdata/db';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { autocannon } from '../loadtest/autocannon-client';
import { SCALE_DEMO } from './lib/config';
import { describeMachine } from './lib/machine';
import { BENCH_SERVER_SCRIPT, startServer } from './lib/server-process';
import { median } from './lib/stats';
import { ensureWarehouse } from './lib/warehouses';

const ROUNDS = Number(process.env.TOKEN_BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.TOKEN_BENCH_SECONDS ?? 15);
const CONNECTIONS = 8;
const QUESTION = 'How many orders are there?';
const CONTEXT = { orgId: 1 };
const SECRET = { kid: 'bench', secret: 'bench-only-signing-secret-0000000000000000' };
const LIMIT = 1.1;

async function main(): Promise<void> {
  const warehouse = ensureWarehouse(SCALE_DEMO);
  const dir = mkdtempSync(join(tmpdir(), 'askdata-bench-tokens-'));
  const storeUrl = `file:${join(dir, 'app.db')}`;
  const store = await openStore(storeUrl);
  const key = generateApiKey();
  const record = await store.apiKeys.create({ name: 'bench', keyHash: hashApiKey(key), prefix: keyPrefix(key) });
  await store.close();
  const server = await startServer(
    { script: BENCH_SERVER_SCRIPT, storeUrl, dataSourceUrl: warehouse.path, semanticModelPath: DEMO_MODEL_PATH, env: { LOG_LEVEL: 'error', TENANT_TOKEN_SECRETS: `${SECRET.kid}:${SECRET.secret}` } },
    { question: QUESTION, context: CONTEXT },
  );
  try {
    const token = await createTenantToken({ keyId: record.id, context: CONTEXT, ttlSeconds: 3600, secret: SECRET });
    const runs = {
      key: { headers: { authorization: `Bearer ${key}` }, body: JSON.stringify({ question: QUESTION, context: CONTEXT }) },
      token: { headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ question: QUESTION }) },
    };
    const p50s: Record<keyof typeof runs, number[]> = { key: [], token: [] };
    const rps: Record<keyof typeof runs, number[]> = { key: [], token: [] };
    // A short warm-up of each path, not counted.
    for (const run of Object.values(runs)) {
      await autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: 3, requests: [{ method: 'POST', path: '/api/v1/conversations/answer', headers: { ...run.headers, 'content-type': 'application/json' }, body: run.body }] });
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      // A-B, then B-A: a machine that speeds up or slows down during the run favours neither.
      for (const name of round % 2 === 0 ? (['key', 'token'] as const) : (['token', 'key'] as const)) {
        const run = runs[name];
        const result = await autocannon({
          url: server.baseUrl,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ method: 'POST', path: '/api/v1/conversations/answer', headers: { ...run.headers, 'content-type': 'application/json' }, body: run.body }],
        });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} round ${round + 1}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        p50s[name].push(result.latency.p50);
        rps[name].push(result.requests.average);
        process.stdout.write(`round ${round + 1} ${name.padEnd(5)} p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s\n`);
      }
    }
    const keyP50 = median(p50s.key);
    const tokenP50 = median(p50s.token);
    const ratio = tokenP50 / keyP50;
    const machine = describeMachine();
    process.stdout.write(
      [
        '',
        `machine: ${JSON.stringify(machine)}`,
        `${ROUNDS} rounds of ${SECONDS} s each, ${CONNECTIONS} connections, "${QUESTION}" on the 50k demo warehouse, result cache off`,
        `p50 with an API key:      median ${keyP50} ms (rounds ${p50s.key.join(', ')}), ${Math.round(median(rps.key))} req/s`,
        `p50 with a tenant token:  median ${tokenP50} ms (rounds ${p50s.token.join(', ')}), ${Math.round(median(rps.token))} req/s`,
        `token / key p50: ${ratio.toFixed(3)} (${ratio <= LIMIT ? 'within' : 'OVER'} the 10% budget)`,
        '',
      ].join('\n'),
    );
    process.exitCode = ratio <= LIMIT ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:tokens failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
