/**
 * Counts what core reports on node:diagnostics_channel while one piece of work runs: tenant scopes
 * resolved and plans validated. The apps' tests use it to show that one request resolves its context
 * once and validates its plan once, through the real app. Jest runs a test file's tests one at a time,
 * so nothing else publishes while `work` runs.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { PLAN_VALIDATED, TENANT_SCOPE_RESOLVED } from '@askdata/core';

export interface PipelineCounts {
  tenantScopes: number;
  planValidations: number;
}

export async function countPipelineEvents<T>(work: () => Promise<T>): Promise<{ result: T; counts: PipelineCounts }> {
  const counts: PipelineCounts = { tenantScopes: 0, planValidations: 0 };
  const onScope = (): void => void (counts.tenantScopes += 1);
  const onPlan = (): void => void (counts.planValidations += 1);
  subscribe(TENANT_SCOPE_RESOLVED, onScope);
  subscribe(PLAN_VALIDATED, onPlan);
  try {
    return { result: await work(), counts };
  } finally {
    unsubscribe(TENANT_SCOPE_RESOLVED, onScope);
    unsubscribe(PLAN_VALIDATED, onPlan);
  }
}
