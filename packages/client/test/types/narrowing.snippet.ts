/**
 * What a TypeScript user of @askdata/client writes: switch on `type`, then read the chart or the table.
 * narrowing.test.ts compiles this file under `tsc --strict` against the package as installed from its
 * tarball (its published .d.ts), and the root tsc compiles it against the source. It must compile as it
 * stands: `r.chart.data` after `r.type === 'chart'` with no `!` and no `?.`.
 */
import type { Answer, ChartPoint, Conversation, LegacyAnswer } from '@askdata/client';

export function chartData(r: Answer): ChartPoint[] {
  if (r.type === 'chart') return r.chart.data;
  return [];
}

export function tableRows(r: Answer): string[][] {
  if (r.type === 'table') return r.table.rows;
  return [];
}

export function describe(r: Answer): string {
  switch (r.type) {
    case 'text':
      return r.message;
    case 'chart':
      return `${r.chart.type} chart of ${r.chart.data.length} points`;
    case 'table':
      return `table of ${r.table.rows.length} rows: ${r.table.headers.join(', ')}`;
  }
}

export function textCarriesNoChart(r: Answer): void {
  if (r.type === 'text') {
    // @ts-expect-error a text answer has no chart to read
    void r.chart.data;
  }
}

/** Un-narrowed reads still compile: the member a variant lacks reads as undefined. */
export function titleIfAny(r: Answer): string | undefined {
  return r.chart?.title;
}

export function newestChartTitle(thread: Conversation): string | undefined {
  const newest = thread.answers.at(-1)?.answer;
  return newest?.type === 'chart' ? newest.chart.title : undefined;
}

export function legacyCells(r: LegacyAnswer): ChartPoint[] | (string | number)[][] | string {
  if (r.type === 'chart') return r.chart.data;
  if (r.type === 'table') return r.table.body;
  return r.message;
}
