/**
 * A deadline that a blocked event loop cannot trip on its own. A timer that falls due while the loop is
 * blocked (a long synchronous task, a GC pause) runs as soon as the loop is free, in the timers phase,
 * before the poll phase reads the sockets: with a plain setTimeout every call in flight during a freeze
 * longer than the deadline "times out", although the store answered long before. That is how the
 * limiter's calls failed after any freeze over 1 s (issue 25, item 6).
 *
 * Here the expired timer only schedules the rejection with setImmediate, which runs after the next poll
 * phase: a reply that arrived during the freeze is read first and wins. A store that really has not
 * answered still fails one loop turn after the deadline.
 */
export class DeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new DeadlineExceeded(ms));
      });
    }, ms);
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
