/**
 * A grouped bar chart as SVG text, in the style of svg-line-chart.ts (same size, fonts, log y axis and
 * legend): one group per x label, one bar per series in each group. Written here for the same reason as
 * the line chart: a charting library draws in a browser or on a canvas, and this is fifty lines.
 */
export interface BarSeries {
  name: string;
  color: string;
  /** One value per x label; NaN leaves the bar out. */
  values: readonly number[];
}

export interface BarChart {
  title: string;
  xLabels: readonly string[];
  xTitle: string;
  yLabel: string;
  series: readonly BarSeries[];
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function svgBarChart(chart: BarChart): string {
  const width = 1000;
  const height = 440;
  const plot = { left: 92, right: 300, top: 40, bottom: 80 };
  const innerW = width - plot.left - plot.right;
  const innerH = height - plot.top - plot.bottom;
  const finite = chart.series.flatMap((s) => s.values.filter((v) => Number.isFinite(v) && v > 0));
  // Bars start at the decade below the smallest value: a floor far below the data would flatten every bar to the same height.
  const low = 10 ** Math.floor(Math.log10(finite.length > 0 ? Math.min(...finite) : 1));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...finite, 10)));
  const y = (v: number): number => plot.top + innerH - ((Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * innerH;
  const groupW = innerW / chart.xLabels.length;
  const barW = (groupW * 0.8) / chart.series.length;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="white"/>`, `<text x="${width / 2 - plot.right / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${escape(chart.title)}</text>`];
  for (let decade = low; decade <= high; decade *= 10) {
    const label = decade >= 1 ? `${decade} ms` : `${decade * 1000} µs`;
    parts.push(`<line x1="${plot.left}" x2="${plot.left + innerW}" y1="${y(decade)}" y2="${y(decade)}" stroke="#ddd"/>`, `<text x="${plot.left - 8}" y="${y(decade) + 4}" text-anchor="end" font-size="12">${label}</text>`);
  }
  chart.xLabels.forEach((label, i) => {
    const lines = label.split('\n');
    lines.forEach((line, n) => parts.push(`<text x="${(plot.left + (i + 0.5) * groupW).toFixed(1)}" y="${plot.top + innerH + 18 + n * 14}" text-anchor="middle" font-size="11">${escape(line)}</text>`));
  });
  parts.push(`<text x="${plot.left + innerW / 2}" y="${height - 12}" text-anchor="middle" font-size="13">${escape(chart.xTitle)}</text>`);
  parts.push(`<text transform="translate(18 ${plot.top + innerH / 2}) rotate(-90)" text-anchor="middle" font-size="13">${escape(chart.yLabel)}</text>`);
  chart.series.forEach((series, s) => {
    series.values.forEach((v, i) => {
      if (!Number.isFinite(v) || v <= 0) return;
      const x = plot.left + i * groupW + groupW * 0.1 + s * barW;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${(plot.top + innerH - y(v)).toFixed(1)}" fill="${series.color}"/>`);
    });
    const legendY = plot.top + 10 + s * 22;
    parts.push(`<rect x="${width - plot.right + 20}" y="${legendY - 6}" width="28" height="12" fill="${series.color}"/>`, `<text x="${width - plot.right + 54}" y="${legendY + 4}" font-size="12">${escape(series.name)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n${parts.join('\n')}\n</svg>\n`;
}
