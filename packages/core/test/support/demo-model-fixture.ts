/**
 * Test fixture: the one hand-built model, the demo warehouse's (packages/demo-data/model/demo-model.yaml) built
 * directly as a resolved SemanticModel, so plan/scope/sql tests do not depend on the model loader.
 * Kept deliberately close to the YAML (same names, types, hidden flags, measures, relations).
 */
import { parseMeasureExpression } from '../../src/semantic/measure-expression';
import type { Aggregation, FieldType, ValueFormat } from '../../src/semantic/model-schema';
import type { EntityTenancy, ModelEntity, ModelField, ModelMeasure, SemanticModel } from '../../src/semantic/semantic-model';

type FieldSpec = [type: FieldType, options?: { hidden?: boolean; label?: string; format?: ValueFormat; role?: ModelField['role'] }];
type MeasureSpecFixture = [aggregation: Aggregation, expression: string | undefined, label: string, format: ValueFormat];

function entity(
  name: string,
  label: string,
  plural: string,
  fields: Record<string, FieldSpec>,
  measures: Record<string, MeasureSpecFixture> = {},
  tenancy: EntityTenancy = { kind: 'scoped', columns: { orgId: 'organisation_id' } },
  displayField?: string,
): ModelEntity {
  const modelFields: Record<string, ModelField> = {};
  for (const [fieldName, [type, options = {}]] of Object.entries(fields)) {
    modelFields[fieldName] = {
      name: fieldName,
      entity: name,
      column: fieldName,
      type,
      label: options.label ?? fieldName.replace(/_/g, ' '),
      synonyms: [],
      format: options.format ?? (type === 'integer' ? 'integer' : type === 'number' ? 'number' : type === 'date' ? 'date' : type === 'datetime' ? 'datetime' : 'text'),
      hidden: options.hidden ?? false,
      role: options.role ?? (type === 'date' || type === 'datetime' ? 'time' : 'attribute'),
      indexValues: false,
    };
  }
  const modelMeasures: Record<string, ModelMeasure> = {};
  for (const [measureName, [aggregation, expression, measureLabel, format]] of Object.entries(measures)) {
    modelMeasures[measureName] = {
      name: measureName,
      entity: name,
      label: measureLabel,
      synonyms: [],
      aggregation,
      ...(expression === undefined ? {} : { expression: parseMeasureExpression(expression) }),
      format,
    };
  }
  return { name, table: name, label, plural, synonyms: [], primaryKey: 'id', tenancy, fields: modelFields, measures: modelMeasures, ...(displayField ? { displayField } : {}) };
}

const hidden = { hidden: true } as const;
const money = { format: 'currency' } as const;

export function demoModelFixture(): SemanticModel {
  return {
    name: 'Demo shop',
    currency: 'USD',
    tenancy: { mode: 'context', keys: { orgId: { required: true } } },
    source: 'fixture',
    entities: {
      organisations: entity('organisations', 'organisation', 'organisations', { id: ['integer', hidden], name: ['string', { label: 'organisation name' }], created_at: ['datetime', { label: 'signup date' }] }, {}, { kind: 'scoped', columns: { orgId: 'id' } }),
      users: entity('users', 'customer', 'customers', {
        organisation_id: ['integer', hidden], id: ['integer', { label: 'customer id', role: 'identifier' }], name: ['string', { label: 'customer name' }],
        email: ['string', hidden], city: ['string', { role: 'dimension' }], zip: ['string'], birth_date: ['date', hidden],
        created_at: ['datetime', { label: 'signup date' }], last_order_at: ['datetime', { label: 'last order date' }],
      }, { customer_count: ['count', undefined, 'number of customers', 'integer'] }, undefined, 'name'),
      products: entity('products', 'product', 'products', {
        organisation_id: ['integer', hidden], id: ['integer', { label: 'product id', role: 'identifier' }], ean: ['string'], title: ['string', { label: 'product name' }],
        category: ['string', { role: 'dimension' }], price: ['number', money], stock_level: ['integer', { label: 'stock level' }], created_at: ['datetime', { label: 'date added' }],
      }, {}, undefined, 'title'),
      orders: entity('orders', 'order', 'orders', {
        organisation_id: ['integer', hidden], id: ['integer', { label: 'order id', role: 'identifier' }], user_id: ['integer', hidden], product_id: ['integer', hidden],
        subtotal: ['number', money], tax: ['number', money], discount: ['number', money], quantity: ['integer'], created_at: ['datetime', { label: 'order date' }],
      }, {
        revenue: ['sum', 'subtotal - discount', 'revenue', 'currency'],
        order_count: ['count', undefined, 'number of orders', 'integer'],
        units_sold: ['sum', 'quantity', 'units sold', 'integer'],
        average_order_value: ['avg', 'subtotal - discount', 'average order value', 'currency'],
        average_unit_price: ['avg', '(subtotal - discount) / quantity', 'average unit price', 'currency'],
        median_order_value: ['median', 'subtotal', 'median order value', 'currency'],
      }),
      reviews: entity('reviews', 'review', 'reviews', {
        organisation_id: ['integer', hidden], id: ['integer', { label: 'review id', role: 'identifier' }], product_id: ['integer', hidden], user_id: ['integer', hidden],
        rating: ['integer', { format: 'number' }], comment: ['string'], created_at: ['datetime', { label: 'review date' }],
      }, { average_rating: ['avg', 'rating', 'average rating', 'number'], review_count: ['count', undefined, 'number of reviews', 'integer'] }),
    },
    relations: [
      { name: 'product', fromEntity: 'orders', fromField: 'product_id', toEntity: 'products', toField: 'id' },
      { name: 'customer', fromEntity: 'orders', fromField: 'user_id', toEntity: 'users', toField: 'id' },
      { name: 'product', fromEntity: 'reviews', fromField: 'product_id', toEntity: 'products', toField: 'id' },
      { name: 'customer', fromEntity: 'reviews', fromField: 'user_id', toEntity: 'users', toField: 'id' },
      { name: 'organisation', fromEntity: 'users', fromField: 'organisation_id', toEntity: 'organisations', toField: 'id' },
      { name: 'organisation', fromEntity: 'products', fromField: 'organisation_id', toEntity: 'organisations', toField: 'id' },
      { name: 'organisation', fromEntity: 'orders', fromField: 'organisation_id', toEntity: 'organisations', toField: 'id' },
      { name: 'organisation', fromEntity: 'reviews', fromField: 'organisation_id', toEntity: 'organisations', toField: 'id' },
    ],
  };
}

/** The same model declared single-tenant (`tenancy: none`): everything shared, context may be {}. */
export function singleTenantFixture(): SemanticModel {
  const model = demoModelFixture();
  const entities = Object.fromEntries(Object.entries(model.entities).map(([name, e]) => [name, { ...e, tenancy: { kind: 'shared' as const } }]));
  return { ...model, tenancy: { mode: 'none' }, entities };
}
