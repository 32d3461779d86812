/**
 * Names of amounts that flow (rules/default-total.ts): summed over rows, they are what a breakdown of them
 * means ("revenue by region"), where a level (a price, an age) is not.
 */

/** Labels of amounts whose sum over rows is what a breakdown of them means. */
export const FLOWS = /(^| )(revenue|sales|amount|amounts|spend|spent|income|profit|turnover|takings|quantity|qty|units?|tickets?|tax|taxes|discount|goals|killed|injured|deaths|total)( |$)/;
