/** The replicas run as text (markdown tables, as pasted into docs/scale.md) and its pass/fail verdict. */
import type { ReplicaReport } from './replica-run';

/** What must hold; an empty list means the run passed. */
export function replicaProblems(report: ReplicaReport): string[] {
  const problems: string[] = [];
  const { failures, store, limit } = report;
  if (store.lost > 0) problems.push(`${store.lost} answers acknowledged with 200 are not stored`);
  if (store.duplicated > 0) problems.push(`${store.duplicated} requests were stored more than once`);
  if (failures.failedOtherwise > 0) problems.push(`${failures.failedOtherwise} requests failed that were not in flight on the killed replica: ${JSON.stringify(failures.otherFailures)}`);
  if (report.clientErrors > 0) problems.push(`${report.clientErrors} requests got no response at all`);
  const non200 = Object.entries(report.statuses).filter(([status]) => status !== '200' && Number(status) < 500);
  if (non200.length > 0) problems.push(`unexpected statuses during the load: ${non200.map(([s, n]) => `${s} x ${n}`).join(', ')}`);
  if (limit.passed !== limit.limit || limit.other > 0) problems.push(`limit probe: ${limit.passed} passed of ${limit.sent} (limit ${limit.limit}), ${limit.other} other statuses ${JSON.stringify(limit.otherByReplica)}`);
  if (Object.keys(limit.passedByReplica).length < report.settings.replicas) problems.push(`limit probe reached ${Object.keys(limit.passedByReplica).length} of ${report.settings.replicas} replicas`);
  if (store.unacknowledged - store.storedButFailed > report.settings.connections) problems.push(`${store.unacknowledged - store.storedButFailed} stored answers were never answered at all: more than one per connection in flight when the load stopped`);
  return problems;
}

export function formatReplicaReport(report: ReplicaReport): string {
  const s = report.settings;
  const lines = [
    `askdata replicas run: ${s.replicas} api-v1 + 1 ask-legacy on one PostgreSQL ${s.postgres} store behind ${s.nginx}; ${s.connections} connections x ${s.durationSeconds} s; replica ${report.killedReplica} SIGKILLed at ${s.killAtSeconds} s (gone ${report.killToExitMs} ms later), restarted at ${s.restartAtSeconds} s (listening again at ${report.restartedReadyAtSeconds} s); RATE_LIMIT_PER_MINUTE ${s.limitPerMinute} per key, load spread over ${s.loadKeys} keys`,
    '',
    `requests ${report.requests} (${report.throughputPerSecond} req/s); statuses ${Object.entries(report.statuses).map(([status, n]) => `${status}: ${n}`).join(', ')}; no response: ${report.clientErrors}`,
    `failures: ${report.failures.failedOnKilled} failed (502), all sent to the killed replica as it died: ${report.failures.failedInFlightOnKilled} in flight on it (${report.failures.inFlightOnKilled} requests were in flight on it from SIGKILL until it was gone), ${report.failures.failedOnStaleConnection} written to a kept-alive connection of it before nginx saw the connection close; ${report.failures.failedOtherwise} other failures; ${report.failures.retriedAfterRefusal} requests refused by the dead replica were passed to another and answered`,
    '',
    '| phase | s | requests | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
    ...report.phases.map((p) => `| ${p.phase} the kill | ${p.fromSeconds}–${p.toSeconds} | ${p.requests} | ${Math.round(p.p50Ms)} | ${Math.round(p.p99Ms)} |`),
    '',
    `store: v1 ${report.store.v1.acknowledged} acknowledged, ${report.store.v1.stored} stored; legacy ${report.store.legacy.acknowledged} acknowledged, ${report.store.legacy.stored} stored; lost ${report.store.lost}, duplicated ${report.store.duplicated}, stored without a 200 ${report.store.unacknowledged} (${report.store.storedButFailed} committed by the killed replica before it died, the client got a 502; the rest in flight when the load stopped)`,
    `limit probe: one key sent ${report.limit.sent} requests through nginx with RATE_LIMIT_PER_MINUTE ${report.limit.limit}: ${report.limit.passed} passed (by replica: ${Object.entries(report.limit.passedByReplica).map(([r, n]) => `${r} ${n}`).join(', ')}), ${report.limit.limited} answered 429 (by replica: ${Object.entries(report.limit.limitedByReplica).map(([r, n]) => `${r} ${n}`).join(', ')})`,
    `nginx hop (before the load, one request at a time, medians): ${report.tierCosts.map((t) => `${t.request}: ${t.directMedianMs} ms straight to a replica, ${t.viaNginxMedianMs} ms through nginx (+${t.nginxHopMs} ms), ${t.samples} each`).join('; ')}`,
    `store during the load: ${report.answersPerSecond} answers/s acknowledged; WAL ${Math.round(report.storeStats.walBytes / 1024 / 1024)} MB (${Math.round(report.storeStats.walBytes / Math.max(1, report.store.v1.stored + report.store.legacy.stored))} bytes per stored answer, limiter updates included); peak connections to the store: ${Object.entries(report.storeStats.connectionsByApplication).map(([app, n]) => `${app} ${n}`).join(', ')}; "Answer" table ${report.storeStats.answerBytesPerRow} bytes per answer (with indexes and TOAST); ${report.storeStats.rateLimitRows} rate-limit rows`,
    `RSS at the end, MB: ${Object.entries(report.rssMb).map(([app, n]) => `${app} ${n}`).join(', ')}`,
  ];
  const problems = replicaProblems(report);
  lines.push('', problems.length === 0 ? 'PASS: 0 lost, 0 duplicated, failures only in flight on the killed replica, the limit held across the replicas' : `FAIL:\n- ${problems.join('\n- ')}`);
  return lines.join('\n');
}
