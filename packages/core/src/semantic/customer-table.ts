/**
 * Business reading "roles.customer-table": customers, clients, accounts and buyers are one notion when one
 * table plays that part. On a schema whose customers are kept as `accounts` (or `clients`), "customers",
 * "clients" and "buyers" name that table: "how many customers do we have" counts the accounts, "top 3
 * customers by spend" ranks them. The words go on the entity as synonyms, so the scaffolded model file shows
 * them and its owner can reject them.
 *
 * Conservative on purpose:
 * - only when exactly one table is named by one of those nouns (`accounts` beside `customers` is something
 *   else: a customer's accounts);
 * - only a table other tables point at (the rows facts are recorded against), with a name of its own to
 *   show, so a ledger's `accounts` of bare codes is left alone;
 * - never a word another table, or the entity itself, is already named by.
 */
import { humanize, singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { CUSTOMER_TABLE_NOUNS, CUSTOMER_WORDS } from '../vocabulary/people-words';

type EntityInput = ModelFileInput['entities'][string];

const nounOf = (key: string, entity: EntityInput): string => singularize((entity.label ?? humanize(key)).toLowerCase().split(' ').pop() ?? key);

export function addCustomerWords(entities: Record<string, EntityInput>, references: ReadonlyArray<{ entity: string; references: string[] }>): BusinessReading[] {
  const named = new Set(Object.entries(entities).flatMap(([key, entity]) => [nounOf(key, entity), ...(entity.synonyms ?? []).map((s) => singularize(s.toLowerCase()))]));
  const candidates = Object.entries(entities).filter(([key, entity]) => (CUSTOMER_TABLE_NOUNS as readonly string[]).includes(nounOf(key, entity)));
  if (candidates.length !== 1) return [];
  const [key, entity] = candidates[0]!;
  const pointedAt = references.some((r) => r.entity !== key && r.references.includes(key));
  if (!pointedAt || entity.displayField === undefined) return [];
  const words = (CUSTOMER_WORDS as readonly string[]).filter((word) => !named.has(word) && !splitWords(key).includes(word));
  if (words.length === 0) return [];
  entity.synonyms = [...(entity.synonyms ?? []), ...words];
  const primaryKey = entity.primaryKey ?? Object.keys(entity.fields)[0] ?? key;
  return [{ rule: 'roles.customer-table', entity: key, field: primaryKey, target: key, words, evidence: `"${humanize(key)}" is the one table of the people the business sells to, and other tables record facts against it`, confidence: 0.8 }];
}
