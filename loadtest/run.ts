/**
 * `npm run loadtest [-- --connections 50 --duration 60 --max-requests N --sample-seconds 5
 * --heap-snapshots DIR --json]`: loads both apps on loopback with the demo question set and prints
 * throughput, p50/p99 latency, errors, RSS before/after, an RSS / heap series (start, every 10 s, end)
 * with the heap retained after a full GC before and after, and the store check. Exits 1 if any request
 * failed or any answer was lost or duplicated.
 *
 * `npm run loadtest -- --replicas 3 [--connections 50 --duration 60 --kill-at S --restart-at S --limit N
 * --load-keys K --pg-url URL --json]`: the replicas run instead (replicas/replica-run.ts): N api-v1
 * processes and one ask-legacy on one PostgreSQL store behind nginx, one replica killed at a third of
 * the duration and restarted at two thirds. Exits 1 unless 0 answers were lost or duplicated, only
 * requests in flight on the killed replica failed, and exactly --limit requests of one key passed.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { DEMO_MODEL_PATH, defaultDemoWarehousePath, ensureDemoWarehouse } from '@askdata/demo-data';
import { findRepoRoot } from '@askdata/env';
import { runLoad, type AppLoad, type LoadReport } from './load-run';
import { formatReplicaReport, replicaProblems } from './replicas/replica-report';
import { runReplicas } from './replicas/replica-run';

/**
 * `RSS/heap total/heap used` MB at start, at every whole 10 s and at the end. RSS minus heap total is
 * what lives outside the V8 heap (code, SQLite, buffers); heap used after a full GC is what is retained.
 */
export function formatMemorySeries(app: AppLoad): string {
  const last = app.memory.length - 1;
  const shown = app.memory.filter((s, i) => i === 0 || i === last || (Math.round(s.atSeconds) % 10 === 0 && app.memory[last]!.atSeconds - s.atSeconds > 2));
  const points = shown.map((s, i) => `${i === shown.length - 1 ? 'end ' : ''}${Math.round(s.atSeconds)}s ${s.rssMb}/${s.heapTotalMb ?? '?'}/${s.heapUsedMb ?? '?'}`);
  return `memory ${app.app} (s: RSS/heap total/heap used MB): ${points.join(', ')}; heap used after full GC: before ${app.heapAfterGcBeforeMb ?? '?'} MB, after ${app.heapAfterGcAfterMb ?? '?'} MB`;
}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export function formatReport(report: LoadReport, settings: string): string {
  const lines = [`askdata load test: ${settings}; ${cpus().length} cores, Node ${process.version}`, ''];
  lines.push('| app | requests | req/s | p50 ms | p99 ms | 200 | non-2xx | errors | timeouts | RSS before MB | RSS after MB |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const a of report.apps) {
    lines.push(`| ${a.app} | ${a.requests} | ${a.throughputPerSecond} | ${a.latencyP50Ms} | ${a.latencyP99Ms} | ${a.ok} | ${a.non2xx} | ${a.errors} | ${a.timeouts} | ${a.rssBeforeMb} | ${a.rssAfterMb} |`);
  }
  lines.push('');
  for (const a of report.apps) lines.push(formatMemorySeries(a));
  const s = report.store;
  lines.push('', `store: v1 ${s.v1.answered} answered / ${s.v1.stored} stored (missing ids ${s.v1.missingIds}, duplicate ids ${s.v1.duplicateIds}); legacy ${s.legacy.answered} answered / ${s.legacy.stored} stored; in flight at stop ${s.inFlightAtStop}; lost ${s.lost}, duplicated ${s.duplicated}`);
  return lines.join('\n');
}

const OPTIONS = {
  connections: { type: 'string' },
  duration: { type: 'string' },
  'max-requests': { type: 'string' },
  'sample-seconds': { type: 'string' },
  'heap-snapshots': { type: 'string' },
  json: { type: 'boolean' },
  replicas: { type: 'string' },
  'kill-at': { type: 'string' },
  'restart-at': { type: 'string' },
  limit: { type: 'string' },
  'load-keys': { type: 'string' },
  'pg-url': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

async function replicasMain(values: Values, repoRoot: string, warehouse: string): Promise<void> {
  const durationSeconds = positive('duration', values.duration, 60);
  const killAtSeconds = positive('kill-at', values['kill-at'], Math.max(1, Math.round(durationSeconds / 3)));
  const restartAtSeconds = positive('restart-at', values['restart-at'], Math.max(killAtSeconds + 1, Math.round((2 * durationSeconds) / 3)));
  if (restartAtSeconds >= durationSeconds || killAtSeconds >= restartAtSeconds) throw new Error('--kill-at < --restart-at < --duration is required');
  const report = await runReplicas({
    repoRoot,
    dataSourceUrl: warehouse,
    semanticModel: DEMO_MODEL_PATH,
    replicas: positive('replicas', values.replicas, 3),
    connections: positive('connections', values.connections, 50),
    durationSeconds,
    killAtSeconds,
    restartAtSeconds,
    limitPerMinute: positive('limit', values.limit, 2000),
    loadKeys: positive('load-keys', values['load-keys'], 50),
    ...(values['pg-url'] ? { postgresAdminUrl: values['pg-url'] } : {}),
  });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReplicaReport(report)}\n`);
  process.exit(replicaProblems(report).length > 0 ? 1 : 0);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: OPTIONS });
  const repoRoot = findRepoRoot(__dirname);
  if (values.replicas !== undefined) {
    const warehouse = defaultDemoWarehousePath();
    ensureDemoWarehouse(warehouse);
    return replicasMain(values, repoRoot, warehouse);
  }
  const connections = positive('connections', values.connections, 50);
  const durationSeconds = positive('duration', values.duration, 60);
  const maxRequests = values['max-requests'] === undefined ? undefined : positive('max-requests', values['max-requests'], 1);
  const sampleSeconds = positive('sample-seconds', values['sample-seconds'], 5);
  const warehouse = defaultDemoWarehousePath();
  ensureDemoWarehouse(warehouse);
  const report = await runLoad({ repoRoot, dataSourceUrl: warehouse, semanticModel: DEMO_MODEL_PATH, connections, durationSeconds, sampleSeconds, ...(maxRequests ? { maxRequests } : {}), ...(values['heap-snapshots'] ? { heapSnapshotDir: values['heap-snapshots'] } : {}) });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report, `${connections} connections x ${durationSeconds} s per app`)}\n`);
  const failed = report.apps.some((a) => a.non2xx + a.errors + a.timeouts > 0) || report.store.lost + report.store.duplicated > 0;
  process.exit(failed ? 1 : 0);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`loadtest failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
