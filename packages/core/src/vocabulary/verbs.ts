/**
 * Verbs by what they say about the rows a plan reads (nl/verify/explain-verbs.ts checks an unknown verb
 * against the plan with them). All in their dictionary form.
 */
import { wordList, words } from './word-family';

/** Verbs that change or deny what a row says: never read as a mere link ("returned", "cancelled"). */
export const CHANGING_VERBS = words('return', 'cancel', 'refund', 'reject', 'fail', 'lose', 'delete', 'remove', 'deny', 'decline', 'drop', 'miss', 'quit', 'complain', 'dispute', 'deliver', 'ship', 'expire', 'break', 'damage', 'hate', 'dislike', 'block', 'ban', 'fire', 'suspend', 'close');
/** Verbs that only say a row is there, or is tied to another: "how many countries exist", "which country does the airline belong to". */
export const LINKING_VERBS = words('exist', 'belong', 'correspond', 'relate', 'associate', 'affiliate', 'serve', 'run', 'operate', 'contain', 'include', 'involve', 'feature', 'list', 'show', 'use', 'offer', 'provide', 'host', 'have', 'hold', 'own', 'possess');
/** Verbs that only say a row came to be or took place ("invoices we raised", "claims filed", "orders we took"). Not "log": "customers who logged in" did something else than come to be. */
export const COMING_TO_BE_VERBS = words('occur', 'happen', 'produce', 'make', 'create', 'build', 'manufacture', 'release', 'publish', 'open', 'found', 'establish', 'start', 'begin', 'record', 'register', 'hold', 'take', 'play', 'perform', 'stage', 'launch', 'construct', 'design', 'issue', 'print', 'write', 'form', 'raise', 'book', 'file', 'lodge', 'submit');
/**
 * Light verbs: they say only that the noun after them happened ("placed an order", "made a booking",
 * "had a lesson"), so "never placed an order" asks the same as "never had any order".
 */
export const LIGHT_VERBS = words('place', 'make', 'have', 'get', 'take', 'do', 'put', 'receive', 'submit');
/** Verbs of a sale ("units sold last month", "what customers spent"). */
export const SELLING_VERBS = words('sell', 'buy', 'purchase', 'spend', 'pay', 'earn', 'place');
/**
 * Verbs of a fact whose rows are named by another noun than the verb's own ("bought" -> the purchases,
 * orders or sales recorded): a verb -> the nouns its rows go by, tried after the verb's own dictionary form
 * and WordNet's derived nouns ("ordered" -> order, "booked" -> booking, "rented" -> rental).
 */
export const FACT_VERB_NOUNS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['buy', wordList('purchase', 'order', 'sale', 'invoice')],
  ['purchase', wordList('order', 'sale', 'invoice')],
  ['shop', wordList('purchase', 'order')],
  ['reserve', wordList('reservation', 'booking')],
  ['borrow', wordList('loan')],
  ['pay', wordList('payment')],
];
/**
 * Phrasal verbs read as the one verb they mean, each form with its one-word form: "bookings that came back
 * damaged" are the ones returned damaged, "coupons we handed out" the ones issued. Only phrases whose
 * meaning never depends on the schema.
 */
export const PHRASAL_VERB_FORMS: ReadonlyArray<readonly [verb: string, particle: string, meaning: string]> = [
  ['come', 'back', 'return'],
  ['comes', 'back', 'returns'],
  ['came', 'back', 'returned'],
  ['coming', 'back', 'returning'],
  ['brought', 'back', 'returned'],
  ['handed', 'out', 'issued'],
  ['given', 'out', 'issued'],
];
