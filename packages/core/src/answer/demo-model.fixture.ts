/**
 * Test fixture: the resolved form of packages/demo-data/model/demo-model.yaml (the parts answers read),
 * built in code because no model loader existed when these tests were written.
 */
import type { FieldType, ValueFormat } from '../semantic/model-schema';
import type { ModelEntity, ModelField, ModelMeasure, SemanticModel } from '../semantic/semantic-model';

type FieldSpec = [type: FieldType, role: ModelField['role'], label?: string, format?: ValueFormat];

function defaultFormat(type: FieldType, role: ModelField['role']): ValueFormat {
  if (role === 'identifier') return 'text';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'date' || type === 'datetime') return type;
  return 'text';
}

function entity(
  name: string,
  label: string,
  plural: string,
  extra: Pick<ModelEntity, 'defaultDate' | 'displayField' | 'defaultMeasure'>,
  fields: Record<string, FieldSpec>,
  measures: Record<string, Pick<ModelMeasure, 'label' | 'aggregation' | 'format'> & { expression?: string }> = {},
): ModelEntity {
  return {
    name,
    table: name,
    label,
    plural,
    synonyms: [],
    primaryKey: 'id',
    tenancy: { kind: 'scoped', columns: { orgId: name === 'organisations' ? 'id' : 'organisation_id' } },
    ...extra,
    fields: Object.fromEntries(
      Object.entries(fields).map(([key, [type, role, fieldLabel, format]]) => [
        key,
        { name: key, entity: name, column: key, type, role, label: fieldLabel ?? key.replace(/_/g, ' '), synonyms: [], format: format ?? defaultFormat(type, role), hidden: false, indexValues: false },
      ]),
    ),
    measures: Object.fromEntries(
      Object.entries(measures).map(([key, m]) => [
        key,
        {
          name: key,
          entity: name,
          label: m.label,
          synonyms: [],
          aggregation: m.aggregation,
          format: m.format,
          ...(m.expression === undefined ? {} : { expression: { kind: 'field' as const, field: m.expression } }),
        },
      ]),
    ),
  };
}

export const demoModel: SemanticModel = {
  name: 'Demo shop',
  currency: 'USD',
  tenancy: { mode: 'context', keys: { orgId: { required: true } } },
  source: 'demo-model.fixture.ts',
  relations: [
    { name: 'product', fromEntity: 'orders', fromField: 'product_id', toEntity: 'products', toField: 'id' },
    { name: 'customer', fromEntity: 'orders', fromField: 'user_id', toEntity: 'users', toField: 'id' },
    { name: 'product', fromEntity: 'reviews', fromField: 'product_id', toEntity: 'products', toField: 'id' },
  ],
  entities: {
    users: entity('users', 'customer', 'customers', { defaultDate: 'created_at', displayField: 'name' }, {
      id: ['integer', 'identifier', 'customer id'],
      name: ['string', 'attribute', 'customer name'],
      city: ['string', 'dimension'],
      created_at: ['datetime', 'time', 'signup date'],
    }, { customer_count: { label: 'number of customers', aggregation: 'count', format: 'integer' } }),
    products: entity('products', 'product', 'products', { defaultDate: 'created_at', displayField: 'title' }, {
      id: ['integer', 'identifier', 'product id'],
      ean: ['string', 'identifier', 'EAN'],
      title: ['string', 'dimension', 'product name'],
      category: ['string', 'dimension'],
      price: ['number', 'measure', 'price', 'currency'],
      stock_level: ['integer', 'measure', 'stock level', 'integer'],
      created_at: ['datetime', 'time', 'date added'],
    }),
    orders: entity('orders', 'order', 'orders', { defaultDate: 'created_at', displayField: 'id', defaultMeasure: 'revenue' }, {
      id: ['integer', 'identifier', 'order id'],
      user_id: ['integer', 'identifier', 'user id'],
      product_id: ['integer', 'identifier', 'product id'],
      subtotal: ['number', 'measure', 'subtotal', 'currency'],
      discount: ['number', 'measure', 'discount', 'currency'],
      quantity: ['integer', 'measure', 'quantity', 'integer'],
      created_at: ['datetime', 'time', 'order date'],
    }, {
      revenue: { label: 'revenue', aggregation: 'sum', expression: 'subtotal', format: 'currency' },
      order_count: { label: 'number of orders', aggregation: 'count', format: 'integer' },
      units_sold: { label: 'units sold', aggregation: 'sum', expression: 'quantity', format: 'integer' },
      average_order_value: { label: 'average order value', aggregation: 'avg', expression: 'subtotal', format: 'currency' },
    }),
    reviews: entity('reviews', 'review', 'reviews', { defaultDate: 'created_at', displayField: 'id', defaultMeasure: 'average_rating' }, {
      id: ['integer', 'identifier', 'review id'],
      rating: ['integer', 'measure', 'rating', 'number'],
      comment: ['string', 'attribute'],
      created_at: ['datetime', 'time', 'review date'],
    }, {
      average_rating: { label: 'average rating', aggregation: 'avg', expression: 'rating', format: 'number' },
      review_count: { label: 'number of reviews', aggregation: 'count', format: 'integer' },
    }),
  },
};
