/**
 * The answer to a question back between two readings (ask-between.ts): "the first", "the second one",
 * "the latter", or the words of one option ("customer country"). The planner re-reads the earlier
 * question, which gives the same two readings (reading is deterministic), and takes the one picked. Only a
 * short reply counts: a longer question that happens to contain an option's words is a question of its own.
 */
import { normalizeQuestion } from '../lex/tokenize';

const FIRST = /^(?:the )?(?:first|former|1st|1|one|option 1|first one)(?: one)?$/;
const SECOND = /^(?:the )?(?:second|latter|other|2nd|2|two|option 2|second one)(?: one)?$/;

/** At most this many words in a reply that picks by an option's words. */
const MAX_PICK_WORDS = 6;

/** Which of the two options a reply picks (0 or 1), or undefined when it is not such a reply. */
export function pickedOption(reply: string, options: readonly [string, string]): 0 | 1 | undefined {
  const words = normalizeQuestion(reply).replace(/[?.!,]/g, ' ').replace(/\b(?:i mean|please|by|the|one|thanks?)\b/g, ' ').replace(/\s+/g, ' ').trim();
  const whole = normalizeQuestion(reply).replace(/[?.!,]/g, '').replace(/\s+/g, ' ').trim().replace(/^(?:i mean |please )/, '');
  if (FIRST.test(whole)) return 0;
  if (SECOND.test(whole)) return 1;
  if (words === '' || words.split(' ').length > MAX_PICK_WORDS) return undefined;
  // Every word of the reply is a word of that option (a possessive "'s" aside), and not of the other.
  const replyWords = words.replace(/'s\b/g, '').split(' ');
  const said = (option: string): boolean => {
    const optionWords = new Set(normalizeQuestion(option).replace(/[()]/g, ' ').split(/\s+/));
    return replyWords.every((w) => optionWords.has(w));
  };
  const [first, second] = [said(options[0]), said(options[1])];
  if (first === second) return undefined;
  return first ? 0 : 1;
}

/** Cheap test first: only a short reply can pick, so only then is the earlier question read again. */
export const couldPick = (reply: string): boolean => reply.trim().split(/\s+/).length <= MAX_PICK_WORDS + 2;
