/**
 * Rows that record sales: an entity with a revenue or sales measure, written in the model ("revenue: sum of
 * subtotal - discount, also called sales") or read by introspection from its one amount column
 * (semantic/sales-words.ts). Their verbs ("sold", "bought", "spent") and their size ("the largest order")
 * are about that money.
 */
import type { ModelEntity } from '../../semantic/semantic-model';
import { SALES_MEASURE_NAMES } from '../../vocabulary/sales-words';

function salesMeasureOf(entity: ModelEntity) {
  return Object.values(entity.measures).find((m) => m.aggregation === 'sum' && [m.label, ...m.synonyms].some((name) => SALES_MEASURE_NAMES.has(name.toLowerCase())));
}

export function recordsSales(entity: ModelEntity): boolean {
  return salesMeasureOf(entity) !== undefined;
}

/** The one column a sale's money is, when the sales measure is that column's sum ("amount"); else undefined. */
export function salesFigureOf(entity: ModelEntity): string | undefined {
  const expression = salesMeasureOf(entity)?.expression;
  return expression?.kind === 'field' ? expression.field : undefined;
}
