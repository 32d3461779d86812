/**
 * Core's pipeline on this adapter, for the two promises it makes about what it is handed: it takes only a
 * tenant scope that resolveTenantScope made for its model, and it validates a plan once (not at all when
 * the planner already validated it for this model, as the LLM planner does to retry).
 */
import { answerQuestion, createRulesPlanner, loadModelFile, resolveTenantScope, validatePlan, type AnswerDeps, type Planner, type TenantScope } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { countPipelineEvents } from '../../../test-support/pipeline-events';
import { createSmallDemoWarehouse, DEMO_NOW } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource } from '../src/index';

const model = loadModelFile(DEMO_MODEL_PATH);
let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let deps: AnswerDeps;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse();
  const dataSource = await openSqliteDataSource(warehouse.path);
  deps = { model, dataSource, planner: createRulesPlanner({ model }), clock: () => DEMO_NOW, timezone: 'UTC', limits: { maxRows: 100, timeoutMs: 5000 } };
});
afterAll(async () => {
  await deps?.dataSource.close();
  warehouse?.cleanup();
});

const question = 'How many orders are there?';

describe('answerQuestion', () => {
  it('answers with a scope resolved for its model, and refuses a look-alike or another model\'s scope', async () => {
    const scope = resolveTenantScope(model, { orgId: 1 });
    await expect(answerQuestion(deps, { question, scope, history: [] })).resolves.toMatchObject({ engine: 'rules', rowCount: 1 });
    const lookAlike = { ...scope } as TenantScope;
    await expect(answerQuestion(deps, { question, scope: lookAlike, history: [] })).rejects.toMatchObject({ code: 'SCOPE_VIOLATION' });
    const otherModels = resolveTenantScope(loadModelFile(DEMO_MODEL_PATH), { orgId: 1 });
    await expect(answerQuestion(deps, { question, scope: otherModels, history: [] })).rejects.toMatchObject({ code: 'SCOPE_VIOLATION' });
  });

  it('validates the rules planner\'s plan once, and a plan the planner validated not again', async () => {
    const scope = resolveTenantScope(model, { orgId: 1 });
    const viaRules = await countPipelineEvents(() => answerQuestion(deps, { question, scope, history: [] }));
    expect(viaRules.counts.planValidations).toBe(1);

    const prevalidated = validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] }, model);
    const validating: Planner = {
      name: 'prevalidated',
      model,
      plan: async () => ({ kind: 'plan', plan: prevalidated, followUp: false, engine: 'llm', confidence: 1, understood: [], notUnderstood: [] }),
    };
    const viaValidating = await countPipelineEvents(() => answerQuestion({ ...deps, planner: validating }, { question, scope, history: [] }));
    expect(viaValidating.counts.planValidations).toBe(0);
    expect(viaValidating.result.plan).toBe(prevalidated);
    expect(viaValidating.result.answer.message).toBe(viaRules.result.answer.message);
  });
});
