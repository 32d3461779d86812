/**
 * Texting spellings of everyday words ("hw many orders r there"), each with the word it stands for. Read
 * only where a word is otherwise unknown (nl/lex/chat-spellings.ts), so a column, a value or a keyword
 * spelt the same way ("r" as a grade, "u" as a code) is never rewritten.
 */
export const CHAT_SPELLINGS: ReadonlyArray<readonly [spelling: string, word: string]> = [
  ['hw', 'how'],
  ['r', 'are'],
  ['u', 'you'],
  ['ur', 'your'],
  ['pls', 'please'],
  ['plz', 'please'],
  ['thx', 'thanks'],
  ['wat', 'what'],
  ['wht', 'what'],
  ['whr', 'where'],
  ['wen', 'when'],
  ['hv', 'have'],
  ['abt', 'about'],
  ['b4', 'before'],
];
