/**
 * `askdata model export --format ossie`: an askdata model as an Apache Ossie 0.1.1 document. Entities become
 * datasets, fields fields (ANSI SQL over their columns), join paths relationships, measures model-scoped
 * metrics in ANSI SQL over qualified fields, synonyms ai_context synonyms. What Ossie's core cannot say (roles,
 * formats, hidden fields, tenancy...) goes into ASKDATA custom extensions, so the import reads the document
 * back to an equal model; another tool reads the core metadata and carries the extensions along.
 */
import { modelToFile, type MeasureExpression, type ModelEntity, type ModelField, type ModelMeasure, type SemanticModel } from '@askdata/core';
import { stringify } from 'yaml';
import { askdataExtension } from './askdata-extension';
import type { OssieDataset, OssieDocument, OssieExpression, OssieMetric, OssieRelationship } from './ossie-schema';

export const EXPORT_VERSION = '0.1.1';

const ansi = (expression: string): OssieExpression => ({ dialects: [{ dialect: 'ANSI_SQL', expression }] });
const synonymsOf = (synonyms: readonly string[]) => (synonyms.length === 0 ? {} : { ai_context: { synonyms: [...synonyms] } });
const extensions = (data: Record<string, unknown>) => {
  const list = askdataExtension(data);
  return list.length === 0 ? {} : { custom_extensions: list };
};

export function exportOssie(model: SemanticModel): OssieDocument {
  const file = modelToFile(model);
  const entities = Object.values(model.entities);
  const measureNames = new Map<string, number>();
  for (const measure of entities.flatMap((entity) => Object.values(entity.measures))) measureNames.set(measure.name, (measureNames.get(measure.name) ?? 0) + 1);
  const metrics = entities.flatMap((entity) => {
    const measures = Object.values(entity.measures);
    // Plain measures first: a ratio's parts then exist when the import reads the ratio.
    return [...measures.filter((measure) => measure.ratio === undefined), ...measures.filter((measure) => measure.ratio !== undefined)].map((measure) => metricOf(entity, measure, (measureNames.get(measure.name) ?? 0) > 1));
  });
  return {
    version: EXPORT_VERSION,
    semantic_model: [
      {
        name: model.name,
        ...(model.description === undefined ? {} : { description: model.description }),
        datasets: entities.map((entity) => datasetOf(entity, file.entities[entity.name]?.tenant)),
        relationships: model.relations.map((relation, i): OssieRelationship => ({
          name: `${relation.fromEntity}_${relation.fromField}_to_${relation.toEntity}${model.relations.findIndex((other) => other.fromEntity === relation.fromEntity && other.fromField === relation.fromField && other.toEntity === relation.toEntity) === i ? '' : `_${i}`}`,
          from: relation.fromEntity,
          to: relation.toEntity,
          from_columns: [columnOf(model.entities[relation.fromEntity]?.fields[relation.fromField])],
          to_columns: [columnOf(model.entities[relation.toEntity]?.fields[relation.toField])],
          ...extensions({ name: relation.name }),
        })),
        metrics,
        ...extensions({ name: model.name, currency: model.currency, tenancy: file.tenancy }),
      },
    ],
  };
}

export function exportOssieText(model: SemanticModel): string {
  const header = `# Apache Ossie ${EXPORT_VERSION} document exported by askdata from ${model.source}.\n# ASKDATA custom extensions carry what Ossie's core does not (roles, formats, hidden fields, tenancy).\n`;
  return header + stringify(exportOssie(model), { lineWidth: 0 });
}

function datasetOf(entity: ModelEntity, tenant: unknown): OssieDataset {
  const primaryKey = entity.primaryKey === undefined ? undefined : entity.fields[entity.primaryKey];
  return {
    name: entity.name,
    source: entity.table,
    ...(primaryKey === undefined ? {} : { primary_key: [primaryKey.column] }),
    ...(entity.description === undefined ? {} : { description: entity.description }),
    ...synonymsOf(entity.synonyms),
    fields: Object.values(entity.fields).map(fieldOf),
    ...extensions({
      schema: entity.schema,
      label: entity.label,
      plural: entity.plural,
      tenant,
      defaultDate: entity.defaultDate,
      displayField: entity.displayField,
      defaultMeasure: entity.defaultMeasure,
    }),
  };
}

function fieldOf(field: ModelField): NonNullable<OssieDataset['fields']>[number] {
  const temporal = field.type === 'date' || field.type === 'datetime';
  return {
    name: field.name,
    expression: ansi(field.joinColumns === undefined ? field.column : field.joinColumns.join(" || ' ' || ")),
    ...(temporal ? { dimension: { is_time: field.role === 'time' } } : {}),
    label: field.label,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...synonymsOf(field.synonyms),
    ...extensions({ type: field.type, role: field.role, format: field.format, hidden: field.hidden || undefined, indexValues: field.indexValues, flag: field.flag, repeats: field.repeats, storedAsText: field.storedAsText }),
  };
}

function metricOf(entity: ModelEntity, measure: ModelMeasure, qualify: boolean): OssieMetric {
  const name = qualify ? `${entity.name}_${measure.name}` : measure.name;
  const sql = measure.ratio === undefined ? aggregateSql(entity, measure) : `${aggregateSql(entity, entity.measures[measure.ratio.numerator])} / ${aggregateSql(entity, entity.measures[measure.ratio.denominator])}`;
  return {
    name,
    expression: ansi(sql),
    ...(measure.description === undefined ? {} : { description: measure.description }),
    ...synonymsOf(measure.synonyms),
    ...extensions({ dataset: entity.name, measure: qualify ? measure.name : undefined, label: measure.label, format: measure.format, ratio: measure.ratio }),
  };
}

const FUNCTIONS = { count: 'COUNT', count_distinct: 'COUNT', sum: 'SUM', avg: 'AVG', min: 'MIN', max: 'MAX', median: 'MEDIAN' } as const;

function aggregateSql(entity: ModelEntity, measure: ModelMeasure | undefined): string {
  if (measure === undefined) return 'NULL';
  if (measure.expression === undefined) return 'COUNT(*)';
  const inner = expressionSql(entity, measure.expression);
  return `${FUNCTIONS[measure.aggregation]}(${measure.aggregation === 'count_distinct' ? 'DISTINCT ' : ''}${inner})`;
}

function expressionSql(entity: ModelEntity, expression: MeasureExpression, nested = false): string {
  switch (expression.kind) {
    case 'field':
      return `${entity.name}.${expression.field}`;
    case 'number':
      return String(expression.value);
    case 'binary': {
      const text = `${expressionSql(entity, expression.left, true)} ${expression.op} ${expressionSql(entity, expression.right, true)}`;
      return nested ? `(${text})` : text;
    }
  }
}

const columnOf = (field: ModelField | undefined): string => field?.column ?? '';
