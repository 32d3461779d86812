/**
 * The replicas run's figures from what the client saw (each response's status and latency, when it
 * arrived) and what nginx logged (which replica served each request, and when): statuses, latency per
 * phase, the failures and whether each was a request in flight on the killed replica, and the limit
 * probe's passes per replica.
 */
import { quantileSorted } from '../../bench/lib/stats';
import type { AccessLogEntry } from './nginx';

export interface ResponseEvent {
  atMs: number;
  status: number;
  latencyMs: number;
}

export interface PhaseLatency {
  phase: 'before' | 'during' | 'after';
  fromSeconds: number;
  toSeconds: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

export interface KillTimes {
  startedAtMs: number;
  /** When SIGKILL was sent. */
  killedAtMs: number;
  /** When the driver saw the killed process exit: until then its sockets still took requests. */
  diedAtMs: number;
  restartedAtMs: number;
  endedAtMs: number;
}

export function phaseLatencies(events: readonly ResponseEvent[], times: KillTimes): PhaseLatency[] {
  const bounds: Array<[PhaseLatency['phase'], number, number]> = [
    ['before', times.startedAtMs, times.killedAtMs],
    ['during', times.killedAtMs, times.restartedAtMs],
    ['after', times.restartedAtMs, times.endedAtMs],
  ];
  const seconds = (ms: number) => Math.round((ms - times.startedAtMs) / 100) / 10;
  return bounds.map(([phase, from, to]) => {
    const latencies = events.filter((e) => e.atMs >= from && e.atMs < to).map((e) => e.latencyMs).sort((a, b) => a - b);
    return { phase, fromSeconds: seconds(from), toSeconds: seconds(to), requests: latencies.length, p50Ms: quantileSorted(latencies, 0.5), p99Ms: quantileSorted(latencies, 0.99) };
  });
}

export function statusCounts(events: readonly ResponseEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[String(event.status)] = (counts[String(event.status)] ?? 0) + 1;
  return counts;
}

export interface FailureAttribution {
  /** Requests nginx sent to the killed replica that it had not answered when SIGKILL came, up to its exit (from nginx's log). */
  inFlightOnKilled: number;
  /** Failed requests (5xx from nginx) that nginx had sent to the killed replica as it died. */
  failedOnKilled: number;
  /** Of those: sent before the process was gone (in flight on it). */
  failedInFlightOnKilled: number;
  /** Of those: written to a kept-alive connection of the killed replica just after it was gone, before nginx saw the connection closed (a POST already sent is never retried). */
  failedOnStaleConnection: number;
  /** Any other failed request: must be 0. */
  failedOtherwise: number;
  /** Requests nginx first sent to the killed replica after the kill (connection refused) and then to another: answered. */
  retriedAfterRefusal: number;
  /** The other failures as nginx logged them (ms relative to SIGKILL), to tell what happened. */
  otherFailures: Array<{ startMs: number; endMs: number; status: number; upstreams: string[]; upstreamStatuses: string[] }>;
}

/** How long after SIGKILL a failure on the killed replica still counts as its death (nginx then has marked it failed). */
const DEATH_WINDOW_MS = 5_000;

export function attributeFailures(log: readonly AccessLogEntry[], killed: string, times: KillTimes, isLoad: (entry: AccessLogEntry) => boolean): FailureAttribution {
  const load = log.filter(isLoad);
  const startOf = (entry: AccessLogEntry) => entry.endMs - entry.durationMs;
  const onKilled = (entry: AccessLogEntry) => entry.upstreams.includes(killed);
  // Sent to the killed replica before it was gone, not answered before SIGKILL (nginx logs with ms resolution: 1 ms of slack).
  const inFlight = load.filter((entry) => onKilled(entry) && startOf(entry) <= times.diedAtMs + 1 && entry.endMs >= times.killedAtMs - 1);
  const failed = load.filter((entry) => entry.status >= 500);
  const failedOnKilled = failed.filter(
    (entry) => entry.upstreams[entry.upstreams.length - 1] === killed && entry.endMs >= times.killedAtMs - 1 && entry.endMs <= times.killedAtMs + DEATH_WINDOW_MS,
  );
  const inFlightFailures = failedOnKilled.filter((entry) => startOf(entry) <= times.diedAtMs + 1);
  const retried = load.filter((entry) => entry.upstreams.length > 1 && entry.upstreams[0] === killed && entry.status < 500);
  const others = failed.filter((entry) => !failedOnKilled.includes(entry));
  const otherFailures = others.map((entry) => ({ startMs: Math.round(startOf(entry) - times.killedAtMs), endMs: Math.round(entry.endMs - times.killedAtMs), status: entry.status, upstreams: entry.upstreams, upstreamStatuses: entry.upstreamStatuses }));
  return {
    inFlightOnKilled: inFlight.length,
    failedOnKilled: failedOnKilled.length,
    failedInFlightOnKilled: inFlightFailures.length,
    failedOnStaleConnection: failedOnKilled.length - inFlightFailures.length,
    failedOtherwise: others.length,
    retriedAfterRefusal: retried.length,
    otherFailures,
  };
}

export interface LimitProbe {
  limit: number;
  sent: number;
  passed: number;
  limited: number;
  other: number;
  /** Passed (limited) requests per replica address, from nginx's log. */
  passedByReplica: Record<string, number>;
  limitedByReplica: Record<string, number>;
  /** Any other answer nginx logged for the probe: status and replica. */
  otherByReplica: Record<string, number>;
}

export function limitProbe(limit: number, statuses: readonly number[], log: readonly AccessLogEntry[], isProbe: (entry: AccessLogEntry) => boolean): LimitProbe {
  const passedByReplica: Record<string, number> = {};
  const limitedByReplica: Record<string, number> = {};
  const otherByReplica: Record<string, number> = {};
  for (const entry of log.filter(isProbe)) {
    const replica = entry.upstreams[entry.upstreams.length - 1] ?? '-';
    if (entry.status === 400) passedByReplica[replica] = (passedByReplica[replica] ?? 0) + 1;
    if (entry.status === 429) limitedByReplica[replica] = (limitedByReplica[replica] ?? 0) + 1;
    if (entry.status !== 400 && entry.status !== 429) otherByReplica[`${entry.status} ${entry.upstreams.join(' > ')}`] = (otherByReplica[`${entry.status} ${entry.upstreams.join(' > ')}`] ?? 0) + 1;
  }
  const passed = statuses.filter((status) => status === 400).length;
  const limited = statuses.filter((status) => status === 429).length;
  return { limit, sent: statuses.length, passed, limited, other: statuses.length - passed - limited, passedByReplica, limitedByReplica, otherByReplica };
}
