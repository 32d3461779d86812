/**
 * The demo set on the demo warehouse, answered with a model imported from another format (issue 29): the
 * fixtures in packages/model-import describe the demo warehouse as an Ossie document, a dbt project and a
 * Snowflake semantic model. The import runs as `askdata model import <fixture> --tenancy orgId=organisation_id`
 * does, and the imported model is written to eval/.cache, so a failure can be read next to its model.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importModel } from '@askdata/model-import';
import { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, type FixtureFormat } from '@askdata/model-import/testing';
import { DEMO_CLASS_ORDER } from '../reports/demo-reports';
import { ensureEvalWarehouse } from '../lib/demo-warehouse';
import { CACHE_DIR, DEMO_SET_PATH, REPO_ROOT } from '../lib/eval-config';
import { loadJsonlSet } from '../lib/question-set';
import type { SetReport } from '../lib/report';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { log, progress } from '../reports/progress';


export async function importedReport(format: FixtureFormat, verbose: boolean): Promise<SetReport> {
  const warehouse = ensureEvalWarehouse(log);
  const fixture = DEMO_SHOP_FIXTURES[format];
  const imported = importModel(fixture, { tenancy: DEMO_SHOP_TENANCY });
  mkdirSync(CACHE_DIR, { recursive: true });
  const modelPath = join(CACHE_DIR, `imported-${format}-model.yaml`);
  writeFileSync(modelPath, imported.text);
  const items = loadJsonlSet(DEMO_SET_PATH);
  const results = await runOnTarget(items, { enginePath: warehouse, modelPath }, progress(verbose));
  const notCarried = imported.report.notCarried.length;
  return {
    set: `demo-imported-${format}`,
    description: `The demo set (${items.length} questions) on the demo warehouse with the model imported from ${fixture.slice(REPO_ROOT.length + 1)} (\`askdata model import\` with \`--tenancy orgId=organisation_id\`; ${notCarried} element${notCarried === 1 ? '' : 's'} not carried, listed by the import's report).`,
    tally: tallyResults(results, DEMO_CLASS_ORDER),
    results,
  };
}
