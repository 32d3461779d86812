/**
 * Business reading "roles.lookup-name": a table or a column that names the firm carrying the goods by the
 * schema's word ("shippers", "Ref_Shipping_Agents", `shipping_method_code`) answers to the words people
 * use for it: "carrier", "courier", "shipping carrier". "How many orders went out with each shipping
 * carrier" groups the orders by it.
 *
 * Conservative on purpose:
 * - a table first: with a shippers table, its rows are the carriers and the key columns that point at it
 *   get nothing (two names for one thing would make the question ambiguous);
 * - else one column of the whole model, never two (a shipping method on orders and on returns: which?);
 * - never a word the schema already uses for something else.
 * A shipping method is a carrier only by convention ('FedEx', 'UPS'), so that reading is less sure.
 */
import { humanize, singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { HOLDER_WORDS, SHIPPER_NAMES, SHIPPER_WORDS } from '../vocabulary/people-words';

type EntityInput = ModelFileInput['entities'][string];

const shipperName = (name: string): string | undefined => {
  const words = splitWords(name);
  while (words.length > 1 && HOLDER_WORDS.has(words.at(-1)!)) words.pop();
  const phrase = singularize(words.join(' '));
  return SHIPPER_NAMES.has(phrase) ? phrase : undefined;
};

export function addShipperWords(entities: Record<string, EntityInput>): BusinessReading[] {
  const used = new Set(Object.entries(entities).flatMap(([key, entity]) => [singularize(humanize(key)), ...(entity.label === undefined ? [] : [entity.label]), ...(entity.synonyms ?? []), ...Object.entries(entity.fields).flatMap(([k, f]) => [humanize(f.column ?? k), ...(f.synonyms ?? [])])]));
  const fresh = SHIPPER_WORDS.filter((word) => !used.has(word));
  if (fresh.length === 0) return [];
  const tables = Object.entries(entities).filter(([key, entity]) => shipperName(entity.label ?? humanize(key)) !== undefined || shipperName(entity.table ?? key) !== undefined);
  if (tables.length === 1) {
    const [key, entity] = tables[0]!;
    entity.synonyms = [...(entity.synonyms ?? []), ...fresh];
    return [{ rule: 'roles.lookup-name', entity: key, field: entity.primaryKey ?? Object.keys(entity.fields)[0] ?? key, target: key, words: fresh, evidence: `the table "${entity.table ?? key}" names the firm that carries the goods`, confidence: 0.85 }];
  }
  if (tables.length > 1) return [];
  const columns = Object.entries(entities).flatMap(([entityKey, entity]) =>
    Object.entries(entity.fields).filter(([key, field]) => field.hidden !== true && field.type === 'string' && shipperName(field.column ?? key) !== undefined).map(([key, field]) => ({ entityKey, key, field })),
  );
  if (columns.length !== 1) return [];
  const { entityKey, key, field } = columns[0]!;
  field.synonyms = [...(field.synonyms ?? []), ...fresh];
  const name = shipperName(field.column ?? key)!;
  return [{ rule: 'roles.lookup-name', entity: entityKey, field: key, words: fresh, evidence: `its name says "${name}", the firm an order goes out with`, confidence: name === 'shipping method' ? 0.7 : 0.85 }];
}
