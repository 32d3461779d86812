import type { CoreAnswer } from './answer';
import { fitAnswer } from './fit-answer';

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

function table(rows: number, cell: string): CoreAnswer {
  const raw = Array.from({ length: rows }, (_, i) => [`${cell} ${i}`, i * 1.5]);
  return {
    type: 'table',
    message: `Here are ${rows} notes.`,
    table: {
      title: 'Notes',
      columns: [{ name: 'body', label: 'Body', kind: 'string' }, { name: 'n', label: 'N', kind: 'number' }],
      rows: raw,
      displayRows: raw.map(([text, n]) => [String(text), `${n} units`]),
    },
  };
}

describe('fitAnswer', () => {
  it('keeps an answer that fits as it is, and says nothing was left out', () => {
    const answer = table(10, 'short');
    expect(fitAnswer(answer, bytes(answer))).toEqual({ answer });
    const text: CoreAnswer = { type: 'text', message: 'x'.repeat(5000) };
    expect(fitAnswer(text, 100)).toEqual({ answer: text });
  });

  it('keeps the first table rows (raw and display alike) that fit, and says how many of how many', () => {
    const answer = table(2000, 'ü'.repeat(200));
    const fitted = fitAnswer(answer, 100_000);
    expect(bytes(fitted.answer)).toBeLessThanOrEqual(100_000);
    const shown = fitted.partial?.shown ?? -1;
    expect(fitted.partial).toEqual({ shown, of: 2000 });
    expect(shown).toBeGreaterThan(0);
    expect(fitted.answer.table?.rows).toEqual(answer.table?.rows.slice(0, shown));
    expect(fitted.answer.table?.displayRows).toEqual(answer.table?.displayRows.slice(0, shown));
    // As many as fit: one more row would not have.
    const oneMore = { ...answer, table: { ...answer.table!, rows: answer.table!.rows.slice(0, shown + 2), displayRows: answer.table!.displayRows.slice(0, shown + 2) } };
    expect(bytes(oneMore)).toBeGreaterThan(100_000);
    expect(fitted.answer.message).toBe(answer.message);
  });

  it('keeps the first chart points that fit', () => {
    const data = Array.from({ length: 5000 }, (_, i) => ({ label: `Point ${i}`, value: i }));
    const chart: CoreAnswer = { type: 'chart', message: 'm', chart: { type: 'line', title: 't', xLabel: 'x', yLabel: 'y', data } };
    const fitted = fitAnswer(chart, 20_000);
    expect(bytes(fitted.answer)).toBeLessThanOrEqual(20_000);
    expect(fitted.answer.chart?.data).toEqual(data.slice(0, fitted.partial?.shown));
    expect(fitted.partial?.of).toBe(5000);
  });
});
