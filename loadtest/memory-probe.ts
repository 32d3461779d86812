/**
 * Preloaded into the app processes by the load test only (`node --import tsx --import <this file>`), never
 * by the apps themselves: answers the load driver's IPC messages with `process.memoryUsage()` (optionally
 * after a full GC, when the process runs with --expose-gc) or writes a heap snapshot. No HTTP endpoint, no
 * app change; without an IPC channel (a normal start) it does nothing. The channel is unref'd so it never
 * keeps a stopping server alive.
 */
import { writeHeapSnapshot } from 'node:v8';

export type ProbeRequest = { type: 'memory'; id: number; gc?: boolean } | { type: 'heap-snapshot'; id: number; path: string };

export interface ProbeMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export type ProbeReply = { id: number; memory: ProbeMemory } | { id: number; snapshot: string } | { id: number; error: string };

function handle(request: ProbeRequest): ProbeReply {
  if (request.type === 'heap-snapshot') return { id: request.id, snapshot: writeHeapSnapshot(request.path) };
  const gc = (globalThis as { gc?: () => void }).gc;
  if (request.gc && gc) gc();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { id: request.id, memory: { rss, heapUsed, heapTotal, external, arrayBuffers } };
}

const send = process.send?.bind(process);
if (send) {
  process.on('message', (message: ProbeRequest) => {
    if (typeof message !== 'object' || message === null || typeof message.id !== 'number') return;
    try {
      send(handle(message));
    } catch (error) {
      send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.channel?.unref();
}
