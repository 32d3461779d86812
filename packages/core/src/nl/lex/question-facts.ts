/**
 * Facts about the question's words as a whole that the builder needs and that no single rule decides: is
 * anything joined by "and" or a comma, are the entities named joined by "and", does it open with a
 * follow-up cue, which source/destination role words it uses. Computed once from the chunks, so the
 * builder never reads words again.
 */
import { keywordKind } from './chunk-queries';
import type { Chunk } from './segment';

export interface QuestionFacts {
  /** Words or commas join parts of the question ("revenue and orders", "name, age"). */
  coordination: boolean;
  /** Two or more entities are named, each joined to the one before by "and" ("the teachers and the courses they teach"). */
  coordinatedEntities: boolean;
  /** It opens with a follow-up cue or "and" ("and by month?", "what about last year?"). */
  leadingCue: boolean;
  /** The first source/destination role word ("departing from", "arriving at"), if any. */
  role?: 'source' | 'destination';
}

export function questionFacts(chunks: readonly Chunk[]): QuestionFacts {
  const entityAt = chunks.flatMap((chunk, i) => (chunk.kind === 'lex' && chunk.entries.some((e) => e.kind === 'entity') ? [i] : []));
  const first = chunks[0];
  const role = chunks.map((c) => keywordKind(c, 'role')).find((r) => r !== undefined)?.role;
  return {
    coordination: chunks.some((c) => keywordKind(c, 'and') !== undefined || c.text === ','),
    coordinatedEntities: entityAt.length >= 2 && entityAt.slice(1).every((at, k) => chunks.slice(entityAt[k]! + 1, at).some((c) => keywordKind(c, 'and') !== undefined)),
    leadingCue: first !== undefined && (keywordKind(first, 'cue') !== undefined || keywordKind(first, 'and') !== undefined),
    ...(role === undefined ? {} : { role }),
  };
}
