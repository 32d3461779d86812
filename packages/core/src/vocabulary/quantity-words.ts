/**
 * What people call the items a sale or an order records: "units", "items", "pieces", where the schema says
 * `product_quantity` or `order_quantity`. Read by semantic/unit-measures.ts, which sums the one such column.
 */
import { wordList, words } from './word-family';

/** The label of that sum, and its other names (each dropped where the schema already names something so). */
export const UNITS_LABEL = 'units';
export const UNIT_SYNONYMS = wordList('items', 'pieces', 'units sold', 'items sold', 'units ordered', 'items ordered');
/**
 * The nouns of rows that record a sale: "sold" is explained by a plan over such rows ("units sold" summed
 * over order items, invoice lines), never over stock on hand.
 */
export const SALE_RECORD_NOUNS = words('order', 'sale', 'invoice', 'purchase', 'receipt');
