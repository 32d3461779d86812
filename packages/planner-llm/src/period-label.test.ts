import { periodLabel } from './period-label';

describe('periodLabel: the name of a period, from its days only', () => {
  it.each<[string | null, string | null, string]>([
    ['2025-01-01', '2026-01-01', '2025'],
    ['2025-07-01', '2025-10-01', 'Q3 2025'],
    ['2026-10-01', '2026-11-01', 'October 2026'],
    ['2026-11-03', '2026-11-04', 'on 3 Nov 2026'],
    ['2026-11-03', '2026-11-15', 'from 3 Nov 2026 to 14 Nov 2026'],
    ['2025-12-01', '2026-03-01', 'from 1 Dec 2025 to 28 Feb 2026'],
    ['2025-06-01', null, 'since 1 Jun 2025'],
    [null, '2025-06-01', 'before 1 Jun 2025'],
  ])('%s .. %s -> %s', (start, end, label) => {
    expect(periodLabel(start, end)).toBe(label);
  });
});
