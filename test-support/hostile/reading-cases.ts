/**
 * Questions that probe how the engine reads words, shared by both apps' hostile suites (api-v1 and
 * ask-legacy run the same cases through their own bodies):
 * - Unicode: text is folded (NFKC, lower case) before reading, and a word that cannot be read is named
 *   in a decline, never dropped (issue 12, item 8);
 * - the value oracle: organisation 1 naming another organisation's product, city or category, spelt
 *   right or wrong, gets exactly the answer it gets for a word no organisation has (item 4);
 * - absurd numbers: a threshold of 1e23 is stated in a form a person can read.
 * `ask(question, orgId)` returns the answer's message.
 */
export type AskMessage = (question: string, orgId: number) => Promise<string>;

/** A figure in a message: "$1,234.56", "1,284". */
const FIGURE = /\$?\d[\d,]*(?:\.\d+)?/;

export interface OracleCase {
  label: string;
  /** Asked by organisation 1; names a value only organisation 2 has. */
  question: string;
  /** The value as another organisation stores it: it must never come back to organisation 1. */
  foreignValue: string;
  /** The same question with a word no organisation has, in place of `asked`. */
  control: string;
  asked: string;
  nonsense: string;
}

const oracle = (label: string, template: string, asked: string, nonsense: string, foreignValue: string): OracleCase => ({
  label,
  question: template.replace('{}', asked),
  control: template.replace('{}', nonsense),
  asked,
  nonsense,
  foreignValue,
});

/** Organisation 2's (Paper & Pine) product, city and category; organisation 1 (Brightbyte) has none of them. */
export const oracleCases: OracleCase[] = [
  oracle('misspelt product of another organisation', 'revenue for {} simple', 'ottolengi', 'quvwxzy', 'Ottolenghi Simple'),
  oracle('misspelt city of another organisation', 'revenue in {}', 'portlnd', 'qorwlnd', 'Portland'),
  oracle('misspelt category of another organisation', 'revenue for {}', 'fictoin', 'fuxtoin', 'Fiction'),
  oracle('exactly spelt city of another organisation', 'revenue in {}', 'portland', 'qortland', 'Portland'),
  oracle('exactly spelt category of another organisation', 'how many orders in {}', 'cookbooks', 'cuukbooks', 'Cookbooks'),
];

export function describeReadingSuite(ask: AskMessage): void {
  describe('Unicode is folded before reading; an unreadable word is named, never dropped', () => {
    it('reads fullwidth letters as the word they fold to: "Ｌａｐｔｏｐ" answers Laptop revenue', async () => {
      const fullwidth = await ask('revenue for Ｌａｐｔｏｐ', 1);
      expect(fullwidth).toBe(await ask('revenue for laptop', 1));
      expect(fullwidth).toMatch(/Laptop/);
      expect(fullwidth).toMatch(FIGURE);
    });

    it.each([['東京'], ['ß'], ['Straße'], ['٣٤']])('declines "revenue for %s" and names the word instead of answering the unfiltered total', async (word) => {
      const message = await ask(`revenue for ${word}`, 1);
      expect(message).toContain(`"${word.toLowerCase()}"`);
      expect(message).toMatch(/did not understand/);
      expect(message).not.toMatch(/^Revenue was/);
    });

    it('reads through invisible characters the caller cannot see (zero-width space, bidi override)', async () => {
      expect(await ask('how many or\u200Bders are there?', 1)).toBe(await ask('how many orders are there?', 1));
      expect(await ask('how many \u202Eorders\u202C are there?', 1)).toBe(await ask('how many orders are there?', 1));
    });
  });

  describe('the value oracle: another organisation\'s values are never matched, corrected or confirmed', () => {
    it.each(oracleCases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
      const answer = await ask(c.question, 1);
      expect(answer).not.toContain(c.foreignValue);
      const control = await ask(c.control, 1);
      expect(answer).toBe(control.split(c.nonsense).join(c.asked));
    });

    it('still matches and corrects the caller\'s own values', async () => {
      expect(await ask('revenue for ottolengi simple', 2)).toMatch(/Ottolenghi Simple/);
      expect(await ask('revenue in portlnd', 2)).toMatch(/Portland/);
    });
  });

  describe('absurd numbers', () => {
    it('states a threshold of 1e23 in scientific notation, not as "$100,000,000,000.0T"', async () => {
      const message = await ask('How many orders over $100000000000000000000000?', 1);
      expect(message).toContain('$1E23');
      expect(message).not.toMatch(/\d{3},\d{3}.*T\b/);
    });
  });
}
