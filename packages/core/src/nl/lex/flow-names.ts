/**
 * Names of amounts that flow (rules/default-total.ts): summed over rows, they are what a breakdown of them
 * means ("revenue by region"), where a level (a price, an age) is not.
 */

/** Labels of amounts whose sum over rows is what a breakdown of them means. */
export const FLOWS = /(^| )(revenue|sales|amount|amounts|spend|spent|income|profit|turnover|takings|quantity|qty|units?|tickets?|tax|taxes|discount|goals|killed|injured|deaths|total)( |$)/;

/**
 * Quantities held ("stock level", "units in stock", "inventory"): a level in time, but one held by each row
 * (a product, a warehouse) at the same time, so across rows it adds up: "stock level by category" is the
 * stock each category holds.
 */
const HELD = /(^| )(stock|stocks|inventory|on hand)( |$)/;
/** A price or a rate of a flow or a stock ("unit price", "stock price", "tax rate") is a level, never summed. */
const LEVEL = /(^| )(price|prices|rate|rates|ratio|percent|percentage|pct)( |$)/;

/** Whether summing the amount this label names over rows is what a breakdown of it means. */
export const isSummedAmount = (label: string): boolean => (FLOWS.test(label) || HELD.test(label)) && !LEVEL.test(label);
