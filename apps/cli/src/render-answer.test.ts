/** The CLI's text rendering of tables and charts: aligned columns, and bars proportional to the values. */
import type { AnswerChart, AnswerTable, CoreAnswer } from '@askdata/core';
import { renderAnswer, renderChart, renderTable } from './render-answer';
import { textBar } from './text-bar';

/** Display width in terminal cells for the strings used here (one cell each, CJK two). */
const cells = (text: string): number => [...text].reduce((sum, char) => sum + (/[\u3000-\u9fff]/.test(char) ? 2 : 1), 0);

describe('textBar', () => {
  it('scales to the largest magnitude, in eighths of a cell', () => {
    expect(textBar(100, 100, 10)).toBe('██████████');
    expect(textBar(50, 100, 10)).toBe('█████');
    expect(textBar(55, 100, 10)).toBe('█████▌');
    expect(textBar(1, 100, 10)).toBe('▏');
    expect(textBar(0, 100, 10)).toBe('');
  });

  it('draws negative values with a different block, never as positive', () => {
    expect(textBar(-50, 100, 10)).toBe('░░░░░');
    expect(textBar(-0.1, 100, 10)).toBe('░');
  });

  it('draws nothing when there is no scale', () => {
    expect(textBar(5, 0, 10)).toBe('');
    expect(textBar(Number.NaN, 10, 10)).toBe('');
  });
});

describe('renderTable', () => {
  const table: AnswerTable = {
    title: 'Top customers',
    columns: [
      { name: 'customer', label: 'Customer', kind: 'string' },
      { name: 'orders', label: 'Orders', kind: 'number' },
      { name: 'spend', label: 'Spend', kind: 'number' },
    ],
    rows: [],
    displayRows: [
      ['Ann Lee', '12', '$1,234.50'],
      ['Zoë Ångström', '127', '$12,345.00'],
      ['李小龙', '3', '$99.00'],
    ],
  };

  it('aligns every column: text to the left, numbers to the right, a rule under the header', () => {
    const lines = renderTable(table, 0);
    expect(lines).toEqual([
      'Customer      Orders       Spend',
      '────────────  ──────  ──────────',
      'Ann Lee           12   $1,234.50',
      'Zoë Ångström     127  $12,345.00',
      '李小龙             3      $99.00',
    ]);
    expect(new Set(lines.map(cells)).size).toBe(1);
  });

  it('indents each line', () => {
    expect(renderTable(table, 2).every((line) => line.startsWith('  ') && !line.startsWith('   '))).toBe(true);
  });
});

describe('renderChart', () => {
  const chart: AnswerChart = {
    type: 'bar',
    title: 'Revenue by category, last month',
    xLabel: 'Category',
    yLabel: 'Revenue (USD)',
    data: [
      { label: 'Phone', value: 164683.79 },
      { label: 'Laptop', value: 154227.2 },
      { label: 'Accessories', value: 22085.35 },
    ],
  };

  it('prints the title, then label, formatted value and a bar per point', () => {
    const [title, header, rule, ...rows] = renderChart(chart, { barWidth: 20, indent: 0 });
    expect(title).toBe('Revenue by category, last month');
    expect(header).toMatch(/^Category\s+Revenue \(USD\)$/);
    expect(rule).toMatch(/^─+ {2}─+ {2}─+$/);
    expect(rows).toEqual([
      // The value column is as wide as its header, "Revenue (USD)".
      `Phone           164,683.79  ${'█'.repeat(20)}`,
      `Laptop          154,227.20  ${'█'.repeat(18)}▊`,
      `Accessories      22,085.35  ██▋`,
    ]);
  });

  it('draws each bar in proportion to its value', () => {
    const rows = renderChart(chart, { barWidth: 40, indent: 0 }).slice(3);
    const barCells = rows.map((row) => {
      const bar = /[█▏▎▍▌▋▊▉]+$/.exec(row)?.[0] ?? '';
      const eighths: Record<string, number> = { '▏': 1, '▎': 2, '▍': 3, '▌': 4, '▋': 5, '▊': 6, '▉': 7 };
      return [...bar].reduce((sum, char) => sum + (char === '█' ? 1 : (eighths[char] ?? 0) / 8), 0);
    });
    chart.data.forEach((point, index) => expect(barCells[index]).toBeCloseTo((point.value / 164683.79) * 40, 0));
  });

  it('prints whole numbers without decimals', () => {
    const rows = renderChart({ ...chart, data: [{ label: 'January 2026', value: 869 }, { label: 'February 2026', value: 1671 }] }, { indent: 0 }).slice(3);
    expect(rows[0]).toMatch(/^January 2026\s+869 /);
    expect(rows[1]).toMatch(/^February 2026\s+1,671 /);
  });
});

describe('renderAnswer', () => {
  it('is only the message for a text answer', () => {
    const answer: CoreAnswer = { type: 'text', message: 'There were 618 orders last month.' };
    expect(renderAnswer(answer)).toBe('There were 618 orders last month.');
  });

  it('puts a blank line between the message and the chart, and prints no raw floats', () => {
    const answer: CoreAnswer = {
      type: 'chart',
      message: 'Phone leads.',
      chart: { type: 'bar', title: 'Revenue', xLabel: 'Category', yLabel: 'Revenue (USD)', data: [{ label: 'Phone', value: 0.1 + 0.2 }] },
    };
    const text = renderAnswer(answer);
    expect(text.split('\n').slice(0, 3)).toEqual(['Phone leads.', '', 'Revenue']);
    expect(text).toContain('0.30');
    expect(text).not.toContain('0.30000000000000004');
  });
});
