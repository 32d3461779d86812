/**
 * The words of people and the parts they play (issue 38, "roles and people"). Read by
 * semantic/role-relations.ts (a key column that names the role of the person it points at) and
 * semantic/people-table.ts (the one table of people a question's "people" or "who" means).
 */
import { wordList, words } from './word-family';

/** The nouns of a table whose rows are people (singular, as table-noun.ts and singularize give them). */
export const PEOPLE_TABLE_NOUNS = words(
  'employee', 'staff', 'person', 'people', 'worker', 'member', 'user', 'personnel', 'customer', 'client', 'student', 'teacher', 'guest', 'player',
  'driver', 'instructor', 'agent', 'visitor', 'tourist', 'passenger', 'patient', 'resident', 'author', 'artist', 'singer', 'actor', 'musician',
  'pilot', 'doctor', 'physician', 'nurse', 'candidate', 'voter', 'owner', 'participant', 'attendee', 'volunteer', 'buyer', 'seller', 'tenant',
  'applicant', 'contact', 'professor', 'lecturer', 'engineer', 'manager', 'host', 'traveler', 'traveller', 'reviewer', 'subscriber', 'donor',
);

/** The tables of people a key column can give a role ("driver_employee_id", "manager_staff_id"). */
export const ROLE_TARGET_NOUNS = words('employee', 'staff', 'person', 'people', 'worker', 'member', 'user', 'personnel', 'customer', 'client', 'student', 'teacher', 'guest', 'player');

/** The nouns of a table of the people who work for the business: "how many people work for us" counts them. */
export const WORKFORCE_TABLE_NOUNS = words('employee', 'staff', 'worker', 'personnel');

/**
 * Words that, before a person's noun in a key column, say what the row does rather than who the person is
 * ("recorded_by_staff_id", "assigned_to_staff_id"): a verb's trace, not a role's name.
 */
export const NOT_ROLE_WORDS = words('by', 'to', 'from', 'for', 'of', 'with', 'id', 'fk', 'ref', 'primary', 'main', 'default', 'secondary', 'other', 'new', 'old', 'current', 'previous', 'last', 'first', 'original');

/** What people call the workforce as a whole, when it is the schema's only table of people. */
export const PEOPLE_WORDS = wordList('people', 'person', 'workforce');

/**
 * How a question says someone is on the workforce, which adds nothing to the rows of a workforce table:
 * "how many people work for us" counts the employees. Read as filler (keyword-phrases.ts).
 */
export const WORKS_HERE_PHRASES = wordList('work for us', 'works for us', 'working for us', 'work here', 'works here', 'working here'); // "on the payroll" is business filler (business-filler.ts)

/**
 * The part a member of the workforce plays in a fact, by the fact's noun (singular): the staff on a lesson
 * is its instructor, the employee on a delivery its driver, the one on an order or a sale its sales rep.
 * Read by semantic/fact-roles.ts for a key column that names no role of its own ("staff_id" on lessons).
 */
export const FACT_ROLE_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['lesson', 'instructor'],
  ['delivery', 'driver'],
  ['shipment', 'driver'],
  ['order', 'sales rep'],
  ['sale', 'sales rep'],
];

/** The names a schema gives the firm that carries its goods ("shippers", "shipping_agent_code", "ship_via"). */
// Not a bare "carrier": a phone's carrier is a network, not a firm that ships.
export const SHIPPER_NAMES = words('shipper', 'shipping agent', 'shipping company', 'shipping method', 'ship via', 'shipping carrier');
/** What people call that firm: "orders by carrier", "which courier shipped the most". */
export const SHIPPER_WORDS = wordList('carrier', 'courier', 'shipping carrier', 'shipping company');
/** Name words that only say how a column holds the firm (its code, its name), dropped before comparing. */
export const HOLDER_WORDS = words('code', 'id', 'name', 'type', 'ref');

/**
 * The verb of a person's part in a row that the row's key already says ("the customers each support rep
 * looks after" are the customers that name the rep): read as filler, and kept whole so that "after" is not
 * read as "later than" (keyword-phrases.ts).
 */
export const LOOKS_AFTER_PHRASES = wordList('look after', 'looks after', 'looked after', 'looking after', 'take care of', 'takes care of', 'took care of');

/**
 * The words for the people a business sells to, and the table nouns that play that part under another
 * name: "customers" on a schema whose table is `accounts` or `clients` (roles.customer-table).
 */
export const CUSTOMER_WORDS = wordList('customer', 'client', 'buyer');
export const CUSTOMER_TABLE_NOUNS = wordList('customer', 'client', 'account', 'buyer', 'purchaser', 'shopper', 'patron');
