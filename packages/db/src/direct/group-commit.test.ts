import { groupCommit } from './group-commit';

/** A flush that records each batch and commits when released, like a round trip to the database. */
function recorder() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const flush = (items: readonly number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push([...items]);
      pending.push(() => (items.includes(13) ? reject(new Error('unique violation')) : resolve()));
    });
  const releaseAll = async () => {
    while (pending.length > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batches, flush, releaseAll };
}

describe('groupCommit', () => {
  it('writes a lone item at once, and those that arrive during a commit together in the next one', async () => {
    const r = recorder();
    const group = groupCommit(r.flush, 10);
    const first = group.write(1);
    expect(r.batches).toEqual([[1]]);
    const rest = [group.write(2), group.write(3), group.write(4)];
    await r.releaseAll();
    await Promise.all([first, ...rest]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('acknowledges nothing before its commit returned', async () => {
    const r = recorder();
    const group = groupCommit(r.flush, 10);
    let stored = false;
    void group.write(1).then(() => (stored = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored).toBe(false);
    await r.releaseAll();
    expect(stored).toBe(true);
  });

  it('retries a failed combined write item by item, so only the bad item fails', async () => {
    const r = recorder();
    const group = groupCommit(r.flush, 10);
    const first = group.write(1);
    const outcomes = [12, 13, 14].map((n) => group.write(n).then(() => 'stored', (error: Error) => error.message));
    await r.releaseAll();
    await first;
    expect(await Promise.all(outcomes)).toEqual(['stored', 'unique violation', 'stored']);
    expect(r.batches).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it('caps a batch at maxBatch items', async () => {
    const r = recorder();
    const group = groupCommit(r.flush, 2);
    const all = [1, 2, 3, 4, 5].map((n) => group.write(n));
    await r.releaseAll();
    await Promise.all(all);
    expect(r.batches).toEqual([[1], [2, 3], [4, 5]]);
  });
});
