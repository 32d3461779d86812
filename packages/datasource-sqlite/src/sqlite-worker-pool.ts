/**
 * A small pool of worker processes, each with its own read-only connection to one SQLite file.
 * better-sqlite3 is synchronous and cannot interrupt a statement, so queries run off the event loop and a
 * hard timeout kills the worker running it (the slot starts a fresh one for its next job). Processes, not
 * worker threads: Worker#terminate() cannot stop a thread that is inside SQLite's C code (a runaway query
 * keeps burning CPU and then blocks process exit), while SIGKILL always works. A slow query therefore never
 * blocks other requests, health checks or shutdown. The timeout covers waiting in the queue too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CoreError } from '@askdata/core';
import { sqliteWorkerScript } from './sqlite-worker-script';

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  maxRows: number;
  resolve(rows: Record<string, unknown>[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Removes the abort listener once the job is settled. */
  unlisten?: () => void;
}

/** A worker is started when a job needs one, so a file that keeps failing cannot cause a restart loop. */
interface Slot {
  worker: ChildProcess | undefined;
  /** The pool generation the worker was started in; an older one is replaced before its next job. */
  generation: number;
  job: Job | undefined;
}

/** Rows arrive as arrays with the column names once (cheaper to serialise than an object per row). */
type WorkerReply = { id: number; ok: true; columns: string[]; rows: unknown[][] } | { id: number; ok: false; message: string; code: string };

/** Back to the objects better-sqlite3 would have returned: a repeated column name keeps the last value, as there. */
function toObjects(columns: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  return rows.map((cells) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i] as string] = cells[i];
    return row;
  });
}

export class SqliteWorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private generation = 0;

  constructor(
    private readonly file: string,
    size: number,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: undefined, generation: 0, job: undefined }));
  }

  /** `signal`: nobody waits for the rows any more; the job leaves the queue, or its worker is killed, as at a timeout. */
  run(sql: string, parameters: readonly unknown[], maxRows: number, timeoutMs: number, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new CoreError('DATASOURCE_UNAVAILABLE', 'The SQLite data source is closed.'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.stop(id, new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs } })), timeoutMs);
      const job: Job = { id, sql, parameters, maxRows, resolve, reject, timer };
      if (signal) {
        const onAbort = (): void => this.stop(id, abortReason(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        job.unlisten = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /**
   * Starts one worker now rather than at the first query: a worker is a Node process that takes about
   * 0.1 s to start, which a one-question process (the CLI) would otherwise wait for after everything else
   * is ready. Idle workers do not keep the process alive.
   */
  prestart(): void {
    const slot = this.slots[0];
    if (this.closed || !slot || slot.worker) return;
    slot.worker = this.startWorker(slot);
    slot.generation = this.generation;
  }

  /**
   * The file at the path is another file now (replaced by a rename): workers hold the old one open, so
   * each is replaced, idle ones now and busy ones once their running query ends.
   */
  recycle(): void {
    this.generation += 1;
    for (const slot of this.slots) if (!slot.job) this.discardWorker(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = (): CoreError => new CoreError('DATASOURCE_UNAVAILABLE', 'The SQLite data source was closed.');
    for (const job of this.queue.splice(0)) this.settle(job, closedError());
    for (const slot of this.slots) {
      if (slot.job) this.settle(slot.job, closedError());
      slot.job = undefined;
      this.discardWorker(slot);
    }
  }

  private startWorker(slot: Slot): ChildProcess {
    const env = { ...process.env, ASKDATA_SQLITE_DRIVER: require.resolve('better-sqlite3'), ASKDATA_SQLITE_FILE: this.file };
    // stderr is inherited: a worker that cannot even open the file says why in the service's own log.
    const worker = spawn(process.execPath, ['-e', sqliteWorkerScript], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onCrash(slot, worker, error));
    worker.on('exit', (code, signal) => this.onCrash(slot, worker, new Error(`worker exited (${signal ?? code ?? 'unknown'})`)));
    // Idle workers must not keep alive a process that has nothing else to do (a running job's timer does).
    worker.unref();
    worker.channel?.unref();
    return worker;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      if (slot.worker && slot.generation !== this.generation) this.discardWorker(slot);
      if (!slot.worker) {
        slot.worker = this.startWorker(slot);
        slot.generation = this.generation;
      }
      slot.worker.send({ id: job.id, sql: job.sql, parameters: job.parameters, maxRows: job.maxRows });
    }
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    if (reply.ok) {
      this.settle(job, undefined, toObjects(reply.columns, reply.rows));
    } else {
      const error = sqliteError(reply.code, reply.message, this.file);
      // A connection that saw the file broken keeps what it cached of it (an empty schema, say); the next
      // query gets a fresh connection, which reads the file as it is by then.
      if (error.code === 'DATASOURCE_UNAVAILABLE') this.discardWorker(slot);
      this.settle(job, error);
    }
    this.pump();
  }

  private onCrash(slot: Slot, worker: ChildProcess, error: Error): void {
    if (slot.worker !== worker) return;
    const job = slot.job;
    slot.job = undefined;
    this.discardWorker(slot);
    if (job) this.settle(job, new CoreError('DATASOURCE_UNAVAILABLE', `SQLite worker failed on ${this.file}: ${error.message}`, { cause: error }));
    this.pump();
  }

  /** Ends job `id` with `error` at its timeout or when its caller aborts: out of the queue, or its worker killed. */
  private stop(id: number, error: Error): void {
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
    // The statement cannot be interrupted: kill the process; the slot starts a fresh worker on its next job.
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
    worker.removeAllListeners('exit');
    worker.on('error', () => undefined);
    worker.kill('SIGKILL');
  }

  private settle(job: Job, error: Error | undefined, rows: Record<string, unknown>[] = []): void {
    clearTimeout(job.timer);
    job.unlisten?.();
    if (error) job.reject(error);
    else job.resolve(rows);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The query was cancelled.', 'AbortError');
}

function sqliteError(code: string, message: string, file: string): CoreError {
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_IOERR') {
    return new CoreError('DATASOURCE_UNAVAILABLE', `SQLite file ${file} cannot be read: ${message}`);
  }
  if (code === 'SQLITE_READONLY' || code === 'NOT_A_QUERY') return new CoreError('FORBIDDEN', `Only read-only queries may run: ${message}`);
  // The model's tables are not in the file (emptied, or replaced by another database): the data source is
  // not what the service was started on, an outage to report (503, /readyz), not a bug (500).
  if (/^no such (table|column)/.test(message)) return new CoreError('DATASOURCE_UNAVAILABLE', `SQLite file ${file} does not hold the model's tables: ${message}`);
  return new CoreError('INTERNAL', `SQLite query failed: ${message}`, { details: { driverCode: code } });
}
