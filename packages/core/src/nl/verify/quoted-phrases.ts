/**
 * Text in quotes ("songs with 'Hey' in the title", "the template type 'PPT'") is the one part of a
 * question the asker marked as exact. A plan that leaves it out answers a broader question than the
 * one asked, so a quoted phrase whose words no used chunk covers is named as not understood.
 */
import { foldText } from '../lex/tokenize';
import type { Chunk } from '../lex/segment';

/** Quotes that open at a word start and close at a word end, so "shop's" and "it's" are not quotes. */
const QUOTED = /(?:^|[\s(])["'“‘]([^"'“”‘’]{1,80})["'”’](?=[\s).,;:?!]|$)/gu;

const wordsOf = (text: string): string[] => foldText(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);

export function unusedQuotedPhrases(question: string, chunks: readonly Chunk[], used: readonly boolean[]): string[] {
  const covered = new Set(chunks.flatMap((chunk, i) => (used[i] && chunk.kind !== 'keyword' ? wordsOf(chunk.text) : [])));
  const unused: string[] = [];
  for (const match of question.matchAll(QUOTED)) {
    const phrase = match[1]!.trim();
    const words = wordsOf(phrase);
    if (words.length > 0 && !words.every((word) => covered.has(word))) unused.push(phrase);
  }
  return unused;
}
