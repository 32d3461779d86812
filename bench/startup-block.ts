/** The markers of docs/benchmarks.md's start-up block (written by bench/startup.ts, kept by bench/run.ts). */
import type { ReportBlock } from './lib/report-block';

export const STARTUP_BLOCK: ReportBlock = { begin: '<!-- BEGIN: start-up (npm run bench:startup) -->', end: '<!-- END: start-up -->' };
