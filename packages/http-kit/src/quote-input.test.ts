/** The cut itself (issue 35, F9): short text untouched, long text cut to the bound with an ellipsis, no half characters. */
import { MAX_QUOTED_CHARS, quoteIssue, quotePrefix } from './quote-input';

describe('quotePrefix', () => {
  it('leaves text within the bound as it is', () => {
    expect(quotePrefix('body.question')).toBe('body.question');
    expect(quotePrefix('x'.repeat(MAX_QUOTED_CHARS))).toBe('x'.repeat(MAX_QUOTED_CHARS));
  });

  it('cuts longer text to the bound, ending in an ellipsis', () => {
    const quoted = quotePrefix('A'.repeat(3_000));
    expect(quoted).toHaveLength(MAX_QUOTED_CHARS);
    expect(quoted).toBe(`${'A'.repeat(MAX_QUOTED_CHARS - 1)}…`);
    expect(quotePrefix('abcdefghij', 5)).toBe('abcd…');
  });

  it('never ends in half a surrogate pair', () => {
    expect(quotePrefix(`abc${'😀'.repeat(10)}`, 5)).toBe('abc…');
    expect(quotePrefix(`abc${'😀'.repeat(10)}`, 6)).toBe('abc😀…');
  });

  it('cuts both the path and the message of an issue', () => {
    expect(quoteIssue({ path: `query.${'k'.repeat(500)}`, message: 'm'.repeat(500) })).toEqual({ path: expect.stringMatching(/^query\.k+…$/), message: expect.stringMatching(/^m+…$/) });
  });
});
