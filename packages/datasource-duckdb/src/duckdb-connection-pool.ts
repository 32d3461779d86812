/**
 * A few connections to one DuckDB instance, each running one query at a time (DuckDB runs queries of
 * different connections in parallel, and each query on its own threads). The statement time limit is
 * DuckDB's own interrupt(): at the deadline the running query is interrupted and the connection is ready
 * for the next one; a query still waiting for a connection at its deadline is dropped from the queue.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { CoreError } from '@askdata/core';
import { driverMessage } from './duckdb-errors';

interface Waiter {
  resolve(connection: DuckDBConnection): void;
  reject(error: Error): void;
}

export class DuckdbConnectionPool {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Waiter[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly size: number,
  ) {}

  /** Runs `work` on a connection within `timeoutMs` (queueing included); interrupts it at the deadline. */
  async run<T>(timeoutMs: number, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    let timedOut = false;
    let current: DuckDBConnection | undefined;
    const waiter: { entry?: Waiter } = {};
    const timer = setTimeout(() => {
      timedOut = true;
      if (current !== undefined) current.interrupt();
      else if (waiter.entry !== undefined) {
        const index = this.waiting.indexOf(waiter.entry);
        if (index >= 0) this.waiting.splice(index, 1);
        waiter.entry.reject(timeoutError(timeoutMs));
      }
    }, timeoutMs);
    try {
      const connection = await this.acquire(waiter);
      current = connection;
      try {
        return await work(connection);
      } catch (error) {
        if (timedOut) throw timeoutError(timeoutMs);
        throw error;
      } finally {
        current = undefined;
        this.release(connection);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new CoreError('DATASOURCE_UNAVAILABLE', 'The DuckDB data source was closed.'));
    for (const connection of this.idle.splice(0)) connection.closeSync();
  }

  private async acquire(waiter: { entry?: Waiter }): Promise<DuckDBConnection> {
    if (this.closed) throw new CoreError('DATASOURCE_UNAVAILABLE', 'The DuckDB data source is closed.');
    const idle = this.idle.pop();
    if (idle !== undefined) return idle;
    if (this.open < this.size) {
      this.open += 1;
      try {
        return await this.instance.connect();
      } catch (error) {
        this.open -= 1;
        throw new CoreError('DATASOURCE_UNAVAILABLE', `DuckDB connection failed: ${driverMessage(error)}`, { cause: error });
      }
    }
    return new Promise((resolve, reject) => {
      waiter.entry = { resolve, reject };
      this.waiting.push(waiter.entry);
    });
  }

  private release(connection: DuckDBConnection): void {
    if (this.closed) {
      connection.closeSync();
      this.open -= 1;
      return;
    }
    const next = this.waiting.shift();
    if (next !== undefined) next.resolve(connection);
    else this.idle.push(connection);
  }
}

function timeoutError(timeoutMs: number): CoreError {
  return new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs } });
}
