/**
 * Public entry points. Both build into a private temp file beside the target and only then publish it, so a
 * reader (or a concurrently starting process) never sees a half-written database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { writeWarehouse, type WarehouseSummary } from './write-warehouse';

export const DEFAULT_SEED = 20_240_601;

export interface GenerateDemoWarehouseOptions {
  path: string;
  /** Multiplies the ~50,000 orders (benchmarks use 10 and 100). */
  scale?: number;
  /** The last day of the 24-month window; inject it to get identical data on every run. */
  now?: Date;
  seed?: number;
}

export interface GeneratedWarehouse extends WarehouseSummary {
  path: string;
}

/** Generates the warehouse and atomically replaces any file at `path`. */
export function generateDemoWarehouse(options: GenerateDemoWarehouseOptions): GeneratedWarehouse {
  const { target, temp, summary } = buildTemp(options);
  renameSync(temp, target);
  return { ...summary, path: target };
}

export interface EnsureResult {
  path: string;
  /** False when the file already existed (or another process published it first). */
  created: boolean;
}

/**
 * Idempotent and safe when several processes start at once: each may build a temp file, but publishing uses
 * link(2), which fails with EEXIST instead of replacing, so the first finished file wins and stays in place
 * (readers that already opened it are never swapped onto another file).
 */
export function ensureDemoWarehouse(path: string, options: Omit<GenerateDemoWarehouseOptions, 'path'> = {}): EnsureResult {
  const target = resolve(path);
  if (existsSync(target)) return { path: target, created: false };
  const { temp } = buildTemp({ ...options, path: target });
  try {
    linkSync(temp, target);
    return { path: target, created: true };
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return { path: target, created: false };
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

function buildTemp(options: GenerateDemoWarehouseOptions): { target: string; temp: string; summary: WarehouseSummary } {
  const scale = options.scale ?? 1;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) throw new RangeError(`scale must be a number in (0, 1000], got ${String(options.scale)}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${String(options.seed)}`);
  const target = resolve(options.path);
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const summary = writeWarehouse(temp, { scale, now: options.now ?? new Date(), seed });
    return { target, temp, summary };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Duck-typed: fs errors may come from another realm (jest, workers), where instanceof Error is false. */
function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
