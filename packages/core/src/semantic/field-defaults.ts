/**
 * Defaults for a field the model file leaves implicit. Shared by normalizeModel and introspection, so a
 * scaffolded file that omits a value normalises back to exactly what introspection derived.
 */
import type { FieldType, ValueFormat } from './model-schema';
import type { ModelField } from './semantic-model';

export type FieldRole = ModelField['role'];

/** `id`, `*_id`, `*Id` and product/ledger codes: keys, never summed or charted. */
export function looksLikeIdentifier(name: string): boolean {
  return /^id$/i.test(name) || /_id$/i.test(name) || /[a-z0-9]Id$/.test(name) || /^(uuid|guid|ean|sku|isbn|gtin|upc|iban)$/i.test(name);
}

/** Free text that is rarely a useful category (grouping by it gives one row per record). */
function looksLikeFreeText(name: string): boolean {
  return /(^|_)(e?mail|phone|address|url|comment|description|note|notes|body|text|password|hash|token|secret|uuid)($|_)/i.test(name);
}

export interface RoleHints {
  /** The entity's primary key or the `from` side of a relation. */
  isKey: boolean;
}

export function inferRole(name: string, type: FieldType, hints: RoleHints): FieldRole {
  if (hints.isKey || looksLikeIdentifier(name)) return 'identifier';
  switch (type) {
    case 'date':
    case 'datetime':
      return 'time';
    case 'integer':
    case 'number':
      return 'measure';
    case 'boolean':
      return 'dimension';
    case 'string':
      return looksLikeFreeText(name) ? 'attribute' : 'dimension';
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

export function defaultFormat(type: FieldType, role: FieldRole): ValueFormat {
  // Ids read as codes ("order 12345"), not quantities ("12,345").
  if (role === 'identifier') return 'text';
  switch (type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'string':
    case 'boolean':
      return 'text';
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

/** Categories people name in questions ("laptops", "in Denver"); hidden fields are never indexed. */
export function defaultIndexValues(type: FieldType, role: FieldRole, hidden: boolean): boolean {
  return !hidden && type === 'string' && role === 'dimension';
}
