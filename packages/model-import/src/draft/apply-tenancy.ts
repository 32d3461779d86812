/**
 * Tenancy is askdata's to add: no format says which column keeps customers apart. The caller states it as
 * `npm run model:scaffold` asks for it (`none`, or `orgId=organisation_id`), and it is applied failing
 * closed, as introspection does:
 * - an entity with the tenant column is scoped by it (the field is hidden: it is never shown or filtered on);
 * - an entity other entities point at through their tenant column is the tenant table itself, scoped by the
 *   key they point at (`users.organisation_id -> organisations.id` scopes organisations by id);
 * - any other entity cannot be scoped, so it is left out (reported), with the relations that touch it; the
 *   author may add it back by hand with `tenant: shared` if every tenant may read it.
 */
import type { ImportReport } from './import-report';
import { type ModelDraft, fieldForColumn } from './model-draft';

export type TenancyChoice = 'none' | { contextKey: string; column: string };

export function applyTenancy(draft: ModelDraft, tenancy: TenancyChoice, report: ImportReport): void {
  if (tenancy === 'none') {
    draft.tenancy = 'none';
    for (const entity of Object.values(draft.entities)) delete entity.tenant;
    return;
  }
  const { contextKey, column } = tenancy;
  draft.tenancy = { context: { [contextKey]: { required: true } } };
  const tenantTableKeys = new Map<string, string>();
  for (const relation of draft.relations) {
    const from = draft.entities[relation.fromEntity]?.fields[relation.fromField];
    if (from !== undefined && from.column.toLowerCase() === column.toLowerCase()) tenantTableKeys.set(relation.toEntity, relation.toField);
  }
  for (const entity of Object.values(draft.entities)) {
    const own = fieldForColumn(entity, column);
    const tenantKey = tenantTableKeys.get(entity.key);
    if (own !== undefined) {
      const field = entity.fields[own];
      if (field !== undefined) {
        field.hidden = true;
        field.role = 'identifier';
        delete field.indexValues;
        entity.tenant = { [contextKey]: field.column };
      }
    } else if (tenantKey !== undefined && entity.fields[tenantKey] !== undefined) {
      entity.tenant = { [contextKey]: entity.fields[tenantKey].column };
      report.note(`${entity.key} is the tenant table (other entities point at it by ${column}); each tenant reads its own row by ${entity.fields[tenantKey].column}`, entity.where);
    } else {
      report.skip(entity.where, `entity ${entity.key} (table ${entity.table})`, `it has no ${column} column to scope it by tenant (${contextKey}); add it by hand with tenant: shared if every tenant may read it`);
      delete draft.entities[entity.key];
    }
  }
  draft.relations = draft.relations.filter((relation) => {
    if (draft.entities[relation.fromEntity] !== undefined && draft.entities[relation.toEntity] !== undefined) return true;
    report.skip(relation.where, `join path ${relation.fromEntity}.${relation.fromField} -> ${relation.toEntity}.${relation.toField}`, 'one of its ends was left out (no tenant column)');
    return false;
  });
}
