/**
 * Model file -> SemanticModel. Every problem is collected and reported at once (MODEL_INVALID), so the
 * author fixes a file in one pass. The result is frozen: nothing downstream may patch the model at runtime.
 */
import type { ModelFile, RelationFile } from './model-schema';
import { ModelIssues } from './model-issues';
import { normalizeEntity } from './normalize-entity';
import { nameRecord, ownEntry } from './name-record';
import { parseTenantTemplate } from './tenant-template';
import type { ModelEntity, ModelRelation, ModelTenancy, SemanticModel } from './semantic-model';

export function normalizeModel(file: ModelFile, source: string): SemanticModel {
  const issues = new ModelIssues();
  const tenancy = normalizeTenancy(file, issues);
  const relationKeys = new Set(file.relations.map((relation) => relation.from));
  const entities = nameRecord<ModelEntity>([]);
  for (const [name, entity] of Object.entries(file.entities)) {
    entities[name] = normalizeEntity(name, entity, { tenancy, relationKeys, issues });
  }
  if (Object.keys(entities).length === 0) issues.add('entities', 'the model declares no entity');
  const relations: ModelRelation[] = [];
  const relationNames = new Set<string>();
  file.relations.forEach((relationFile, index) => {
    const relation = normalizeRelation(relationFile, `relations[${index}]`, entities, issues);
    if (relation === undefined) return;
    // Two links from one entity with one name would make "by customer" ambiguous.
    const key = `${relation.fromEntity}:${relation.name}`;
    if (relationNames.has(key)) issues.add(`relations[${index}].name`, `entity "${relation.fromEntity}" already has a relation named "${relation.name}"; give this one a distinct name`);
    relationNames.add(key);
    relations.push(relation);
  });
  issues.throwIfAny(source);
  const model: SemanticModel = { name: file.name, currency: file.currency, tenancy, entities, relations, source };
  if (file.description !== undefined) model.description = file.description;
  return deepFreeze(model);
}

function normalizeTenancy(file: ModelFile, issues: ModelIssues): ModelTenancy {
  if (file.tenancy === 'none') return { mode: 'none' };
  const keys = nameRecord<{ required: boolean; description?: string }>([]);
  for (const [key, entry] of Object.entries(file.tenancy.context)) {
    keys[key] = entry.description === undefined ? { required: entry.required } : { required: entry.required, description: entry.description };
  }
  const { strategy, schema, url } = file.tenancy;
  // Each strategy takes exactly its own template: a stray one is a sign the author meant another strategy.
  if (schema !== undefined && strategy !== 'schema') issues.add('tenancy.schema', `only strategy: schema takes a schema template (the strategy is ${strategy})`);
  if (url !== undefined && strategy !== 'database') issues.add('tenancy.url', `only strategy: database takes a url template (the strategy is ${strategy})`);
  if (strategy === 'column') return { mode: 'context', keys };
  const text = strategy === 'schema' ? schema : url;
  const at = `tenancy.${strategy === 'schema' ? 'schema' : 'url'}`;
  if (text === undefined) {
    issues.add(at, strategy === 'schema' ? 'strategy: schema needs schema: a template such as "tenant_{orgId}"' : 'strategy: database needs url: a template such as "file:./tenants/{orgId}.sqlite"');
    return { mode: 'context', keys, strategy: { kind: strategy, template: { text: '', parts: [] } } };
  }
  const template = parseTenantTemplate(text, { at, kind: strategy, keys }, issues) ?? { text, parts: [] };
  return { mode: 'context', keys, strategy: { kind: strategy, template } };
}

function splitPath(path: string): [string, string] {
  const [entity = '', field = ''] = path.split('.');
  return [entity, field];
}

function normalizeRelation(file: RelationFile, at: string, entities: Record<string, ModelEntity>, issues: ModelIssues): ModelRelation | undefined {
  const ends = (['from', 'to'] as const).map((side) => {
    const [entityName, fieldName] = splitPath(file[side]);
    const entity = ownEntry(entities, entityName);
    if (entity === undefined) {
      issues.add(`${at}.${side}`, `unknown entity "${entityName}" (entities: ${Object.keys(entities).join(', ')})`);
      return undefined;
    }
    if (ownEntry(entity.fields, fieldName) === undefined) {
      issues.add(`${at}.${side}`, `unknown field "${fieldName}" of entity "${entityName}" (fields: ${Object.keys(entity.fields).join(', ')})`);
      return undefined;
    }
    return { entity, field: fieldName };
  });
  const [from, to] = ends;
  if (from === undefined || to === undefined) return undefined;
  return { name: file.name ?? to.entity.label, fromEntity: from.entity.name, fromField: from.field, toEntity: to.entity.name, toField: to.field };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
