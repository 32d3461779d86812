/**
 * The wording that says whether a question wants a count (verify/count-not-asked.ts): how it opens, and the
 * words that make a count the answer. Matched on the normalised (lower-case) question.
 */

/** Openings that ask for a thing by name: "what is the ...", "who are ...". */
export const ASKS_WHAT_IT_IS = /^(what|which|who|whose)\s+(is|are|was|were)\b/;
/**
 * Requests for a thing: "show the start dates ...", "give the role ...". "Show orders by month" is a
 * headline too, so a request is only held to this when its answer is one bare figure.
 */
export const REQUESTS_A_THING = /^(show|list|give|find|display|return|tell)\b/;

/**
 * Words that make a count the answer: counting ("how many", "number", "total"), comparing amounts ("most",
 * "fewest", "more than"), frequency ("often", "popular", "common"), and the proportions and breakdowns a
 * count underlies ("share", "per", "breakdown", "trend").
 */
export const COUNTING_WORDS = /\b(how\s+many|many|much|number|numbers|count|counts|counted|counting|total|totals|tally|amount|quantity|sum|most|least|fewest|fewer|more|less|popular|commonest|common|frequent|frequently|often|times|percentage|percent|share|proportion|fraction|ratio|rate|per|vs|versus|compare|compared|breakdown|distribution|split|trend|volume)\b/;
