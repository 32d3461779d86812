/**
 * The grammar words the rules look for, spelt once: the forms of "to be", "have" and "do", relatives,
 * articles and quantifiers, negations, time adverbs, linking words. A rule that needs "a form of to be"
 * names the set here instead of writing its own pattern, so one change reaches every rule.
 */
import { words } from './word-family';

/** Finite forms of "to be" that link a subject to what it is ("whose age is 32", "bikes that are electric"). */
export const BE_FINITE = words('is', 'are', 'was', 'were');
/** Every form of "to be" a question uses. */
export const BE_FORMS = words('is', 'are', 'was', 'were', 'be', 'been');
export const HAVE_FORMS = words('has', 'have', 'had');
export const DO_FORMS = words('do', 'does', 'did');
/** Relative words that open a clause about the noun before them ("students who", "clubs that"). */
export const RELATIVES = words('who', 'that', 'which');
/** Question words that ask for the noun after them ("which cities", "what nationalities"). */
export const WH_WORDS = words('which', 'what');
/** Words that quantify the noun after them ("a concert", "any employee", "the car"). */
export const QUANTIFIERS = words('a', 'an', 'any', 'some', 'single', 'one', 'the');
/** Indefinite quantifiers: "used in a document", "did not hire any employee". */
export const INDEFINITES = words('a', 'an', 'any', 'some');
/** Possessive determiners a phrase may take in place of "the" ("their age", "its name"). */
export const DETERMINERS = words('the', 'its', 'their');
/** Prepositions that may follow a verb before its object ("used by", "works in"). */
export const VERB_PREPOSITIONS = words('by', 'in', 'for', 'on', 'at', 'to', 'with');
/** Adverbs of time that change nothing a query can say ("still in service", "currently active"). */
export const TIME_ADVERBS = words('still', 'currently', 'now', 'presently', 'already');
/** Prefix-like negations written as a word before an adjective ("non electric", "not fixed"). */
export const NEGATION_PREFIXES = words('non', 'not', 'no', 'un');
/** Negated "have": "with no manager", "has no genre". */
export const NEGATED_HAVE = words('no', 'with no', 'have no', 'has no', 'had no', 'without a', 'without an', 'without');
/** Negated verbs: "has not been returned", "never paid". */
export const NEGATED_VERB = words('not', 'have not', 'has not', 'had not', 'never', 'havent', 'hasnt', 'isnt', 'arent', 'wasnt', 'werent');
/** Openings that ask which rows exist ("Are there customers who never ordered?"): answered by listing them. */
export const EXISTENCE_OPENINGS = words('are there', 'is there', 'are there any', 'is there any');
/** Verbs of having that introduce related rows ("with a pet", "owning a car", "that include X"). */
export const HAVING = words('with', 'have', 'has', 'having', 'had', 'own', 'owns', 'owning', 'contain', 'contains', 'containing', 'include', 'includes', 'including');
/** Words after a column that only say it was never filled in ("no manager listed"). */
export const RECORDED = words('listed', 'recorded', 'given', 'set', 'entered', 'specified', 'known', 'yet', 'on file');
/** Words that only stress that counted things differ ("3 different cities", "a single flight"). */
export const COUNT_QUALIFIERS = words('single', 'different', 'distinct', 'separate');
/** Words between an order phrase and its field that change nothing: "of", "by", "the", "their". */
export const SORT_LINKS = words('of', 'by', 'for', 'the', 'their', 'its', 'his', 'her', 'on', 'according', 'to', 'a');
/** Quantifiers of a whole set ("every teacher", "each of"): with nothing to aggregate they add nothing. */
export const EVERY_WORDS = words('every', 'each', 'all', 'for each', 'for every', 'of each', 'of every');
/** A trailing "each" that points back at the listed category. */
export const TRAILING_EACH = words('each', 'for each', 'of each', 'every', 'for every', 'in each');
/** Words that mark an average over groups ("per customer", "in each city ... on average"). */
export const PER_WORDS = words('per', 'for every', 'every', 'each', 'for each', 'in each', 'by each');

/** Words after which a base-form verb follows: "who teach", "that own", "they play", "did not visit". */
export const BEFORE_VERB = words('who', 'that', 'they', 'to', 'do', 'does', 'did', 'not', 'never', 'can', 'could', 'will', 'would', 'we', 'you', 'i');
/** Words after a verb that show it has an object ("sold the most", "made more", "cost at least", "use each"). */
export const BEFORE_OBJECT = words('the', 'a', 'an', 'any', 'some', 'no', 'more', 'most', 'fewer', 'less', 'at', 'each', 'every');
/** Singular verbs after a noun: "which of the countries has the most car makers" asks for one. */
export const SINGULAR_VERBS = words('has', 'is', 'was', 'does');
/** Words between a negation and its participle: "has not been returned yet". */
export const PERFECT_AUXILIARIES = words('been', 'be', 'yet');
/** Words that introduce a value's name: "the singer named Joe", "whose title is Emma". */
export const NAMING_WORDS = words('named', 'called', 'is', 'of', '=');

/** Is `word` (absent at the question's ends) one of `family`? */
export const isIn = (family: ReadonlySet<string>, word: string | undefined): boolean => word !== undefined && family.has(word);
