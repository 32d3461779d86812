/**
 * `npm run loadtest -- --replicas 3`: N api-v1 processes and one ask-legacy on one PostgreSQL store,
 * behind nginx on 127.0.0.1, loaded through nginx by autocannon; one api-v1 replica is killed with SIGKILL
 * at killAt and started again (same port) at restartAt. Then a limit probe: one fresh API key sends more
 * than RATE_LIMIT_PER_MINUTE requests through nginx, and exactly the limit must pass in total across the
 * replicas. Finally the store is audited request by request. Everything started here is stopped here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@askdata/db';
import { freePort } from '../../test-support/postgres-server';
import { autocannonWithEvents } from '../autocannon-client';
import { demoQuestions } from '../questions';
import { startApp, type AppProcess } from '../servers';
import { requireNginx, startNginx, type AccessLogEntry, type RunningNginx } from './nginx';
import { attributeFailures, limitProbe, phaseLatencies, statusCounts, type FailureAttribution, type KillTimes, type LimitProbe, type PhaseLatency, type ResponseEvent } from './replica-analysis';
import { auditStore, type StoreAudit } from './replica-audit';
import { replicaPostgres } from './replica-postgres';
import { replicaRequests, type Acknowledged } from './replica-requests';
import { storeStatsProbe, type StoreStats } from './store-stats';
import { measureTierCosts, type TierCost } from './tier-costs';

export interface ReplicaRunOptions {
  repoRoot: string;
  dataSourceUrl: string;
  semanticModel: string;
  replicas: number;
  connections: number;
  durationSeconds: number;
  killAtSeconds: number;
  restartAtSeconds: number;
  /** RATE_LIMIT_PER_MINUTE of the api-v1 replicas, per API key. */
  limitPerMinute: number;
  /** API keys the load spreads over, so that no key reaches the limit during the load. */
  loadKeys: number;
  /** Admin URL of a running PostgreSQL to create the store on; otherwise a private server is started. */
  postgresAdminUrl?: string;
  /** Requests per side for the nginx-hop measurement before the load (default 300). */
  tierSamples?: number;
}

export interface ReplicaReport {
  settings: Omit<ReplicaRunOptions, 'repoRoot' | 'dataSourceUrl' | 'semanticModel' | 'postgresAdminUrl' | 'tierSamples'> & { postgres: string; nginx: string };
  requests: number;
  throughputPerSecond: number;
  statuses: Record<string, number>;
  /** Requests that got no response at all (socket errors, timeouts). */
  clientErrors: number;
  killedReplica: string;
  /** From SIGKILL to the driver seeing the process exit (requests still reached it until then). */
  killToExitMs: number;
  /** Seconds into the load when the restarted replica listened again. */
  restartedReadyAtSeconds: number;
  failures: FailureAttribution;
  phases: PhaseLatency[];
  store: StoreAudit;
  limit: LimitProbe;
  rssMb: Record<string, number>;
  tierCosts: TierCost[];
  /** WAL, connections and table size on the store during the load (before the limit probe). */
  storeStats: StoreStats;
  answersPerSecond: number;
}

const PROBE_KEY = 'replicas-limit-probe-key-0123456789';
/** Enough keys for the nginx-hop measurement's authenticated requests (two kinds, both sides, warm-up) to stay under the limit. */
const tierKeys = (samples: number, limit: number) => Array.from({ length: Math.ceil((2 * (2 * samples + 20)) / limit) + 1 }, (_, i) => `replicas-tier-cost-key-${i}-0123456789`);
const loadKey = (i: number) => `replicas-load-key-${String(i).padStart(3, '0')}-0123456789`;
const hostPort = (url: string) => new URL(url).host;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function sendProbe(nginxUrl: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < count) {
        next += 1;
        // An empty body: 400 from validation once past the limiter, so a pass costs no query.
        const res = await fetch(`${nginxUrl}/api/v1/conversations/answer?phase=limit-probe`, { method: 'POST', headers: { Authorization: `Bearer ${PROBE_KEY}`, 'Content-Type': 'application/json' }, body: '{}' });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    }),
  );
  return statuses;
}

