/**
 * Test helper: the demo model under each tenancy strategy, written next to the data it describes (a
 * database template's relative paths resolve against the model file's folder). The entities, fields and
 * measures stay the demo's; only the tenancy block changes, and with the schema or database strategy the
 * entities lose their `tenant:` mappings, as such models must. `organisation_id` columns stay in the
 * tables (hidden fields), so tests can still read back who owns each row.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';

export type StrategyTenancy = { strategy: 'column' } | { strategy: 'schema'; schema: string } | { strategy: 'database'; url: string };

/** The demo model's YAML with the given tenancy. */
export function demoModelText(tenancy: StrategyTenancy): string {
  const document = parseDocument(readFileSync(DEMO_MODEL_PATH, 'utf8'));
  document.setIn(['tenancy', 'strategy'], tenancy.strategy);
  if (tenancy.strategy === 'schema') document.setIn(['tenancy', 'schema'], tenancy.schema);
  if (tenancy.strategy === 'database') document.setIn(['tenancy', 'url'], tenancy.url);
  if (tenancy.strategy !== 'column') {
    const entities = document.get('entities') as { items: { key: { value: string } }[] };
    for (const item of entities.items) document.deleteIn(['entities', item.key.value, 'tenant']);
  }
  return document.toString();
}

/** Writes the demo model with this tenancy to `<dir>/<name>` and returns its path. */
export function writeDemoModel(dir: string, tenancy: StrategyTenancy, name = 'model.yaml'): string {
  const path = join(dir, name);
  writeFileSync(path, demoModelText(tenancy));
  return path;
}
