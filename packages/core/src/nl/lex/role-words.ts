/**
 * The words a field's name uses for the two ends of a journey or a transfer (vocabulary/role-words.ts), as
 * the patterns a name is matched against for the role a question names ("departing from" -> source,
 * "arriving in" -> destination). A word of the name, not a part of one: "tokens" holds no "to".
 */
import { DESTINATION_NAME_WORDS, SOURCE_NAME_WORDS } from '../../vocabulary/role-words';

const anyWordOf = (list: readonly string[]): RegExp => new RegExp(`(^| )(${list.join('|')})( |$)`);

export const ROLE_WORDS = {
  source: anyWordOf(SOURCE_NAME_WORDS),
  destination: anyWordOf(DESTINATION_NAME_WORDS),
} as const;
