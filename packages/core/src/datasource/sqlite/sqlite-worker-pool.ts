/**
 * A small pool of worker threads, each with its own read-only connection to one SQLite file.
 * better-sqlite3 is synchronous and cannot interrupt a statement, so a query runs off the event loop and a
 * hard timeout ends it by terminating its worker (which is then replaced). A slow query therefore never
 * blocks other requests, health checks or shutdown. The timeout covers waiting in the queue too.
 */
import { Worker } from 'node:worker_threads';
import { CoreError } from '../../errors/core-error';
import { sqliteWorkerScript } from './sqlite-worker-script';

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  maxRows: number;
  resolve(rows: Record<string, unknown>[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** A worker is started when a job needs one, so a file that keeps failing cannot cause a restart loop. */
interface Slot {
  worker: Worker | undefined;
  job: Job | undefined;
}

type WorkerReply = { id: number; ok: true; rows: Record<string, unknown>[] } | { id: number; ok: false; message: string; code: string };

export class SqliteWorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    size: number,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: undefined, job: undefined }));
  }

  run(sql: string, parameters: readonly unknown[], maxRows: number, timeoutMs: number): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new CoreError('DATASOURCE_UNAVAILABLE', 'The SQLite data source is closed.'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.timeOut(id, timeoutMs), timeoutMs);
      this.queue.push({ id, sql, parameters, maxRows, resolve, reject, timer });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = (): CoreError => new CoreError('DATASOURCE_UNAVAILABLE', 'The SQLite data source was closed.');
    for (const job of this.queue.splice(0)) this.settle(job, closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) this.settle(slot.job, closedError());
        slot.job = undefined;
        const worker = slot.worker;
        slot.worker = undefined;
        if (worker) await worker.terminate();
      }),
    );
  }

  private startWorker(slot: Slot): Worker {
    const driverPath = require.resolve('better-sqlite3');
    const worker = new Worker(sqliteWorkerScript, { eval: true, workerData: { file: this.file, driverPath } });
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onCrash(slot, worker, error));
    // Idle workers must not keep alive a process that has nothing else to do.
    worker.unref();
    return worker;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker ??= this.startWorker(slot);
      slot.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters, maxRows: job.maxRows });
    }
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    if (reply.ok) this.settle(job, undefined, reply.rows);
    else this.settle(job, sqliteError(reply.code, reply.message, this.file));
    this.pump();
  }

  private onCrash(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    const job = slot.job;
    slot.job = undefined;
    this.discardWorker(slot);
    if (job) this.settle(job, new CoreError('DATASOURCE_UNAVAILABLE', `SQLite worker failed on ${this.file}: ${error.message}`, { cause: error }));
    this.pump();
  }

  private timeOut(id: number, timeoutMs: number): void {
    const error = new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs } });
    const queued = this.queue.findIndex((job) => job.id === id);
    if (queued >= 0) {
      const [job] = this.queue.splice(queued, 1);
      if (job) this.settle(job, error);
      return;
    }
    const slot = this.slots.find((s) => s.job?.id === id);
    if (!slot?.job) return;
    const job = slot.job;
    slot.job = undefined;
    // The statement cannot be interrupted: end the thread; the slot gets a fresh worker on its next job.
    this.discardWorker(slot);
    this.settle(job, error);
    this.pump();
  }

  private discardWorker(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    if (!worker) return;
    worker.removeAllListeners('message');
    worker.removeAllListeners('error');
    worker.on('error', () => undefined);
    void worker.terminate();
  }

  private settle(job: Job, error: Error | undefined, rows: Record<string, unknown>[] = []): void {
    clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(rows);
  }
}

function sqliteError(code: string, message: string, file: string): CoreError {
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_IOERR') {
    return new CoreError('DATASOURCE_UNAVAILABLE', `SQLite file ${file} cannot be read: ${message}`);
  }
  if (code === 'SQLITE_READONLY' || code === 'NOT_A_QUERY') return new CoreError('FORBIDDEN', `Only read-only queries may run: ${message}`);
  return new CoreError('INTERNAL', `SQLite query failed: ${message}`, { details: { driverCode: code } });
}
