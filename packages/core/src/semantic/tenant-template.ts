/**
 * The schema or database name of a tenant, written in the model as a template over context keys
 * ("tenant_{orgId}", "file:./tenants/{orgId}.sqlite"). Parsed once when the model loads (every placeholder
 * must be a declared key, and every declared key must be used, so no key silently scopes nothing); filled
 * per request by resolveTenantScope, after each value has passed TENANT_VALUE_PATTERN, so a value can never
 * add a path separator, a dot, a quote or a URL delimiter to the name.
 */
import { CoreError } from '../errors/core-error';
import type { ModelIssues } from './model-issues';
import type { TenantTemplate } from './semantic-model';

/** What a context value may be when it names a schema or a database: 1-64 letters, digits, "_" or "-". */
export const TENANT_VALUE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Literal text of a schema template: the same characters, so the whole schema name is that plain. */
const SCHEMA_LITERAL = /^[A-Za-z0-9_-]*$/;

export interface TemplateRules {
  /** Where the template is in the file, for messages ("tenancy.schema"). */
  at: string;
  kind: 'schema' | 'database';
  /** Declared context keys, with whether each is required. */
  keys: Readonly<Record<string, { required: boolean }>>;
}

export function parseTenantTemplate(text: string, rules: TemplateRules, issues: ModelIssues): TenantTemplate | undefined {
  const parts: TenantTemplate['parts'][number][] = [];
  const before = issues.list.length;
  const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const match of text.matchAll(pattern)) {
    const [, key, literal, stray] = match;
    if (stray !== undefined) {
      issues.add(rules.at, `unbalanced "${stray}" at character ${(match.index ?? 0) + 1}; placeholders are written {contextKey}`);
    } else if (key !== undefined) {
      if (!Object.hasOwn(rules.keys, key)) issues.add(rules.at, `placeholder {${key}} names no declared context key (tenancy.context declares: ${Object.keys(rules.keys).join(', ') || 'none'})`);
      else parts.push({ key });
    } else if (literal !== undefined) {
      if (rules.kind === 'schema' && !SCHEMA_LITERAL.test(literal)) issues.add(rules.at, `"${literal}" may hold only letters, digits, "_" and "-" outside placeholders (it becomes part of a schema name)`);
      parts.push({ literal });
    }
  }
  const used = new Set(parts.flatMap((part) => ('key' in part ? [part.key] : [])));
  if (used.size === 0 && issues.list.length === before) issues.add(rules.at, 'the template has no placeholder, so every tenant would share one ' + rules.kind + '; name a context key, e.g. {orgId}');
  for (const [key, { required }] of Object.entries(rules.keys)) {
    if (!used.has(key)) issues.add(rules.at, `context key "${key}" is declared but the template does not use it, so it would scope nothing; use {${key}} or remove the key`);
    else if (!required) issues.add(`tenancy.context.${key}.required`, `"${key}" names the tenant's ${rules.kind}, so it is always needed; remove required: false`);
  }
  return issues.list.length === before ? { text, parts } : undefined;
}

/** The template with each placeholder replaced by its value; values were checked against TENANT_VALUE_PATTERN. */
export function fillTenantTemplate(template: TenantTemplate, values: Readonly<Record<string, string>>): string {
  return template.parts
    .map((part) => {
      if ('literal' in part) return part.literal;
      const value = values[part.key];
      // resolveTenantScope checks every key first; reaching here without one is a bug, and must not widen anything.
      if (value === undefined || !TENANT_VALUE_PATTERN.test(value)) throw new CoreError('SCOPE_VIOLATION', `No checked context value for {${part.key}}, so no tenant ${'schema or database'} can be named.`);
      return value;
    })
    .join('');
}
