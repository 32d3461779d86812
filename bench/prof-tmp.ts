import { Session } from 'node:inspector/promises';
import { createRulesPlanner, resolveTenantScope } from '@askdata/core';
import { createAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { loadBenchQuestions } from './lib/questions';
import { ensureWarehouse } from './lib/warehouses';
import { SCALE_DEMO, PINNED_NOW } from './lib/config';
async function main() {
  const wh = ensureWarehouse(SCALE_DEMO);
  const deps = await createAnswerDeps({ dataSourceUrl: wh.path, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: 100, timeoutMs: 10000, clock: () => PINNED_NOW });
  const planner = createRulesPlanner({ model: deps.model });
  const qs = loadBenchQuestions().filter((q) => q.chain === undefined);
  const inputs = [];
  for (const q of qs) inputs.push({ question: q.question, history: [], now: PINNED_NOW, timezone: 'UTC', values: await deps.tenantValues(resolveTenantScope(deps.model, q.context)) });
  for (let r = 0; r < 5; r++) for (const i of inputs) planner.planSync(i as never);
  const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 50 }); await s.post('Profiler.start');
  for (let r = 0; r < 20; r++) for (const i of inputs) planner.planSync(i as never);
  const { profile } = await s.post('Profiler.stop') as any;
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const target = process.argv[2] ?? 'wordsOf';
  const callers = new Map<string, number>();
  for (const [id, c] of counts) {
    const n: any = byId.get(id);
    if (n.callFrame.functionName !== target) continue;
    let p: any = byId.get(parent.get(id)!); let chain = [];
    for (let k = 0; k < 3 && p; k++) { chain.push(p.callFrame.functionName + ':' + p.callFrame.url.split('/').slice(-1)[0]); p = byId.get(parent.get(p.id)!); }
    const key = chain.join(' < ');
    callers.set(key, (callers.get(key) ?? 0) + c);
  }
  const byFile = new Map<string, number>();
  for (const [id, c] of counts) { const n: any = byId.get(id); const f = n.callFrame.url.split('/').slice(-2).join('/') || n.callFrame.functionName; byFile.set(f, (byFile.get(f) ?? 0) + c); }
  console.log('self by file:'); for (const [k, c] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((100 * c / total).toFixed(1) + '%', k);
  const byFn = new Map<string, number>();
  for (const [id, c] of counts) { const n: any = byId.get(id); const f = n.callFrame.url.split('/').slice(-2).join('/'); if (!/read-question|draft|apply|resolver|rules-planner|reading\.ts|interpretation/.test(f)) continue; const k = f + ' ' + n.callFrame.functionName + ':' + n.callFrame.lineNumber; byFn.set(k, (byFn.get(k) ?? 0) + c); }
  console.log('framework functions:'); for (const [k, c] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((100 * c / total).toFixed(2) + '%', k);
  console.log(target, 'callers:'); for (const [k, c] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((100 * c / total).toFixed(1) + '%', k);
  await deps.close();
}
main();
