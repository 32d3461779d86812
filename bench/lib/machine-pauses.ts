/**
 * The machine's own pauses: how long a loop that does nothing but read the clock is kept from running. On a
 * virtual machine sharing its host, the whole guest is stopped now and then (here, for up to about 50 ms a few
 * times a second), and any measurement that spans such a stop inherits it. Measured in the same process and
 * run as the figures it is printed beside, so a reader can tell a slow plan from a stopped machine.
 */
import { nowNs } from './clock';

export interface MachinePauses {
  /** How long the loop ran, in milliseconds. */
  spanMs: number;
  /** The longest gap between two consecutive clock readings, in milliseconds. */
  longestMs: number;
  /** Gaps of 10 ms or more: each one would have added as much to whatever was being timed. */
  over10Ms: number;
}

/**
 * Spins for `spanMs` (synchronously: this is the point), recording the gaps between clock readings.
 * `clock` is the monotonic clock in nanoseconds; tests give a scripted one.
 */
export function measureMachinePauses(spanMs: number, clock: () => bigint = nowNs): MachinePauses {
  const started = clock();
  let last = started;
  let longestMs = 0;
  let over10Ms = 0;
  for (;;) {
    const now = clock();
    const gapMs = Number(now - last) / 1e6;
    if (gapMs > longestMs) longestMs = gapMs;
    if (gapMs >= 10) over10Ms++;
    last = now;
    if (Number(now - started) / 1e6 >= spanMs) break;
  }
  return { spanMs, longestMs, over10Ms };
}
