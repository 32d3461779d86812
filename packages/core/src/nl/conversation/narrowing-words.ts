/**
 * "restricted to Canada", "limit it to 2010", "narrow it down to the USA": in a conversation these open a
 * follow-up exactly as "only" does ("only Canada"). They are read as "only" before anything else reads the
 * question, so every rule that knows "only" as a follow-up cue applies; outside a conversation the words
 * are left as they are (there is nothing to restrict).
 */
const NARROWING_OPENING = /^(\s*(?:and\s+|but\s+|now\s+)?)(?:restricted|restrict(?:\s+(?:it|that|this))?|limited|limit(?:\s+(?:it|that|this))?|narrow(?:ed)?(?:\s+(?:it|that|this))?\s+down|filtered|filter(?:\s+(?:it|that|this))?)\s+to\b/i;

export function readAsOnly(question: string, inConversation: boolean): string {
  return inConversation ? question.replace(NARROWING_OPENING, '$1only') : question;
}
