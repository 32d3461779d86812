/**
 * What the pipeline reports about itself, on node:diagnostics_channel: each tenant scope resolved and each
 * plan validated. Publishing costs nothing without a subscriber; tracing can subscribe in production, and
 * the apps' tests subscribe to prove that one request resolves its context once and validates its plan
 * once. Messages carry names only (context keys, the plan's entity), never values.
 */
import { channel } from 'node:diagnostics_channel';

export const TENANT_SCOPE_RESOLVED = 'askdata:tenant-scope-resolved';
export const PLAN_VALIDATED = 'askdata:plan-validated';

export interface TenantScopeResolvedEvent {
  /** The context keys the model applied. */
  appliedKeys: string[];
}

export interface PlanValidatedEvent {
  entity: string;
}

const scopeChannel = channel(TENANT_SCOPE_RESOLVED);
const planChannel = channel(PLAN_VALIDATED);

export function publishTenantScopeResolved(event: TenantScopeResolvedEvent): void {
  if (scopeChannel.hasSubscribers) scopeChannel.publish(event);
}

export function publishPlanValidated(event: PlanValidatedEvent): void {
  if (planChannel.hasSubscribers) planChannel.publish(event);
}
