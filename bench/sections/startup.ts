/**
 * Start-up to first answer with the real apps/api-v1/src/server.ts: process start -> first 200 on a real
 * question, the warehouse already built. The first start also creates and migrates a fresh store; the
 * restarts reuse it, as a deployment does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import type { BenchQuestion } from '../lib/questions';
import { REAL_SERVER_SCRIPT, rssMb, startServer } from '../lib/server-process';

export interface StartupReport {
  freshStoreMs: number;
  restartMs: number[];
  idleRssMb: number;
  idleWorkersRssMb: number;
}

export async function benchStartup(warehousePath: string, first: BenchQuestion, restarts: number): Promise<StartupReport> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-bench-start-'));
  const options = { script: REAL_SERVER_SCRIPT, storeUrl: `file:${join(dir, 'app.db')}`, dataSourceUrl: warehousePath, semanticModelPath: DEMO_MODEL_PATH };
  try {
    const fresh = await startServer(options, first);
    await fresh.stop();
    const restartMs: number[] = [];
    let idle = { server: 0, workers: 0 };
    for (let i = 0; i < restarts; i++) {
      const server = await startServer(options, first);
      restartMs.push(server.startToFirstAnswerMs);
      await new Promise((resolve) => setTimeout(resolve, 500)); // settle, then read idle RSS
      idle = rssMb(server.pid);
      await server.stop();
    }
    return { freshStoreMs: fresh.startToFirstAnswerMs, restartMs, idleRssMb: idle.server, idleWorkersRssMb: idle.workers };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
