import type { V1Answer } from '@askdata/contract';
import { judgeAnswer } from './judge-answer';

type WithoutIds<U> = U extends unknown ? Omit<U, 'id' | 'conversationId'> : never;
const answer = (body: WithoutIds<V1Answer>): V1Answer => ({ id: 'a', conversationId: 'c', ...body });

describe('judgeAnswer: what the caller sees against the gold rows', () => {
  it('reads table cells back from their display form', () => {
    const table = answer({ type: 'table', message: 'm', table: { headers: ['Name', 'Revenue', 'Share'], rows: [['Ann', '$1,234.50', '15.3%'], ['Bob', '$10.00', '2%']] } });
    expect(judgeAnswer({ gold: [['Ann', 1234.5], ['Bob', 10]], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(true);
    expect(judgeAnswer({ gold: [['Ann', 1234.51]], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(false);
  });

  it('compares gold periods and dates through the same formatting the answer uses', () => {
    const chart = answer({ type: 'chart', message: 'm', chart: { type: 'line', data: [{ label: 'October 2026', value: 3 }, { label: 'November 2026', value: 4 }] } });
    expect(judgeAnswer({ gold: [['2026-10', 3], ['2026-11', 4]], answer: chart, question: 'q', ordered: true, rowCount: 2 }).match).toBe(true);
    expect(judgeAnswer({ gold: [['2026-09', 3], ['2026-11', 4]], answer: chart, question: 'q', ordered: true, rowCount: 2 }).match).toBe(false);
  });

  it('takes a text answer as right only when it states every gold value, not when the question did', () => {
    const text = answer({ type: 'text', message: 'There were 12 orders over $500 in 2025.' });
    expect(judgeAnswer({ gold: [[12]], answer: text, question: 'orders over $500 in 2025', ordered: false, rowCount: 1 }).match).toBe(true);
    expect(judgeAnswer({ gold: [[500]], answer: text, question: 'orders over $500 in 2025', ordered: false, rowCount: 1 }).match).toBe(false);
    expect(judgeAnswer({ gold: [['Ann']], answer: answer({ type: 'text', message: 'Annabel leads.' }), question: 'q', ordered: false, rowCount: 1 }).match).toBe(false);
  });

  it('reads compact prose figures at the precision shown', () => {
    const text = answer({ type: 'text', message: 'Revenue was $2.1M last month.' });
    expect(judgeAnswer({ gold: [[2_134_567]], answer: text, question: 'q', ordered: false, rowCount: 1 }).match).toBe(true);
    expect(judgeAnswer({ gold: [[2_234_567]], answer: text, question: 'q', ordered: false, rowCount: 1 }).match).toBe(false);
  });

  it('treats "nothing matched" as the empty result, and only then', () => {
    const none = answer({ type: 'text', message: 'No orders matched in Laptop.' });
    expect(judgeAnswer({ gold: [], answer: none, question: 'q', ordered: false, rowCount: 0 }).match).toBe(true);
    expect(judgeAnswer({ gold: [[3]], answer: none, question: 'q', ordered: false, rowCount: 0 }).match).toBe(false);
    expect(judgeAnswer({ gold: [[0]], answer: answer({ type: 'text', message: 'There were no orders over $500.' }), question: 'orders over $500', ordered: false, rowCount: 1 }).match).toBe(true);
  });

  it('reads booleans shown as Yes/No against T/F or true/false gold', () => {
    const table = answer({ type: 'table', message: 'm', table: { headers: ['Name', 'Full time'], rows: [['Ann', 'Yes'], ['Bob', 'No']] } });
    expect(judgeAnswer({ gold: [['Ann', 'T'], ['Bob', 'F']], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(true);
    expect(judgeAnswer({ gold: [['Ann', 'F'], ['Bob', 'T']], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(false);
  });

  it('accepts a person named once for gold first and last name columns, and only the right person', () => {
    const table = answer({ type: 'table', message: 'm', table: { headers: ['Author', 'Books'], rows: [['Margaret Okafor', '3'], ['Priya Raman', '3']] } });
    expect(judgeAnswer({ gold: [['Margaret', 'Okafor', 3], ['Priya', 'Raman', 3]], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(true);
    expect(judgeAnswer({ gold: [['Margaret', 'Raman', 3], ['Priya', 'Okafor', 3]], answer: table, question: 'q', ordered: false, rowCount: 2 }).match).toBe(false);
  });
});
