/**
 * "information" and "info" for a "details" column: "the ids and information of all accounts" asks for
 * account_details as surely as "the ids and details" does ("contact details" are contact information).
 * WordNet does not list the two as synonyms, and "information" is a filler word on its own ("the
 * information", keywords.ts), so without this the column is silently left out of the answer. Only a field
 * whose name ends in "details" (or "detail") is meant; the aliases are weaker evidence, like any synonym.
 */
import { DETAILS_ALIASES, DETAILS_HEADS } from '../../vocabulary/details-words';

/** "account details" -> ["account information", "account info"]; a label not ending in "details" has none. */
export function detailsAliases(label: string): string[] {
  const words = label.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  const head = words.at(-1);
  if (head === undefined || !DETAILS_HEADS.has(head)) return [];
  return DETAILS_ALIASES.map((alias) => [...words.slice(0, -1), alias].join(' '));
}
