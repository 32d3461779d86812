/** Demo warehouses at each scale, generated once into .tmp/bench and reused (the name pins scale, seed and now). */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { CACHE_DIR, PINNED_NOW, SEED, warehousePath, type ScalePoint } from './config';
import { msSince, nowNs } from './clock';
import { log } from './log';

export interface Warehouse {
  point: ScalePoint;
  path: string;
  sizeMb: number;
  /** Seconds spent generating in this run (0 when reused). */
  generatedInS: number;
}

export function ensureWarehouse(point: ScalePoint): Warehouse {
  const path = warehousePath(point);
  let generatedInS = 0;
  if (!existsSync(path)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    log(`generating the demo warehouse at ${point.label} orders (scale ${point.scale}) ...`);
    const started = nowNs();
    generateDemoWarehouse({ path, scale: point.scale, now: PINNED_NOW, seed: SEED });
    generatedInS = msSince(started) / 1000;
  }
  return { point, path, sizeMb: statSync(path).size / 1024 ** 2, generatedInS };
}
