/**
 * The words of money changing hands: what people call a sale's figure ("revenue", "sales", "spend") where a
 * schema says `amount` or `order_total`, and the name words of the columns that hold it. Read by
 * semantic/sales-words.ts (which names an introspected model's one such column) and nl/lex/sales-rows.ts
 * (which knows rows that record sales by their measure's name).
 */
import { wordList, words } from './word-family';

/** The name words of a column that holds a row's whole money figure (never a price, a cost or a fee). */
export const WHOLE_MONEY_WORDS = words('amount', 'total', 'subtotal');
/** What people call the sum of that figure; the first one not already a name in the schema labels it. */
export const SALES_WORDS = wordList('revenue', 'sales', 'turnover', 'takings', 'spend', 'spending');
/** The name words of a column that counts the items a row records. */
export const QUANTITY_WORDS = words('quantity', 'qty');
/** What people call those items: "units sold". */
export const UNIT_WORD = 'units';
/** What people call one row's figure: "the average order value" is the average amount of orders. */
export const ROW_WORD = 'value';
/** The names of a measure that sums sales: the rows it sums record sales. */
export const SALES_MEASURE_NAMES = words('revenue', 'sales', 'sale');
