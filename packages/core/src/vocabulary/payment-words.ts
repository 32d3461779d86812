/**
 * How people say how something was paid: "customers who pay by credit card", "orders paid with Visa" where the
 * schema says `payment_method_code`. Read by semantic/payment-verbs.ts.
 */
import { wordList } from './word-family';

/** The name words of a column that says how a payment is made: "payment" and one of these. */
export const PAYMENT_WORD = 'payment';
export const PAYMENT_MEANS_WORDS = wordList('method', 'type', 'mode', 'means');
/** The phrases that name that column in a question. */
export const PAY_BY_PHRASES = wordList('pay by', 'pay with', 'pays by', 'pays with', 'paid by', 'paid with', 'paying by', 'paying with');
