/**
 * The verbs of money changing hands, by the name words of the column that holds the money: people ask "how much
 * have customers paid us" where the schema says `amount_payment`, "who owes us the most" where it says
 * `amount_outstanding`, "who earns more than 15,000" where it says `salary`. Read by semantic/money-verbs.ts.
 */
import { wordList, words } from './word-family';

/**
 * A family: the name words that say which money a column holds (any one of them), and the verbs a question uses
 * for it (with the family's own nouns: a `salary` column is also the "wage", and WordNet, which would have said
 * so, gives a synonym only to a word no other name implies). A column must also look like money (a money name word or a currency format; semantic/money-verbs.ts).
 */
export interface MoneyVerbFamily {
  /** What the column records, for the evidence ("a payment"). */
  what: string;
  nameWords: ReadonlySet<string>;
  verbs: readonly string[];
}

export const MONEY_VERB_FAMILIES: readonly MoneyVerbFamily[] = [
  { what: 'a payment received or made', nameWords: words('paid', 'payment', 'payments'), verbs: wordList('paid', 'pay', 'pays', 'paying') },
  { what: 'money still owed', nameWords: words('outstanding', 'owed', 'owing', 'arrears'), verbs: wordList('owe', 'owes', 'owed', 'owing') },
  { what: 'a pay packet', nameWords: words('salary', 'salaries', 'wage', 'wages'), verbs: wordList('earn', 'earns', 'earned', 'earning', 'earnings', 'payroll', 'paid', 'pay', 'pays', 'salary', 'salaries', 'wage', 'wages') },
  { what: 'a claim', nameWords: words('claimed'), verbs: wordList('claimed') },
  { what: 'a refund', nameWords: words('refund', 'refunded', 'refunds'), verbs: wordList('refunded') },
];

/** Name words that say a number column is an amount of money, whatever else it names (`amount_payment`). */
export const MONEY_AMOUNT_WORDS = words('amount', 'total', 'sum', 'value', 'paid', 'salary', 'salaries', 'wage', 'wages', 'outstanding', 'owed');

/** Name words of a column that holds a row's whole amount of money (its "size"): never a price, rate or salary. */
export const ROW_MONEY_WORDS = words('amount', 'total', 'value', 'subtotal');
/** What people call that amount when they size the row: "the average claim size", "the largest claims". */
export const SIZE_WORD = 'size';
/** With the row's noun, what people call that amount: "the invoice amount". */
export const AMOUNT_WORD = 'amount';
/** Name words of a limit on money (`min_salary`, `max_price`): a bound, not money anyone paid or earned. */
export const BOUND_WORDS = words('min', 'max', 'minimum', 'maximum', 'lowest', 'highest', 'limit', 'cap');

/**
 * Two words for what a customer is charged: people say "the daily hire charge" where the schema says
 * `daily_hire_cost`, "shipping costs" where it says `order_shipping_charges`. A price is not among them: the
 * cost of a sale is what the seller paid, not what the buyer did. Read by semantic/price-words.ts.
 */
export const CHARGE_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['cost', 'charge'],
  ['costs', 'charges'],
  ['charge', 'cost'],
  ['charges', 'costs'],
];
/** The name word of a money column that is charged per unit of time ("rate"): "the nightly rate". */
export const RATE_WORD = 'rate';
/** Name words of what one unit of something costs, for the question side ("$30 a day"). */
export const PRICE_WORDS = wordList('price', 'cost', 'charge', 'charges', 'fee', 'rate');

/** The time a rate is charged for, as people say it before the rate ("nightly") or after an amount ("a night"). */
export const RATE_UNIT_ADJECTIVES = words('nightly', 'daily', 'hourly', 'weekly', 'monthly');
export const RATE_UNIT_NOUNS = words('night', 'day', 'hour', 'week', 'month');
