/**
 * A small line chart as SVG text, for docs/benchmarks.md: x is categorical (scales, evenly spaced, which
 * is a log axis for 50k / 500k / 5M), y is logarithmic (latencies span three decades). Written here rather
 * than pulled from a charting library: those draw in a browser or a canvas, and this is forty lines.
 */
export interface Series {
  name: string;
  color: string;
  dashed?: boolean;
  /** One value per x label; NaN leaves a gap. */
  values: readonly number[];
}

export interface LineChart {
  title: string;
  xLabels: readonly string[];
  yLabel: string;
  series: readonly Series[];
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function svgLineChart(chart: LineChart): string {
  const width = 720;
  const height = 420;
  const plot = { left: 92, right: 190, top: 40, bottom: 60 };
  const innerW = width - plot.left - plot.right;
  const innerH = height - plot.top - plot.bottom;
  const finite = chart.series.flatMap((s) => s.values.filter((v) => Number.isFinite(v) && v > 0));
  const low = 10 ** Math.floor(Math.log10(Math.min(...finite, 1)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...finite, 10)));
  const x = (i: number): number => plot.left + (chart.xLabels.length === 1 ? innerW / 2 : (i * innerW) / (chart.xLabels.length - 1));
  const y = (v: number): number => plot.top + innerH - ((Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * innerH;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="white"/>`, `<text x="${width / 2 - plot.right / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${escape(chart.title)}</text>`];
  for (let decade = low; decade <= high; decade *= 10) {
    const label = decade >= 1 ? `${decade} ms` : `${decade * 1000} µs`;
    parts.push(`<line x1="${plot.left}" x2="${plot.left + innerW}" y1="${y(decade)}" y2="${y(decade)}" stroke="#ddd"/>`, `<text x="${plot.left - 8}" y="${y(decade) + 4}" text-anchor="end" font-size="12">${label}</text>`);
  }
  chart.xLabels.forEach((label, i) => parts.push(`<text x="${x(i)}" y="${plot.top + innerH + 22}" text-anchor="middle" font-size="13">${escape(label)}</text>`));
  parts.push(`<text x="${plot.left + innerW / 2}" y="${height - 14}" text-anchor="middle" font-size="13">orders in the warehouse</text>`);
  parts.push(`<text transform="translate(18 ${plot.top + innerH / 2}) rotate(-90)" text-anchor="middle" font-size="13">${escape(chart.yLabel)}</text>`);
  chart.series.forEach((series, index) => {
    const points = series.values.map((v, i) => (Number.isFinite(v) && v > 0 ? `${x(i).toFixed(1)},${y(v).toFixed(1)}` : undefined)).filter((p): p is string => p !== undefined);
    const dash = series.dashed ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${series.color}" stroke-width="2.5"${dash}/>`);
    for (const point of points) parts.push(`<circle cx="${point.split(',')[0]}" cy="${point.split(',')[1]}" r="3.5" fill="${series.color}"/>`);
    const legendY = plot.top + 10 + index * 22;
    parts.push(`<line x1="${width - plot.right + 20}" x2="${width - plot.right + 48}" y1="${legendY}" y2="${legendY}" stroke="${series.color}" stroke-width="2.5"${dash}/>`, `<text x="${width - plot.right + 54}" y="${legendY + 4}" font-size="12">${escape(series.name)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n${parts.join('\n')}\n</svg>\n`;
}
