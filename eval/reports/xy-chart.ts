/**
 * A small XY line chart as SVG text (both axes linear), for docs/accuracy.md's risk-coverage curves.
 * Written here rather than pulled from a charting library: those draw in a browser, and this is forty lines.
 */
export interface XYSeries {
  name: string;
  color: string;
  /** Drawn dashed (a curve kept for comparison, such as an earlier model's). */
  dashed?: boolean;
  points: ReadonlyArray<{ x: number; y: number }>;
}

export interface XYChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly XYSeries[];
  /** Points to mark with a dot and a label (the default threshold on each curve). */
  mark?: { label: string; points: ReadonlyArray<{ x: number; y: number }> };
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function svgXYChart(chart: XYChart): string {
  const width = 760;
  const height = 440;
  const plot = { left: 70, right: 290, top: 40, bottom: 60 };
  const innerW = width - plot.left - plot.right;
  const innerH = height - plot.top - plot.bottom;
  const ys = chart.series.flatMap((s) => s.points.map((p) => p.y));
  const low = Math.min(0.5, Math.floor(Math.min(...ys, 1) * 10) / 10);
  const x = (v: number): number => plot.left + v * innerW;
  const y = (v: number): number => plot.top + innerH - ((v - low) / (1 - low)) * innerH;
  const parts = [`<rect width="${width}" height="${height}" fill="white"/>`, `<text x="${plot.left + innerW / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escape(chart.title)}</text>`];
  for (let t = 0; t <= 10; t += 1) {
    const v = t / 10;
    parts.push(`<line x1="${x(v)}" x2="${x(v)}" y1="${plot.top}" y2="${plot.top + innerH}" stroke="#eee"/>`, `<text x="${x(v)}" y="${plot.top + innerH + 18}" text-anchor="middle" font-size="11">${Math.round(v * 100)}%</text>`);
    const yv = low + ((1 - low) * t) / 10;
    parts.push(`<line x1="${plot.left}" x2="${plot.left + innerW}" y1="${y(yv)}" y2="${y(yv)}" stroke="#eee"/>`, `<text x="${plot.left - 6}" y="${y(yv) + 4}" text-anchor="end" font-size="11">${Math.round(yv * 100)}%</text>`);
  }
  parts.push(`<text x="${plot.left + innerW / 2}" y="${height - 16}" text-anchor="middle" font-size="13">${escape(chart.xLabel)}</text>`, `<text x="16" y="${plot.top + innerH / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${plot.top + innerH / 2})">${escape(chart.yLabel)}</text>`);
  chart.series.forEach((s, i) => {
    const path = [...s.points].sort((a, b) => a.x - b.x).map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
    const dash = s.dashed === true ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2"${dash} points="${path}"/>`);
    const ly = plot.top + 12 + i * 20;
    parts.push(`<line x1="${plot.left + innerW + 16}" x2="${plot.left + innerW + 40}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${dash}/>`, `<text x="${plot.left + innerW + 46}" y="${ly + 4}" font-size="11">${escape(s.name)}</text>`);
  });
  for (const p of chart.mark?.points ?? []) parts.push(`<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="4" fill="black"/>`);
  if (chart.mark !== undefined) parts.push(`<text x="${plot.left + innerW + 16}" y="${plot.top + 12 + chart.series.length * 20 + 4}" font-size="11">● ${escape(chart.mark.label)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">${parts.join('')}</svg>\n`;
}
