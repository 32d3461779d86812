import type { CoreAnswer } from '@askdata/core';
import { category, created, in2025, lastMonth, plan, revenue, shape } from '@askdata/core/testing';
import { legacyAnswerSchema, legacyResponseSchema, v1AnswerSchema } from '../src/answer-schemas';
import { toLegacyAnswer } from '../src/legacy/to-legacy-answer';
import { toV1Answer } from '../src/v1/to-v1-answer';

const ids = { id: 'ans_1', conversationId: 'conv_1' };
const text = shape(plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: lastMonth }), [{ m0: 1234.5 }]);
const bar = shape(plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], timeRange: in2025 }), [
  { d0: 'Laptop', m0: '2100000' },
  { d0: 'Audio', m0: 3000 },
]);
const table = shape(
  plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }, { field: created, grain: 'month' }], timeRange: in2025 }),
  [
    { d0: 'Laptop', d1: '2025-03', m0: 312400 },
    { d0: null, d1: '2025-04', m0: null },
  ],
);

describe('toV1Answer', () => {
  it('maps a text answer with neither chart nor table', () => {
    const v1 = toV1Answer(text, ids);
    expect(v1).toEqual({ id: 'ans_1', conversationId: 'conv_1', type: 'text', message: 'Revenue was $1,234.50 last month.' });
    expect(v1AnswerSchema.parse(v1)).toEqual(v1);
  });

  it('maps a chart to its type, title, axis titles and raw numeric data', () => {
    const v1 = toV1Answer(bar, ids);
    expect(v1.chart).toEqual({ type: 'bar', title: 'Revenue by category, 2025', xLabel: 'Category', yLabel: 'Revenue (USD)', data: [{ label: 'Laptop', value: 2100000 }, { label: 'Audio', value: 3000 }] });
    expect(() => v1AnswerSchema.parse(v1)).not.toThrow();
  });

  it('maps a table to headers and display strings', () => {
    const v1 = toV1Answer(table, ids);
    expect(v1.table).toEqual({ headers: ['Category', 'Month', 'Revenue'], rows: [['Laptop', 'March 2025', '$312,400.00'], ['', 'April 2025', '']] });
    expect(() => v1AnswerSchema.parse(v1)).not.toThrow();
  });
});

describe('toLegacyAnswer', () => {
  it('maps a text answer', () => {
    expect(legacyAnswerSchema.parse(toLegacyAnswer(text))).toEqual({ type: 'text', message: 'Revenue was $1,234.50 last month.' });
  });

  it('keeps chart title and axis labels', () => {
    const legacy = toLegacyAnswer(bar);
    expect(legacy.chart).toEqual({
      type: 'bar',
      title: 'Revenue by category, 2025',
      xLabel: 'Category',
      yLabel: 'Revenue (USD)',
      data: [{ label: 'Laptop', value: 2100000 }, { label: 'Audio', value: 3000 }],
    });
    expect(() => legacyAnswerSchema.parse(legacy)).not.toThrow();
  });

  it('uses plain-string heads, numbers where numeric, human strings otherwise, never null', () => {
    const legacy = toLegacyAnswer(table);
    expect(legacy.table).toEqual({ head: ['Category', 'Month', 'Revenue'], body: [['Laptop', 'March 2025', 312400], ['', 'April 2025', '']] });
    expect(() => legacyAnswerSchema.parse(legacy)).not.toThrow();
    expect(() => legacyResponseSchema.parse({ answer: legacy })).not.toThrow();
  });
});

describe('wire schemas reject malformed answers', () => {
  it('v1: a chart answer without a chart, a text answer with a table, string chart values, legacy fields', () => {
    expect(v1AnswerSchema.safeParse({ ...ids, type: 'chart', message: 'x' }).success).toBe(false);
    expect(v1AnswerSchema.safeParse({ ...ids, type: 'text', message: 'x', table: { headers: [], rows: [] } }).success).toBe(false);
    expect(v1AnswerSchema.safeParse({ ...ids, type: 'chart', message: 'x', chart: { type: 'bar', data: [{ label: 'a', value: '1' }] } }).success).toBe(false);
    expect(v1AnswerSchema.safeParse({ ...ids, type: 'table', message: 'x', table: { headers: ['a'], rows: [[1]] } }).success).toBe(false);
    expect(v1AnswerSchema.safeParse({ type: 'text', message: 'x' }).success).toBe(false);
  });

  it('legacy: null cells, object heads, ragged rows, a missing title', () => {
    const base = { type: 'table', message: 'x' };
    expect(legacyAnswerSchema.safeParse({ ...base, table: { head: ['a'], body: [[null]] } }).success).toBe(false);
    expect(legacyAnswerSchema.safeParse({ ...base, table: { head: [{ name: 'a', type: 'string' }], body: [] } }).success).toBe(false);
    expect(legacyAnswerSchema.safeParse({ ...base, table: { head: ['a', 'b'], body: [[1]] } }).success).toBe(false);
    expect(legacyAnswerSchema.safeParse({ type: 'chart', message: 'x', chart: { type: 'line', xLabel: 'a', yLabel: 'b', data: [] } }).success).toBe(false);
  });

  it('every shaped answer maps to both wire shapes that validate', () => {
    const answers: CoreAnswer[] = [text, bar, table];
    for (const answer of answers) {
      expect(v1AnswerSchema.safeParse(toV1Answer(answer, ids)).success).toBe(true);
      expect(legacyAnswerSchema.safeParse(toLegacyAnswer(answer)).success).toBe(true);
    }
  });
});
