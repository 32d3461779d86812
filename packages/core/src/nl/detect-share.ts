/**
 * Shares: "what share of revenue comes from laptops", "what percentage of orders are from Boston customers".
 * The word after "share of" is the whole (a measure, or the rows of an entity); the filters of the question
 * name the part. build-shapes turns it into a `share` measure.
 */
import { countOf } from './detect-measure';
import { type Reading, consume, entityEntries, keywordKind, measureEntries, nextMeaningful } from './reading';

export function detectShare(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i] || keywordKind(chunks[i], 'share') === undefined) continue;
    reading.share = true;
    const next = nextMeaningful(reading, i);
    const target = chunks[next];
    if (target !== undefined && target.kind === 'lex') {
      const entities = entityEntries(target.entries);
      const measures = measureEntries(target.entries);
      if (entities.length > 0) reading.measures.push(countOf(reading, entities[0]!));
      else if (measures.length > 0) reading.measures.push({ kind: 'model', ...measures[0]! });
      if (entities.length > 0 || measures.length > 0) {
        consume(reading, [i, next]);
        continue;
      }
    }
    consume(reading, [i]);
  }
}
