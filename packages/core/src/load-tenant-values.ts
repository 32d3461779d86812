/**
 * The distinct values of every `indexValues` field that one tenant can see, for that tenant's value index
 * (nl/lex/tenant-value-indexes.ts). Each field is read with an ordinary plan (count grouped by the field) that
 * goes through the same scope -> compile -> execute path as a question, so the tenant predicates come from
 * the one chokepoint that adds them and no SQL is written here. A field with more than `maxPerField`
 * values is free text, not a category, and is left out; an entity the context cannot scope (an optional
 * key the caller did not send) is left out too, as a question about it would be refused.
 */
import type { DataSource } from './datasource/data-source';
import { isCoreError } from './errors/core-error';
import { validatePlan } from './plan/validate-plan';
import { scopePlan } from './scope/scope-plan';
import type { TenantScope } from './scope/tenant-scope';
import type { SemanticModel } from './semantic/semantic-model';
import type { IndexedValue } from './semantic/value-index';
import { compileQuery, dimensionAlias } from './sql/index';

export interface LoadTenantValuesOptions {
  maxPerField?: number;
  timeoutMs?: number;
  /** TESTS ONLY: compileQuery's option of the same name (the values then come only from what row-level security lets through). */
  unsafeSkipTenantPredicateForTests?: boolean;
}

export async function loadTenantValues(model: SemanticModel, dataSource: DataSource, scope: TenantScope, options: LoadTenantValuesOptions = {}): Promise<IndexedValue[]> {
  const maxPerField = options.maxPerField ?? 5000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const values: IndexedValue[] = [];
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (!field.indexValues || field.hidden) continue;
      const plan = validatePlan({ kind: 'aggregate', entity: entity.name, measures: [{ kind: 'count' }], dimensions: [{ field: { entity: entity.name, field: field.name } }] }, model, { internal: true });
      let scoped;
      try {
        scoped = scopePlan(plan, model, scope);
      } catch (error) {
        if (isCoreError(error) && error.code === 'CONTEXT_MISSING') continue;
        throw error;
      }
      const unsafe = options.unsafeSkipTenantPredicateForTests === true ? { unsafeSkipTenantPredicateForTests: true } : {};
      const query = compileQuery(scoped, model, dataSource.dialect, { maxRows: maxPerField, ...unsafe });
      // maxRows + 1 rows tell "too many" apart from "exactly the limit".
      const result = await dataSource.execute(query, { timeoutMs, maxRows: maxPerField });
      if (result.truncated) continue;
      const seen = new Set<string>();
      for (const row of result.rows) {
        const raw = row[dimensionAlias(0)];
        if (raw === null || raw === undefined) continue;
        // Kept verbatim (no trim): a matched value becomes an equality filter and must equal the stored one.
        const value = typeof raw === 'string' ? raw : String(raw);
        if (value.trim() === '' || seen.has(value)) continue;
        seen.add(value);
        values.push({ entity: entity.name, field: field.name, value });
      }
    }
  }
  return values;
}
