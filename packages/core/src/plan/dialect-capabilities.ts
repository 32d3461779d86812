/**
 * What validation needs to know of the dialect that will run the plan: its name, for messages, and whether
 * it has a median. The data source's DialectHooks is one, so the dialect itself answers; nothing here
 * lists dialects. A file of its own so the per-part checks (validate-aggregate.ts) need not import
 * validate-plan.ts, which imports them.
 */
export interface DialectCapabilities {
  readonly name: string;
  readonly median: unknown;
}
