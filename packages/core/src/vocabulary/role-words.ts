/**
 * The words a field's name uses for the two ends of a journey or a transfer, matched against the role a
 * question names ("departing from" -> source, "arriving in" -> destination). nl/lex/role-words.ts makes
 * them the patterns a name is matched with.
 */
import { wordList } from './word-family';

export const SOURCE_NAME_WORDS = wordList('source', 'src', 'origin', 'from', 'departure', 'departing', 'start', 'outbound', 'sender');
export const DESTINATION_NAME_WORDS = wordList('dest', 'destination', 'to', 'arrival', 'arriving', 'target', 'end', 'inbound', 'receiver', 'recipient');
