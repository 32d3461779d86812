/**
 * Which aggregation words may share one field in a list ("the average, minimum and maximum age"), by the
 * aggregation they name (nl/lex/keywords.ts): a count or "how much" names no field of its own to share.
 */
import { words } from './word-family';

export const LISTABLE_AGGREGATIONS = words('avg', 'min', 'max', 'sum', 'median');
