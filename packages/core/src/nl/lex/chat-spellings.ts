/**
 * Texting spellings ("hw many orders r there"): a word the first reading left unknown is read again as the
 * word it stands for (vocabulary/chat-spellings.ts), and the question is segmented once more with it, so
 * "hw" + "many" can form "how many". Only unknown words are rewritten: a column, a value or a keyword that
 * happens to be spelt "r" or "u" keeps its meaning.
 */
import { CHAT_SPELLINGS } from '../../vocabulary';
import type { DateRangeMatch } from '../../time/date-phrases';
import type { Lexicon } from './lexicon';
import { segment, type Chunk } from './segment';
import { stemWord } from './stem';
import type { Token } from './tokenize';
import type { ValueIndex } from '../../semantic/value-index';

const SPELLED: ReadonlyMap<string, string> = new Map(CHAT_SPELLINGS);

export function segmentReadingChatSpellings(tokens: readonly Token[], dates: readonly DateRangeMatch[], lexicon: Lexicon, values: ValueIndex): Chunk[] {
  const chunks = segment(tokens, dates, lexicon, values);
  const unknown = new Set(chunks.filter((chunk) => chunk.kind === 'unknown' && chunk.to === chunk.from + 1).map((chunk) => chunk.from));
  const rewritten = tokens.map((token, i) => {
    const word = unknown.has(i) && token.quoted !== true ? SPELLED.get(token.text) : undefined;
    return word === undefined ? token : { ...token, text: word, stem: stemWord(word), cased: word };
  });
  return rewritten.some((token, i) => token !== tokens[i]) ? segment(rewritten, dates, lexicon, values) : chunks;
}
