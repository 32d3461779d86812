/**
 * Group commit: writes that arrive while one is being committed wait for it and then go together, as
 * one statement in one commit. A write that finds the store idle goes at once, so a lone request waits
 * for nothing; under load, N concurrent answers cost one round trip and one commit instead of N. A caller
 * is only told "stored" once the commit that holds its row has returned, and when a combined write fails
 * each of its writes is retried alone, so one bad row (a unique violation) fails only its own caller.
 */
export type Flush<T> = (items: readonly T[]) => Promise<void>;

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<T> {
  write(item: T): Promise<void>;
}

export function groupCommit<T>(flush: Flush<T>, maxBatch: number): GroupCommit<T> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('groupCommit: maxBatch must be a positive integer');
  const queue: Waiting<T>[] = [];
  let flushing = false;

  async function flushOne(batch: Waiting<T>[]): Promise<void> {
    try {
      await flush(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Nothing of the combined write was stored (one statement, one transaction): each on its own.
      for (const w of batch) await flushOne([w]);
    }
  }

  async function drain(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) await flushOne(queue.splice(0, maxBatch));
    } finally {
      flushing = false;
    }
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!flushing) void drain();
      });
    },
  };
}
