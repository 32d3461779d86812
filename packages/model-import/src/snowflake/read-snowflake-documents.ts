/**
 * A Snowflake semantic model (YAML) -> the draft: tables, then relationships (the left table holds the
 * foreign key, the right table the key it references), then metrics. Verified queries are kept for the
 * report and the file of verified questions written beside the model; custom instructions are reported.
 */
import { issuesFromZod } from '@askdata/core';
import type { ImportReport, Where } from '../draft/import-report';
import { type ModelDraft, uniqueKey } from '../draft/model-draft';
import { keyOf } from '../draft/read-columns';
import { type InputProblem, ModelImportError } from '../source/import-error';
import type { SourceDocument } from '../source/source-files';
import { readSnowflakeMetric } from './read-snowflake-metrics';
import { type TableEntity, keyColumn, readSnowflakeTable } from './read-snowflake-tables';
import { type SnowflakeModel, snowflakeModelSchema } from './snowflake-schema';

export function readSnowflakeDocuments(documents: readonly SourceDocument[], report: ImportReport): ModelDraft {
  const problems: InputProblem[] = [];
  const models: Array<{ file: string; model: SnowflakeModel }> = [];
  for (const document of documents) {
    const parsed = snowflakeModelSchema.safeParse(document.data);
    if (parsed.success) models.push({ file: document.file, model: parsed.data });
    else problems.push(...issuesFromZod(parsed.error.issues).map((issue) => ({ file: document.file, path: issue.path, message: issue.message })));
  }
  if (problems.length > 0) throw new ModelImportError(problems);
  const [first, ...others] = models;
  if (first === undefined) throw new ModelImportError([{ file: documents[0]?.file ?? '(input)', path: '(file)', message: 'no Snowflake semantic model' }]);
  for (const other of others) report.skip({ file: other.file, path: '(file)' }, `semantic model ${other.model.name}`, 'one askdata model is imported at a time; import this file on its own');
  return readModel(first.model, first.file, report, problems);
}

function readModel(model: SnowflakeModel, file: string, report: ImportReport, problems: InputProblem[]): ModelDraft {
  const where = (path: string): Where => ({ file, path });
  const draft: ModelDraft = { name: model.name, entities: {}, relations: [] };
  if (model.description) draft.description = model.description.trim();
  const tables = new Map<string, TableEntity>();
  model.tables.forEach((table, i) => {
    const read = readSnowflakeTable(table, uniqueKey(Object.keys(draft.entities), keyOf(table.name)), where(`tables[${i}]`), report);
    draft.entities[read.entity.key] = read.entity;
    tables.set(table.name, read);
  });
  (model.relationships ?? []).forEach((relationship, i) => {
    const at = where(`relationships[${i}]`);
    const left = tables.get(relationship.left_table);
    const right = tables.get(relationship.right_table);
    for (const side of ['left_table', 'right_table'] as const) if (!tables.has(relationship[side])) problems.push({ file, path: `${at.path}.${side}`, message: `names no table of this model ("${relationship[side]}")` });
    if (left === undefined || right === undefined) return;
    const columns = relationship.relationship_columns ?? [];
    if (relationship.relationship_type === 'many_to_many' || relationship.relationship_type === 'one_to_many') {
      report.skip(at, `relationship ${relationship.name}`, `${relationship.relationship_type} is not carried: askdata joins from the many side to the one side (list the table holding the foreign key as left_table)`);
    } else if (columns.length !== 1 || columns[0] === undefined) {
      report.skip(at, `relationship ${relationship.name}`, columns.length === 0 ? 'it lists no relationship_columns' : 'a join on several columns is not carried (askdata joins on one key)');
    } else {
      const fromField = keyColumn(left, columns[0].left_column);
      const toField = keyColumn(right, columns[0].right_column);
      const from = left.entity.fields[fromField];
      if (from !== undefined && left.entity.primaryKey !== fromField) from.hidden = true;
      draft.relations.push({ fromEntity: left.entity.key, fromField, toEntity: right.entity.key, toField, where: at });
    }
  });
  model.tables.forEach((table, i) => {
    const read = tables.get(table.name);
    (table.foreign_keys ?? []).forEach((key, j) => readForeignKey(key, read, tables, where(`tables[${i}].foreign_keys[${j}]`), draft, report));
    (table.metrics ?? []).forEach((metric, j) => readSnowflakeMetric(metric, read, tables, where(`tables[${i}].metrics[${j}]`), report));
  });
  (model.metrics ?? []).forEach((metric, i) => readSnowflakeMetric(metric, undefined, tables, where(`metrics[${i}]`), report));
  (model.verified_queries ?? []).forEach((query, i) => report.verifiedQueries.push({ file, path: `verified_queries[${i}]`, question: query.question, sql: query.sql.trim() }));
  if (model.custom_instructions) report.skip(where('custom_instructions'), 'custom instructions', 'free text for an LLM; askdata\'s planner takes no instructions');
  if (model.module_custom_instructions) report.skip(where('module_custom_instructions'), 'module custom instructions', 'free text for an LLM; askdata\'s planner takes no instructions');
  if (problems.length > 0) throw new ModelImportError(problems);
  return draft;
}

/** The first form of relationships: a foreign key on the table, naming the referenced base table. */
function readForeignKey(key: NonNullable<SnowflakeModel['tables'][number]['foreign_keys']>[number], read: TableEntity | undefined, tables: Map<string, TableEntity>, where: Where, draft: ModelDraft, report: ImportReport): void {
  const target = [...tables.values()].find((table) => table.table.base_table.table.toLowerCase() === key.pkey_table.table.toLowerCase());
  if (read === undefined || target === undefined || key.fkey_columns.length !== 1 || key.pkey_columns.length !== 1) {
    report.skip(where, 'foreign key', target === undefined ? `it references ${key.pkey_table.table}, which is not a table of this model` : 'a key of several columns is not carried (askdata joins on one key)');
    return;
  }
  const fromField = keyColumn(read, key.fkey_columns[0] ?? '');
  const from = read.entity.fields[fromField];
  if (from !== undefined && read.entity.primaryKey !== fromField) from.hidden = true;
  draft.relations.push({ fromEntity: read.entity.key, fromField, toEntity: target.entity.key, toField: keyColumn(target, key.pkey_columns[0] ?? ''), where });
}
