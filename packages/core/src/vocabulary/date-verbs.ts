/**
 * The verbs people use for the event a date column records: "campaigns that started in 2018" means
 * `start_date`, "orders cancelled last month" means `cancelled_at`. Read by semantic/date-verbs.ts, which
 * gives each date column the participles of the event its name words say.
 */
import { wordList } from './word-family';

/**
 * A name word of a date column, and the participles a question uses for its event. The name word is
 * written as columns spell it (a stem, a participle or a noun: "start", "cancelled", "completion").
 */
export const DATE_EVENT_VERBS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['start', wordList('started', 'began', 'begun')],
  ['begin', wordList('started', 'began', 'begun')],
  ['end', wordList('ended', 'finished')],
  ['finish', wordList('finished', 'ended')],
  ['cancel', wordList('cancelled', 'canceled')],
  ['cancelled', wordList('cancelled', 'canceled')],
  ['canceled', wordList('cancelled', 'canceled')],
  ['cancellation', wordList('cancelled', 'canceled')],
  ['ship', wordList('shipped')],
  ['shipment', wordList('shipped')],
  ['deliver', wordList('delivered')],
  ['delivery', wordList('delivered')],
  ['close', wordList('closed')],
  ['closing', wordList('closed')],
  ['open', wordList('opened')],
  ['opening', wordList('opened')],
  ['join', wordList('joined', 'signed up', 'sign up')],
  ['joined', wordList('joined', 'signed up', 'sign up')],
  // `date_became_customer`: the day someone joined as one.
  ['became', wordList('joined', 'signed up', 'sign up')],
  ['hire', wordList('hired')],
  ['return', wordList('returned')],
  ['complete', wordList('completed')],
  ['completion', wordList('completed')],
  ['register', wordList('registered')],
  ['registration', wordList('registered')],
  ['settle', wordList('settled')],
  ['settlement', wordList('settled')],
  ['expire', wordList('expired')],
  ['expiry', wordList('expired')],
  ['expiration', wordList('expired')],
];

/**
 * The name words of a pair of date columns that bound a period (`date_from`, `date_to`): the first one is
 * when the period started, the second when it ended. Only read as such when a table has both.
 */
export const PERIOD_START_WORDS = wordList('from', 'since');
export const PERIOD_END_WORDS = wordList('to', 'until');
/** The participles of a period's start and end. */
export const PERIOD_START_VERBS = wordList('started', 'began', 'begun');
export const PERIOD_END_VERBS = wordList('ended', 'finished');
/**
 * The name words of a date that says when something should happen, not when it did (`ship_by_date`,
 * `due_date`, `expected_delivery_date`): never read as the event's date.
 */
export const DEADLINE_DATE_WORDS = wordList('by', 'due', 'expected', 'planned', 'scheduled', 'estimated', 'target', 'deadline');

/**
 * The time word a date column's name ends with after the participle of its event (`opened_at`,
 * `issued_on`, `signed_up_at`, `created_date`): what is left of the name is the verb people use.
 */
export const EVENT_TIME_SUFFIXES = wordList('at', 'on', 'date', 'time', 'datetime', 'timestamp', 'ts', 'dt');
/**
 * Participles that are not "-ed" words but open a date column's name (`sent_at`, `held_on`). Not the money
 * verbs (paid, sold, spent, bought): "how much have customers paid" asks for money, not for `paid_on`.
 */
export const IRREGULAR_EVENT_PARTICIPLES = wordList('sent', 'made', 'built', 'held', 'won', 'lost', 'begun', 'done', 'taken', 'given', 'written', 'seen', 'left', 'shut', 'withdrawn', 'drawn');
/**
 * The words that tell the two ends of a stay apart in a pair of date columns (`CheckIn` and `CheckOut`,
 * `date_moved_in` and `date_moved_out`): each pair's first word names the arrival, the event the rows are
 * counted by ("guests who checked in in October"). "start"/"end" and "from"/"to" are left out: they bound a
 * time something lasted or was valid (`club_start_date`/`club_end_date`, `OperationalFrom`/`OperationalTo`),
 * and "how many clubs were there in 2025" or "reactors today" ask which were running then, not which began.
 */
export const PERIOD_BOUNDARY_PAIRS: ReadonlyArray<readonly [string, string]> = [['in', 'out']];
