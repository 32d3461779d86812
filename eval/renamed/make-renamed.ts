/**
 * `npx tsx eval/renamed/make-renamed.ts` — writes the renamed copy of the cached demo warehouse (the eval
 * runner calls the same code when `--set renamed` needs it). The model over the new names is the
 * hand-written eval/renamed/renamed-model.yaml.
 */
import { ensureEvalWarehouse } from '../lib/demo-warehouse';
import { renamedWarehousePath } from '../lib/eval-config';
import { copyRenamed } from './copy-renamed';

export function makeRenamed(log: (line: string) => void): string {
  const source = ensureEvalWarehouse(log);
  const target = renamedWarehousePath();
  log(`Copying ${source} to ${target} with every table and column renamed ...`);
  copyRenamed(source, target);
  return target;
}

if (require.main === module) {
  const path = makeRenamed((line) => console.log(line));
  console.log(`Wrote ${path}`);
}
