/** The demo warehouse the demo and renamed sets run on: generated once with the pinned now and seed, then reused. */
import { existsSync, mkdirSync } from 'node:fs';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { CACHE_DIR, DEMO_SCALE, DEMO_SEED, PINNED_NOW, demoWarehousePath } from './eval-config';

export function ensureEvalWarehouse(log: (line: string) => void): string {
  const path = demoWarehousePath();
  if (existsSync(path)) return path;
  mkdirSync(CACHE_DIR, { recursive: true });
  log(`Generating the demo warehouse (scale ${DEMO_SCALE}, seed ${DEMO_SEED}, now ${PINNED_NOW.toISOString()}) at ${path} ...`);
  generateDemoWarehouse({ path, scale: DEMO_SCALE, now: PINNED_NOW, seed: DEMO_SEED });
  return path;
}
