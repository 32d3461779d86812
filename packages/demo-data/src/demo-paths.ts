/** Where the demo files live. Resolved from this file, so they work from any working directory. */
import { resolve } from 'node:path';

/** Absolute path of the demo warehouse's semantic model. */
export const DEMO_MODEL_PATH = resolve(__dirname, '../model/demo-model.yaml');

/** `<repo>/data/demo-warehouse.sqlite` (the git-ignored data folder) unless a directory is given. */
export function defaultDemoWarehousePath(dataDir: string = resolve(__dirname, '../../../data')): string {
  return resolve(dataDir, 'demo-warehouse.sqlite');
}
