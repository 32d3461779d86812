/**
 * Words that name the whole business, or point back at the subject, and so add nothing a query can say:
 * "reservations on the books", "trucks in our fleet", "customers with us", "payments made against it".
 * nl/lex/segment.ts reads them as noise, but only where the model names none of their words: on a schema
 * with a `fleets` table, "in our fleet" names it.
 */
import { wordList, words } from './word-family';

export const WHOLE_BUSINESS_PHRASES = wordList(
  'on the books', 'on our books', 'in our fleet', 'in the fleet', 'across the company', 'across our company',
  'across the business', 'in our business', 'with us', 'on our roster', 'on the roster', 'on our payroll',
  'on the payroll', 'in our portfolio', 'in our system', 'in the system', 'in our inventory', 'in our catalog',
  'in our catalogue', 'in our range',
);
/** "payments made against it": the pronoun after "against" is the subject the question asks about. */
export const BACK_REFERENCES = wordList('against it', 'against them');
/**
 * Verbs of what a business has on offer, in the present after "we": "how many products do we sell", "the
 * tracks we carry" ask what is in the catalogue, not what was sold ("have we sold" is a sale).
 */
export const CATALOGUE_VERBS = words('sell', 'carry', 'stock', 'offer', 'supply', 'provide', 'rent', 'hire', 'lease');
/** The particle of a phrasal verb, which stands where its object would: "shows up in the most bookings". */
export const VERB_PARTICLES = words('up', 'out');
