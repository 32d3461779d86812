/**
 * "And how much is payable in each group?", "and the average price for each of them?": after an answer
 * broken down into groups, "each group" points at those groups, so the follow-up keeps the breakdown and
 * only replaces the measure (assemble/follow-up.ts). The words name nothing of the schema, so they are
 * taken out before the question is read; a question without a grouped answer before it keeps them (and
 * is declined for the word "group" it cannot place), and so does a schema that has something called a
 * group ("students in each group" on a table of groups).
 */
import type { QueryPlan } from '../../plan/query-plan';
import type { Lexicon } from '../lex/lexicon';
import { phraseKey } from '../lex/stem';

const SAME_GROUPS = /\s+(?:(?:in|for)\s+each(?:\s+of\s+(?:them|those|these)|\s+(group|one))|per\s+(group)|by\s+(group))(?=\s*[?.!]*\s*$)/i;

export function withoutSameGroups(question: string, previous: QueryPlan | undefined, lexicon: Lexicon): string {
  if (previous?.kind !== 'aggregate' || previous.dimensions.length === 0) return question;
  const match = SAME_GROUPS.exec(question);
  if (match === null) return question;
  const noun = (match[1] ?? match[2] ?? match[3])?.toLowerCase();
  if (noun !== undefined && lexicon.phrases.has(phraseKey(noun))) return question;
  return question.slice(0, match.index) + question.slice(match.index + match[0].length);
}
