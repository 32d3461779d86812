import type { ItemResult } from '../lib/run-items';
import { countDeclineReasons, declineReasons, declineReasonsMarkdown } from './decline-reasons';

const declined = (id: string, detail: string, verdict: ItemResult['verdict'] = 'declined'): ItemResult => ({
  item: { id, class: 'db', question: id, gold: verdict === 'correct-decline' ? { decline: true } : { sql: 'SELECT 1' }, ordered: false },
  verdict,
  answered: false,
  detail,
  ms: 1,
});

describe('declineReasons', () => {
  it('lists each word the engine did not understand and drops what it did understand', () => {
    const message = 'I understood "average", "per day". I did not understand "Weight", "defenders". So I will not guess a figure. You could ask: “Number of clubs by city”.';
    expect(declineReasons(message)).toEqual(['did not understand "weight"', 'did not understand "defenders"']);
  });

  it('turns other reasons into kinds: quoted parts and entity names made generic, "e.g." not a sentence end', () => {
    const message =
      'I understood "city", "flights". "city" cannot be related to flights. A ranking needs something to rank (e.g. "top 5 products by revenue"). Trips have no date to filter or group on. So I will not guess a figure.';
    expect(declineReasons(message)).toEqual(['«…» cannot be related to «entity».', 'A ranking needs something to rank (e.g. «…»).', '«entity» have no date to filter or group on.']);
  });

  it('makes the question of which date generic: one kind of reason whatever the table and its dates', () => {
    expect(declineReasons('I understood "how many campaigns". Which date of campaigns: "start date" or "end date"?. So I will not guess a figure.')).toEqual(['Which date of «entity»: «dates»?']);
  });
});

describe('countDeclineReasons', () => {
  it('counts reasons once per declined answerable question, most frequent first, ignoring correct declines', () => {
    const results = [
      declined('a', 'I understood "x". I did not understand "first". So I will not guess a figure.'),
      declined('b', 'I understood "y". I did not understand "first", "year". So I will not guess a figure.'),
      declined('c', 'I did not understand "year". Not sure what "z" is for here. So I will not guess a figure.'),
      declined('d', 'I did not understand "salary". So I will not guess a figure.', 'correct-decline'),
    ];
    expect(countDeclineReasons(results)).toEqual([
      { reason: 'did not understand "first"', count: 2 },
      { reason: 'did not understand "year"', count: 2 },
      { reason: 'Not sure what «…» is for here.', count: 1 },
    ]);
    expect(declineReasonsMarkdown(results, 2)).toContain('| did not understand "year" | 2 |');
    expect(declineReasonsMarkdown(results, 2)).not.toContain('Not sure');
  });
});
