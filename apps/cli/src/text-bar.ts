/**
 * One horizontal bar for a terminal: `value` scaled against the largest magnitude in the chart, drawn
 * with Unicode block elements in eighths of a cell so close values still differ visibly. Negative values
 * are drawn with a shaded block (whole cells) so they never read as positive. No library draws labelled
 * horizontal bars for a plain text stream (the chart packages on npm draw line plots or need a TTY UI),
 * hence these few lines.
 */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const FULL = '█';
const NEGATIVE = '░';

export function textBar(value: number, maxMagnitude: number, width: number): string {
  if (!Number.isFinite(value) || !(maxMagnitude > 0) || value === 0 || width <= 0) return '';
  const cells = Math.min(1, Math.abs(value) / maxMagnitude) * width;
  if (value < 0) return NEGATIVE.repeat(Math.max(1, Math.round(cells)));
  const eighths = Math.max(1, Math.round(cells * 8));
  return FULL.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '');
}
