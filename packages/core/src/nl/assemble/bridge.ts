/**
 * Many-to-many questions: "the number of concerts for each singer" (singers and concerts meet in
 * singer_in_concert), "the shop with the most employees" (through hiring), "teachers and the courses they
 * teach". Neither entity reaches the other many-to-one, but one entity — the link — reaches every one of
 * them; its rows are the pairs the question is about. Exactly one such link must exist.
 */
import type { Lexicon } from '../lex/lexicon';

export function bridgeEntity(lexicon: Lexicon, entities: readonly string[]): string | undefined {
  const wanted = [...new Set(entities)];
  const candidates = Object.keys(lexicon.model.entities).filter((candidate) =>
    wanted.every((entity) => {
      const reach = lexicon.reach(candidate, entity);
      return reach !== undefined && !reach.ambiguous;
    }),
  );
  if (candidates.length <= 1) return candidates[0];
  // Prefer the link closest to all of them (fewest hops in total); a tie is ambiguous.
  const cost = (candidate: string): number => wanted.reduce((sum, entity) => sum + (lexicon.reach(candidate, entity)?.hops ?? 99), 0);
  const best = Math.min(...candidates.map(cost));
  const cheapest = candidates.filter((c) => cost(c) === best);
  return cheapest.length === 1 ? cheapest[0] : undefined;
}
