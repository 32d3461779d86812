/**
 * How people open a follow-up that narrows the previous question, read as the words the engine already
 * knows for it, before anything else reads the question:
 * - "restricted to Canada", "limit it to 2010", "narrow it down to the USA" open it as "only" does;
 * - "leave out the cancelled ones", "take out refunds", "drop the returns" open it as "excluding" does.
 * Only in a conversation (outside one there is nothing to restrict), and only at the opening of the
 * question: "flights that leave out of Denver" keeps its own reading.
 */
const ONLY_OPENING = /^(\s*(?:and\s+|but\s+|now\s+)?)(?:restricted|restrict(?:\s+(?:it|that|this))?|limited|limit(?:\s+(?:it|that|this))?|narrow(?:ed)?(?:\s+(?:it|that|this))?\s+down|filtered|filter(?:\s+(?:it|that|this))?)\s+to\b/i;
const EXCLUDING_OPENING = /^(\s*(?:and\s+|but\s+|now\s+)?)(?:(?:leave|leaving|take|taking)\s+out(?!\s+of\b)|drop|dropping|remove|removing|minus)\b/i;

export function readAsKnownOpening(question: string, inConversation: boolean): string {
  return inConversation ? question.replace(ONLY_OPENING, '$1only').replace(EXCLUDING_OPENING, '$1excluding') : question;
}
