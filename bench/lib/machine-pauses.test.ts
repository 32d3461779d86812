import { measureMachinePauses } from './machine-pauses';

/** A clock that advances 1 µs per reading, except for the jumps given (reading index → milliseconds). */
function scriptedClock(jumps: Record<number, number>): () => bigint {
  let readings = 0;
  let now = 0n;
  return () => {
    now += BigInt(Math.round((jumps[readings] ?? 0.001) * 1e6));
    readings++;
    return now;
  };
}

describe('measureMachinePauses', () => {
  it('reports the longest gap between clock readings and counts those of 10 ms or more', () => {
    const pauses = measureMachinePauses(100, scriptedClock({ 5: 25, 9: 12, 20: 4 }));
    expect(pauses).toEqual({ spanMs: 100, longestMs: 25, over10Ms: 2 });
  });

  it('stops once the span has passed', () => {
    const pauses = measureMachinePauses(40, scriptedClock({ 3: 45, 4: 45 }));
    expect(pauses.longestMs).toBe(45);
    expect(pauses.over10Ms).toBe(1);
  });
});
