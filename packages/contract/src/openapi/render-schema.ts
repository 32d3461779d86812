/**
 * A JSON Schema as readable HTML for the docs page: objects become field tables (name, type, required,
 * constraints, description), nested objects and arrays of objects become nested tables, and component
 * references become links. Every text goes through escapeHtml: descriptions come from code, but a docs
 * page should never be an injection point.
 */
import type { JsonSchema } from './json-schema';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Description text: escaped, with `backticks` shown as code, as the documents' prose uses them. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const refName = (ref: string): string => ref.split('/').pop() ?? ref;
export const componentAnchor = (name: string): string => `schema-${name}`;

/** A one-line type: "string", "array of string", "Answer", `"bar" | "line"`, "string or number". */
export function typeLabel(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return `<a href="#${componentAnchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  if (Array.isArray(schema.enum)) return schema.enum.map((option) => `<code>${escapeHtml(JSON.stringify(option))}</code>`).join(' | ');
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (variants) return variants.filter(isSchema).map(typeLabel).join(' or ');
  if (schema.type === 'array') return `array of ${isSchema(schema.items) ? typeLabel(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.map(String).join(' or ');
  if (schema.type === 'object' && !isSchema(schema.properties) && isSchema(schema.additionalProperties)) {
    const values = Object.keys(schema.additionalProperties).length === 0 ? 'any JSON' : typeLabel(schema.additionalProperties);
    return `object (string keys → ${values})`;
  }
  if (typeof schema.type === 'string') return escapeHtml(schema.type);
  return 'any JSON';
}

function constraints(schema: JsonSchema): string[] {
  const facts: string[] = [];
  if (typeof schema.minLength === 'number') facts.push(`min length ${schema.minLength}`);
  if (typeof schema.maxLength === 'number') facts.push(`max length ${schema.maxLength}`);
  if (typeof schema.pattern === 'string') facts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  // zod's int bounds are the safe-integer range: noise for a reader, so only real bounds are shown.
  if (typeof schema.minimum === 'number' && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER) facts.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER) facts.push(`≤ ${schema.maximum}`);
  if (schema.additionalProperties === false) facts.push('no other fields');
  return facts;
}

/** The object whose fields a table should list: the schema itself, or the items of an array of objects. */
function nestedObject(schema: JsonSchema): JsonSchema | null {
  if (isSchema(schema.properties)) return schema;
  if (schema.type === 'array' && isSchema(schema.items)) return nestedObject(schema.items);
  return null;
}

export function renderSchema(schema: JsonSchema): string {
  const object = nestedObject(schema);
  const description = typeof schema.description === 'string' ? `<p class="schema-description">${prose(schema.description)}</p>` : '';
  if (!object) return `${description}<p class="schema-type">${typeLabel(schema)}${constraints(schema).length ? ` <span class="facts">(${constraints(schema).join(', ')})</span>` : ''}</p>`;
  const required = new Set(Array.isArray(object.required) ? object.required.map(String) : []);
  const rows = Object.entries(object.properties as Record<string, unknown>)
    .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
    .map(([name, field]) => {
      const inner = nestedObject(field);
      const facts = constraints(field);
      return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '<span class="required" title="required">*</span>' : ''}</td>
<td>${typeLabel(field)}${facts.length ? `<div class="facts">${facts.join(', ')}</div>` : ''}</td>
<td>${typeof field.description === 'string' ? prose(field.description) : ''}${inner ? renderSchema({ ...inner, description: undefined }) : ''}</td></tr>`;
    })
    .join('\n');
  const prefix = object === schema ? '' : `<p class="schema-type">${typeLabel(schema)}</p>`;
  const extra = object.additionalProperties === false ? '' : isSchema(object.additionalProperties) ? '<p class="facts">Other fields may be present.</p>' : '';
  return `${description}${prefix}<table class="fields"><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>${extra}`;
}
