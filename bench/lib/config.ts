/**
 * Fixed inputs of every benchmark run, so two runs (or two machines) compare: the pinned "now" and seed
 * of the eval set (its relative-time questions then hit the same months), the scales, the limits the
 * service runs with, and where generated files are kept (.tmp is git-ignored; warehouses are reused).
 */
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const CACHE_DIR = join(REPO_ROOT, '.tmp', 'bench');
export const REPORT_PATH = join(REPO_ROOT, 'docs', 'benchmarks.md');
export const DEMO_SET_PATH = join(REPO_ROOT, 'eval', 'sets', 'demo.jsonl');

export const PINNED_NOW = new Date('2026-06-15T12:00:00.000Z');
export const SEED = 20_240_601;
export const MAX_ROWS = 1000;
export const TIMEOUT_MS = 30_000;
/** A key for the benchmark's server processes only (API_KEYS); never a real credential. */
export const BENCH_API_KEY = 'bench-local-key-0000000000';
/** The bench servers' admin key (ADMIN_API_KEYS), for the result cache's invalidate call. */
export const BENCH_ADMIN_KEY = 'bench-admin-key-000000000';

/** Generator scale -> orders: 1 = ~50k (the demo), 10 = ~500k, 100 = ~5M (opt-in with --full). */
export interface ScalePoint {
  label: string;
  scale: number;
}
export const SCALE_DEMO: ScalePoint = { label: '50k', scale: 1 };
export const SCALE_500K: ScalePoint = { label: '500k', scale: 10 };
export const SCALE_5M: ScalePoint = { label: '5M', scale: 100 };

export const warehousePath = (point: ScalePoint): string =>
  join(CACHE_DIR, `demo-s${point.scale}-seed${SEED}-${PINNED_NOW.toISOString().slice(0, 10)}.db`);
