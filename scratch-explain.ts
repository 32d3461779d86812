import { Client } from 'pg';
import { compileQuery, loadModelFile, resolveTenantScope, scopePlan, validatePlan, type QueryPlanInput } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { postgresHooks, cappedQueryText } from './packages/datasource-postgres/src/index';
const w = JSON.parse(require('fs').readFileSync('/tmp/shards-pg/scratch.json', 'utf8'));
const model = loadModelFile(DEMO_MODEL_PATH);
const plans: Record<string, QueryPlanInput> = JSON.parse(process.argv[2]!);
(async () => {
  const c = new Client({ connectionString: w.url }); await c.connect();
  if (process.argv[4]) await c.query(process.argv[4]);
  for (const [name, input] of Object.entries(plans)) {
    const compiled = compileQuery(scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId: 2 })), model, postgresHooks, { maxRows: 100 });
    console.log('=====', name, '\n', compiled.sql, JSON.stringify(compiled.parameters));
    const r = await c.query(`explain (${process.argv[3] ?? 'verbose'}) ${cappedQueryText(compiled.sql, 100)}`, [...compiled.parameters]);
    console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  }
  await c.end();
})();
