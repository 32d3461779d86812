/** The markers of docs/benchmarks.md's planner A/B block (written by bench/planner-ab.ts, kept by bench/run.ts). */
import type { ReportBlock } from './lib/report-block';

export const PLANNER_AB_BLOCK: ReportBlock = { begin: '<!-- BEGIN: planner A/B (npm run bench:planner) -->', end: '<!-- END: planner A/B -->' };
