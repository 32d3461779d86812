import { humanize, isPlural, pluralize, singularize, splitWords, toIdentifier } from './humanize';

describe('humanize', () => {
  it.each([
    ['created_at', 'created at'],
    ['salePrice', 'sale price'],
    ['SalePrice', 'sale price'],
    ['HTTPStatus', 'http status'],
    ['order-items', 'order items'],
    ['stock_level2', 'stock level2'],
  ])('%s -> %s', (name, words) => expect(humanize(name)).toBe(words));

  it('splits words and builds safe identifiers', () => {
    expect(splitWords('customerID_code')).toEqual(['customer', 'id', 'code']);
    expect(toIdentifier('Sale Price')).toBe('sale_price');
    expect(toIdentifier('2020 sales')).toBe('_2020_sales');
    expect(toIdentifier('***')).toBe('unnamed');
  });

  it.each([
    ['order', 'orders'],
    ['category', 'categories'],
    ['address', 'addresses'],
    ['box', 'boxes'],
    ['person', 'people'],
    ['order item', 'order items'],
    ['day', 'days'],
  ])('pluralizes %s <-> %s', (one, many) => {
    expect(pluralize(one)).toBe(many);
    expect(singularize(many)).toBe(one);
  });

  it('leaves singular and invariant words alone', () => {
    expect(singularize('status')).toBe('status');
    expect(singularize('data')).toBe('data');
    expect(isPlural('orders')).toBe(true);
    expect(isPlural('customer')).toBe(false);
  });
});
