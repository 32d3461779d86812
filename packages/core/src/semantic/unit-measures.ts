/**
 * Business reading "quantities.units": "how many units have we sold", "the products we sold the most units
 * of" sum the quantity column of the rows that record the items of an order or a sale (`order_items.
 * product_quantity`, `invoice_lines.quantity`). Introspection adds that sum as a measure named "units"
 * (and "items", "pieces", "units sold", ... where the schema names nothing so).
 *
 * Conservative on purpose:
 * - only a number column whose name says it counts items ("quantity", "qty"), one per table, in a table
 *   that refers to another (the thing counted, the order it belongs to) and records an order or a sale (its
 *   name or a table it refers to says "order", "invoice", "sale", ...): stock on hand is not "units sold";
 * - a table whose rows copy another such table's (invoice lines that refer to the order items they bill)
 *   is passed over: the items were counted once, where they were ordered;
 * - only when exactly one table is left: with order items and, separately, stock levels, "units" could be
 *   either, so it stays unknown.
 */
import { singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { QUANTITY_WORDS, UNIT_WORD } from '../vocabulary/sales-words';
import { SALE_RECORD_NOUNS, UNIT_SYNONYMS, UNITS_LABEL } from '../vocabulary/quantity-words';

type EntityInput = ModelFileInput['entities'][string];

/** An entity and the entities its table's foreign keys point at. */
export interface EntityReferences {
  entity: string;
  references: readonly string[];
}

function namesSaleRecords(table: string): boolean {
  return splitWords(table).some((word) => SALE_RECORD_NOUNS.has(singularize(word)));
}

export function addUnitMeasures(entities: Record<string, EntityInput>, links: readonly EntityReferences[]): BusinessReading[] {
  const namedWords = new Set<string>();
  for (const [key, entity] of Object.entries(entities)) {
    for (const word of splitWords(entity.table ?? key)) namedWords.add(word);
    for (const [name, field] of Object.entries(entity.fields)) for (const word of splitWords(field.column ?? name)) namedWords.add(word);
  }
  const referencesOf = new Map(links.map((link) => [link.entity, link.references.filter((target) => target !== link.entity)]));
  const candidates = new Map<string, string>();
  for (const [key, entity] of Object.entries(entities)) {
    const quantities = Object.entries(entity.fields).filter(([name, f]) => f.hidden !== true && f.role !== 'identifier' && (f.type === 'integer' || f.type === 'number') && splitWords(f.column ?? name).some((word) => QUANTITY_WORDS.has(word)));
    // Rows of an order or a sale: named so ("order_items", "invoice_lines"), or pointing at such rows.
    const ofSale = [key, ...(referencesOf.get(key) ?? [])].some((name) => namesSaleRecords(entities[name]?.table ?? name));
    if (quantities.length === 1 && (referencesOf.get(key) ?? []).length > 0 && ofSale) candidates.set(key, quantities[0]![0]);
  }
  const original = [...candidates].filter(([key]) => !(referencesOf.get(key) ?? []).some((target) => candidates.has(target)));
  if (original.length !== 1) return [];
  const [entityKey, fieldKey] = original[0]!;
  const entity = entities[entityKey]!;
  const field = entity.fields[fieldKey]!;
  // Already named by the sales reading (semantic/sales-words.ts), or the schema says "units" itself.
  if ((field.synonyms ?? []).includes(UNIT_WORD) || namedWords.has(UNITS_LABEL) || entity.measures?.[UNITS_LABEL] !== undefined) return [];
  const synonyms = UNIT_SYNONYMS.filter((phrase) => !splitWords(phrase).some((word) => namedWords.has(word)));
  const written = field.label ?? splitWords(field.column ?? fieldKey).join(' ');
  entity.measures = {
    ...entity.measures,
    [UNITS_LABEL]: { label: UNITS_LABEL, description: `the sum of ${written}: the items these rows record`, aggregation: 'sum', expression: fieldKey, format: 'integer', synonyms },
  };
  return [{ rule: 'quantities.units', entity: entityKey, field: fieldKey, words: [UNITS_LABEL, ...synonyms], evidence: `the one column that counts the items of ${entity.table ?? entityKey} ("${splitWords(field.column ?? fieldKey).join(' ')}")`, confidence: 0.8 }];
}
