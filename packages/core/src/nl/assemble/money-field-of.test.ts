import type { ColumnInfo, TableInfo } from '../../datasource/data-source';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { moneyFieldOf } from './resolve-fields';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const entityOf = (columns: ColumnInfo[]) => modelFromSchema([table('rooms', columns)], { tenancy: 'none', source: 'fixture' }).entities.rooms!;

describe('moneyFieldOf: the money of "rooms under $150"', () => {
  it('is a price kept as whole numbers when it is the one money column', () => {
    expect(moneyFieldOf(entityOf([column('basePrice', 'integer'), column('beds', 'integer')]))).toBe('base_price');
  });

  it('is nothing where no number is named as money, or two are', () => {
    expect(moneyFieldOf(entityOf([column('beds', 'integer'), column('max_occupancy', 'integer')]))).toBeUndefined();
    expect(moneyFieldOf(entityOf([column('basePrice', 'integer'), column('cleaning_fee', 'integer')]))).toBeUndefined();
  });
});
