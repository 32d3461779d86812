/** Markdown table and number formatting for docs/benchmarks.md. */
export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]): string => `| ${cells.map(String).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const ms = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const us = (milliseconds: number): string => (Number.isFinite(milliseconds) ? (milliseconds * 1000).toFixed(0) : 'n/a');
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
export const mb = (value: number): string => value.toFixed(0);
export const verdict = (met: boolean): string => (met ? 'met' : '**missed**');
