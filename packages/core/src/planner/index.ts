export * from './planner';
export type { TraceEntry } from './trace';
