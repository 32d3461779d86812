/**
 * What an acceptance question should answer, stated as hand-written SQL over the warehouse, and the
 * checks that compare the API's v1 Answer with the rows that SQL returns:
 * - text:    one figure; the message must contain it, formatted as an analyst would write it;
 * - bar:     a breakdown over categories; same labels, same values (any order);
 * - line:    a series over time; same buckets in chronological order, same values;
 * - ranking: a top/bottom N table; same labels in the same order, same figures in the second column;
 * - list:    rows of a table; same number of rows, same first column in the same order.
 * Expected SQL selects `label` and `value` (or only `label` for lists, `value` for text).
 */
import type { V1Answer } from '@askdata/contract';
import { num, str, type Bucket, type DirectSql, type SqlParam } from './direct-sql';

export type FigureFormat = 'integer' | 'currency' | 'average';

interface Query {
  sql: string;
  params: SqlParam[];
}

export type Expectation =
  | (Query & { kind: 'text'; format: FigureFormat; mentions?: string[] })
  | (Query & { kind: 'bar' })
  | (Query & { kind: 'line'; bucket: Bucket })
  | (Query & { kind: 'ranking'; format: FigureFormat })
  | (Query & { kind: 'list' });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.56", "1,234", "3.64". */
export function formatFigure(value: number, format: FigureFormat): string {
  switch (format) {
    case 'currency':
      return currency.format(value);
    case 'integer':
      return integer.format(value);
    case 'average':
      return twoDecimals.format(value);
  }
}

/** "$1,234.56" -> 1234.56; "1,234" -> 1234. */
export function parseDisplayNumber(cell: string): number {
  const value = Number(cell.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not a displayed number: ${JSON.stringify(cell)}`);
  return value;
}

/** The label a chart shows for a bucket key: 'January 2025', 'Q1 2025', 'week of 5 Jan 2026'. */
export function bucketLabel(bucket: Bucket, key: string): string {
  if (bucket === 'quarter') {
    const [year, quarter] = key.split('-');
    return `${quarter} ${year}`;
  }
  const [year, month, day] = key.split('-').map(Number);
  const monthName = MONTHS[(month ?? 0) - 1] ?? '?';
  return bucket === 'month' ? `${monthName} ${year}` : `week of ${day} ${monthName.slice(0, 3)} ${year}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message states exactly this figure: "$1,211,053" must not pass for "$1,211,053.24", nor "279" for
 * "2,279" or "279.5".
 */
export function expectFigureIn(message: string, figure: string): void {
  const exact = new RegExp(`(?<![\\d.,$])${escapeRegExp(figure)}(?![\\d]|[.,]\\d)`);
  if (!exact.test(message)) throw new Error(`expected the message to state ${figure}, got: ${message}`);
}

/** Values are compared to the cent: sums of floating-point money may differ in the last bits. */
const expectCloseTo = (actual: number | undefined, expected: number): void => {
  expect(actual).toBeDefined();
  expect(actual).toBeCloseTo(expected, 2);
};

export async function checkAnswer(answer: V1Answer, expectation: Expectation, direct: DirectSql): Promise<void> {
  const rows = await direct.rows(expectation.sql, expectation.params);
  switch (expectation.kind) {
    case 'text': {
      expect(rows).toHaveLength(1);
      const value = num(rows[0]?.value);
      // A question whose true answer is 0 would not tell a right figure from a missing filter.
      expect(value).toBeGreaterThan(0);
      expect(answer.type).toBe('text');
      expectFigureIn(answer.message, formatFigure(value, expectation.format));
      for (const words of expectation.mentions ?? []) expect(answer.message).toContain(words);
      return;
    }
    case 'bar': {
      expect(rows.length).toBeGreaterThan(1);
      expect(answer.type).toBe('chart');
      expect(answer.chart?.type).toBe('bar');
      const data = answer.chart?.data ?? [];
      const expected = new Map(rows.map((row) => [str(row.label), num(row.value)]));
      expect(data.map((point) => point.label).sort()).toEqual([...expected.keys()].sort());
      for (const point of data) expectCloseTo(point.value, expected.get(point.label) ?? Number.NaN);
      return;
    }
    case 'line': {
      expect(rows.length).toBeGreaterThan(1);
      expect(answer.type).toBe('chart');
      expect(answer.chart?.type).toBe('line');
      const data = answer.chart?.data ?? [];
      expect(data.map((point) => point.label)).toEqual(rows.map((row) => bucketLabel(expectation.bucket, str(row.label))));
      rows.forEach((row, i) => expectCloseTo(data[i]?.value, num(row.value)));
      return;
    }
    case 'ranking': {
      expect(rows.length).toBeGreaterThan(1);
      expect(answer.type).toBe('table');
      const tableRows = answer.table?.rows ?? [];
      expect(tableRows.map((row) => row[0])).toEqual(rows.map((row) => str(row.label)));
      rows.forEach((row, i) => {
        const cell = tableRows[i]?.[1] ?? '';
        expect(cell).toBe(formatFigure(num(row.value), expectation.format));
        expectCloseTo(parseDisplayNumber(cell), num(row.value));
      });
      return;
    }
    case 'list': {
      expect(rows.length).toBeGreaterThan(0);
      expect(answer.type).toBe('table');
      const tableRows = answer.table?.rows ?? [];
      expect(tableRows).toHaveLength(rows.length);
      expect(tableRows.map((row) => row[0])).toEqual(rows.map((row) => str(row.label)));
      return;
    }
  }
}