export async function runReplicas(options: ReplicaRunOptions): Promise<ReplicaReport> {
  // Before anything is started: a missing nginx fails at once, saying how to install it.
  requireNginx();
  const postgres = await replicaPostgres(options.postgresAdminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'askdata-replicas-'));
  const apps: AppProcess[] = [];
  let nginx: RunningNginx | null = null;
  const timers: NodeJS.Timeout[] = [];
  let restarted: Promise<AppProcess> | null = null;
  try {
    // Migrated once here, so the replicas start in parallel on the fast path.
    await migrate(postgres.storeUrl);
    const keys = Array.from({ length: options.loadKeys }, (_, i) => loadKey(i));
    const tierSamples = options.tierSamples ?? 300;
    const tierKeyList = tierKeys(tierSamples, options.limitPerMinute);
    const common = { DATABASE_URL: postgres.storeUrl, DATA_SOURCE_URL: options.dataSourceUrl, SEMANTIC_MODEL: options.semanticModel };
    // Behind nginx: the client address (the failed-key lockout's key) is the one nginx saw.
    const v1Env = { ...common, API_KEYS: [...keys, PROBE_KEY, ...tierKeyList].join(','), RATE_LIMIT_PER_MINUTE: String(options.limitPerMinute), TRUST_PROXY_HOPS: '1' };
    // The legacy app's limits are not what this run measures (one process; tests cover two): raised out of the way.
    const legacyEnv = { ...common, RATE_LIMIT_PER_MINUTE: '1000000', ORG_RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY_HOPS: '1' };
    const started = await Promise.all([...Array.from({ length: options.replicas }, () => startApp(options.repoRoot, 'api-v1', v1Env)), startApp(options.repoRoot, 'ask-legacy', legacyEnv)]);
    apps.push(...started);
    const replicas = started.slice(0, options.replicas);
    const legacy = started[options.replicas] as AppProcess;
    nginx = await startNginx(join(dir, 'nginx'), await freePort(), { apiV1: replicas.map((r) => hostPort(r.url)), legacy: hostPort(legacy.url) });

    // Sequential, before the load: the nginx hop against going straight to a replica.
    const tierCosts = await measureTierCosts(replicas[0]?.url as string, nginx.url, tierKeyList, tierSamples);

    const stats = await storeStatsProbe(postgres.storeUrl);
    const victimIndex = 1 % options.replicas;
    const victim = replicas[victimIndex] as AppProcess;
    const killed = hostPort(victim.url);
    const events: ResponseEvent[] = [];
    const acknowledged: Acknowledged = { v1: [], legacy: [], failed: [] };
    let clientErrors = 0;
    const startedAtMs = Date.now();
    const times: KillTimes = { startedAtMs, killedAtMs: 0, diedAtMs: 0, restartedAtMs: 0, endedAtMs: 0 };
    victim.child.once('exit', () => (times.diedAtMs = Date.now()));
    let restartReadyAtMs = 0;
    // Connections to the store while all replicas serve the load (the peak of these samples is reported).
    timers.push(setInterval(() => void stats.connections().catch(() => undefined), 2_000));
    timers.push(setTimeout(() => {
      times.killedAtMs = Date.now();
      victim.child.kill('SIGKILL');
    }, options.killAtSeconds * 1000));
    timers.push(setTimeout(() => {
      times.restartedAtMs = Date.now();
      restarted = startApp(options.repoRoot, 'api-v1', { ...v1Env, PORT: new URL(victim.url).port }).then((app) => {
        restartReadyAtMs = Date.now();
        apps.push(app);
        return app;
      });
    }, options.restartAtSeconds * 1000));
    const result = await autocannonWithEvents(
      { url: nginx.url, connections: options.connections, duration: options.durationSeconds, timeout: 30, requests: replicaRequests(demoQuestions(options.repoRoot), keys, acknowledged) },
      { response: (status, latencyMs) => events.push({ atMs: Date.now(), status, latencyMs }), error: () => (clientErrors += 1) },
    );
    times.endedAtMs = Date.now();
    for (const timer of timers) clearTimeout(timer);
    const storeStats = await stats.finish();
    if (restarted === null) throw new Error(`the load ended before the restart at ${options.restartAtSeconds} s`);
    await restarted;
    // nginx stops sending to a failed replica for fail_timeout (2 s): let it see the restarted one before the probe.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const extra = Math.max(50, Math.round(options.limitPerMinute / 4));
    const probeStatuses = await sendProbe(nginx.url, options.limitPerMinute + extra);
    const log: AccessLogEntry[] = nginx.accessLog();
    const isProbe = (entry: AccessLogEntry) => entry.uri.includes('phase=limit-probe');
    const rssMb: Record<string, number> = {};
    for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) rssMb[`${app.name} ${hostPort(app.url)}`] = mb(app.rssBytes());
    return {
      settings: { replicas: options.replicas, connections: options.connections, durationSeconds: options.durationSeconds, killAtSeconds: options.killAtSeconds, restartAtSeconds: options.restartAtSeconds, limitPerMinute: options.limitPerMinute, loadKeys: options.loadKeys, postgres: postgres.version, nginx: 'Debian nginx' },
      requests: events.length + clientErrors,
      throughputPerSecond: Math.round(result.requests.average * 10) / 10,
      statuses: statusCounts(events),
      clientErrors,
      killedReplica: killed,
      restartedReadyAtSeconds: Math.round((restartReadyAtMs - startedAtMs) / 100) / 10,
      killToExitMs: times.diedAtMs - times.killedAtMs,
      failures: attributeFailures(log, killed, times, (entry) => !isProbe(entry) && entry.endMs <= times.endedAtMs + 1_000 && entry.uri !== '/healthz'),
      phases: phaseLatencies(events, times),
      store: await auditStore(postgres.storeUrl, acknowledged),
      limit: limitProbe(options.limitPerMinute, probeStatuses, log, isProbe),
      rssMb,
      tierCosts,
      storeStats,
      answersPerSecond: Math.round(((acknowledged.v1.length + acknowledged.legacy.length) / ((times.endedAtMs - startedAtMs) / 1000)) * 10) / 10,
    };
  } finally {
    for (const timer of timers) clearTimeout(timer);
    // A replica still starting when something failed is waited for, so it is stopped with the others.
    await (restarted as Promise<AppProcess> | null)?.catch(() => undefined);
    await nginx?.stop();
    for (const app of apps) await app.stop();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
