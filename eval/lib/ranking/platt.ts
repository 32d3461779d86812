/**
 * Platt scaling: confidence = sigmoid(a·logit(p) + b), fitted on held-out predictions p with their
 * outcomes by Newton's method on the log-loss (two parameters: deterministic, a dozen steps).
 *
 * Platt rather than isotonic regression: a few thousand samples, and a calibration map that should be
 * monotone and smooth. Isotonic fits a step function with one step per block of samples, so with this
 * few it would put steps where the data happen to break, and a step near the threshold (0.5) would move
 * whole groups of answers across it on a sample's whim; two parameters cannot overfit that way.
 * The targets are Platt's smoothed ones ((N₊+1)/(N₊+2) and 1/(N₋+2)), so a perfectly separated sample
 * still gives finite parameters.
 */
import { logit } from '@askdata/core';

export interface PlattParameters {
  a: number;
  b: number;
}

export function fitPlatt(samples: ReadonlyArray<{ p: number; right: boolean }>): PlattParameters {
  const positives = samples.filter((s) => s.right).length;
  const negatives = samples.length - positives;
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (negatives + 2);
  const xs = samples.map((s) => logit(s.p));
  const ts = samples.map((s) => (s.right ? high : low));
  let a = 1;
  let b = 0;
  for (let step = 0; step < 100; step++) {
    // Gradient and Hessian of Σ -[t log q + (1-t) log(1-q)], q = sigmoid(a x + b); a tiny ridge keeps it invertible.
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    xs.forEach((x, i) => {
      const q = 1 / (1 + Math.exp(-(a * x + b)));
      const d = q - ts[i]!;
      const v = q * (1 - q);
      ga += d * x;
      gb += d;
      haa += v * x * x;
      hab += v * x;
      hbb += v;
    });
    const det = haa * hbb - hab * hab;
    if (det <= 0) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}
