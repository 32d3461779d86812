/**
 * The patterns by which a plan's names carry the trace of a verb (verify/explain-verbs.ts): a participle in a
 * column's label ("joined on"), a verb and its particle written as one word ("signup date"), and a label
 * that dates a row ("open year").
 */

/** The ending of a past participle: "joined", "written". */
export const PARTICIPLE_ENDING = /(ed|en)$/;
/** A verb and its particle written as one word: "signup", "login", "checkout" (the verb is the first group). */
export const VERB_WITH_PARTICLE = /^([a-z]{3,})(up|in|out|off|on|down|over)$/;
/** A label that names when a row came to be: "opening year", "release date". */
export const DATE_LABEL = /(^| )(year|date|day|time)$/;
