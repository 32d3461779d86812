/**
 * An in-process CPU profile (the same V8 sampler as `node --cpu-prof`, driven through the inspector so
 * only the measured loop is recorded), reduced to its top frames by self time for the report.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { REPO_ROOT } from './config';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotFrame {
  frame: string;
  selfPercent: number;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.startsWith('file://') ? relative(REPO_ROOT, url.slice('file://'.length)) : url || 'native';
  // tsx-compiled sources report shifted lines; dependency lines are exact and worth keeping.
  const line = where.includes('node_modules') || where.startsWith('node:') ? `:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where.replace(/^node_modules\//, '')}${line}`;
}

export async function profileTopFrames(work: () => Promise<void>, top = 12): Promise<HotFrame[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return topFrames(profile, top);
  } finally {
    session.disconnect();
  }
}

/**
 * A `.cpuprofile` written by `node --cpu-prof` (the server under load), reduced the same way. Only the
 * samples of the last `windowMs` before `skipLastMs` from the end count, so start-up (module loading) and
 * shutdown do not dilute the load.
 */
export function topFramesOfFile(path: string, window: { lastMs: number; skipLastMs: number }, top = 12): HotFrame[] {
  return topFrames(JSON.parse(readFileSync(path, 'utf8')) as Profile, top, window);
}

/** Self time by function, per sample (each sample is one call path's node), summed by name and file. */
function topFrames(profile: Profile, top: number, window?: { lastMs: number; skipLastMs: number }): HotFrame[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Sample timestamps: cumulative deltas; the last one is (about) endTime.
  const times: number[] = [];
  let at = 0;
  for (const delta of deltas) times.push((at += delta));
  const end = times.at(-1) ?? 0;
  const from = window ? end - (window.lastMs + window.skipLastMs) * 1000 : -Infinity;
  const to = window ? end - window.skipLastMs * 1000 : Infinity;
  const selfHits = new Map<string, number>();
  let total = 0;
  samples.forEach((id, index) => {
    const time = times[index] ?? 0;
    const node = byId.get(id);
    if (!node || time < from || time > to) return;
    total += 1;
    const name = frameName(node);
    selfHits.set(name, (selfHits.get(name) ?? 0) + 1);
  });
  return [...selfHits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([frame, hits]) => ({ frame, selfPercent: (100 * hits) / Math.max(1, total) }));
}

/**
 * Where the server's CPU goes, by layer: each sample is given to the highest-priority layer found anywhere
 * on its stack (the store's Prisma calls beat the HTTP framework that called them, and so on), so the
 * shares are inclusive and add up to 100 %.
 */
export const SERVER_LAYERS: readonly { layer: string; pattern: RegExp }[] = [
  // First, so that a limiter's own store round trip (a shared limit store) counts as the limiter's.
  { layer: 'rate limiter (and its store)', pattern: /rate-limit/ },
  { layer: 'store (Prisma + better-sqlite3/pg)', pattern: /@prisma|packages\/db\/|better-sqlite3|node_modules\/pg/ },
  { layer: 'SQLite worker IPC (serialise, send, receive)', pattern: /node:internal\/child_process|sqlite-worker-pool/ },
  { layer: 'logging (winston)', pattern: /winston|logform|http-kit\/src\/(logger|request-log|redact)/ },
  { layer: 'core pipeline (plan, compile, shape)', pattern: /packages\/core\/src/ },
  { layer: 'HTTP framework (express, auth, zod, JSON)', pattern: /express|router|body-parser|zod|http-kit|apps\/api-v1|packages\/service|node:_http|node:internal\/http|node:net|node:internal\/stream/ },
];

export function layerSharesOfFile(path: string, window: { lastMs: number; skipLastMs: number }): HotFrame[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const times: number[] = [];
  let at = 0;
  for (const delta of profile.timeDeltas ?? []) times.push((at += delta));
  const end = times.at(-1) ?? 0;
  const from = end - (window.lastMs + window.skipLastMs) * 1000;
  const to = end - window.skipLastMs * 1000;
  const counts = new Map<string, number>();
  let total = 0;
  samples.forEach((leaf, index) => {
    const time = times[index] ?? 0;
    if (time < from || time > to) return;
    const stack: string[] = [];
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (node) stack.push(node.callFrame.url || node.callFrame.functionName);
    }
    const leafName = byId.get(leaf)?.callFrame.functionName ?? '';
    const found = SERVER_LAYERS.find(({ pattern }) => stack.some((url) => pattern.test(url)));
    const layer = found?.layer ?? (leafName.startsWith('(') ? leafName : 'other (event loop, timers, GC)');
    total += 1;
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  });
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([frame, n]) => ({ frame, selfPercent: (100 * n) / Math.max(1, total) }));
}
