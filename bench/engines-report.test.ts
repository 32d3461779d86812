/** The engines block survives a default bench run (which rewrites the rest of the report), and the chart draws what it is given. */
import { ENGINES_BEGIN, ENGINES_END, enginesBlockOf, withEnginesBlock } from './engines-report';
import { svgLineChart } from './lib/svg-line-chart';

const block = (text: string): string => `${ENGINES_BEGIN}\n${text}\n${ENGINES_END}`;

describe('the engines block of docs/benchmarks.md', () => {
  it('is found, replaced in place, appended when missing, and left alone when there is none to keep', () => {
    const report = `# Benchmarks\n\nfigures\n\n${block('old')}\n`;
    expect(enginesBlockOf(report)).toBe(block('old'));
    expect(withEnginesBlock(report, block('new'))).toBe(`# Benchmarks\n\nfigures\n\n${block('new')}\n`);
    expect(withEnginesBlock('# Benchmarks\n\nfigures\n', block('new'))).toBe(`# Benchmarks\n\nfigures\n\n${block('new')}\n`);
    expect(enginesBlockOf('# Benchmarks\n')).toBe('');
    expect(withEnginesBlock('# Benchmarks\n', '')).toBe('# Benchmarks\n');
  });
});

describe('svgLineChart', () => {
  it('draws one line per series through its finite values, on a log axis covering them', () => {
    const svg = svgLineChart({ title: 'T <1>', xLabels: ['50k', '500k', '5M'], yLabel: 'ms', series: [{ name: 'a', color: '#111', values: [1, 10, 100] }, { name: 'b', color: '#222', dashed: true, values: [2, Number.NaN, 2000] }] });
    const lines = [...svg.matchAll(/<polyline points="([^"]*)"/g)].map((m) => (m[1] ?? '').split(' ').length);
    expect(lines).toEqual([3, 2]);
    expect(svg).toContain('T &lt;1&gt;');
    expect(svg).toContain('10000 ms');
    expect(svg).toContain('stroke-dasharray');
    const ys = [...svg.matchAll(/<polyline points="([^"]*)"/g)][0]?.[1]?.split(' ').map((point) => Number(point.split(',')[1]));
    expect(ys?.[0]).toBeGreaterThan(ys?.[1] ?? Infinity);
  });
});
