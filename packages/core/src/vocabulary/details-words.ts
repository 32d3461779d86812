/**
 * "information" and "info" for a "details" column: "the ids and information of all accounts" asks for
 * account_details as surely as "the ids and details" does ("contact details" are contact information).
 * WordNet does not list the two as synonyms (nl/lex/details-aliases.ts adds them).
 */
import { wordList, words } from './word-family';

/** The last word of a column name that holds free-text details. */
export const DETAILS_HEADS = words('details', 'detail');
/** What people call such a column instead, in the order the aliases are made. */
export const DETAILS_ALIASES = wordList('information', 'info');
