import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('states.flag-name: a whole-number column named "..._yn" is a yes/no read by its name', () => {
  it('makes returned_damaged_yn the flag "returned damaged", with the evidence', () => {
    const tables = [table('bookings', [column('returned_damaged_yn', 'integer'), column('booking_status_code', 'string')])];
    const field = modelFromSchema(tables, options).entities.bookings!.fields.returned_damaged_yn!;
    expect({ flag: field.flag, label: field.label, synonyms: field.synonyms }).toEqual({ flag: true, label: 'returned damaged', synonyms: ['returned damaged'] });
    expect(modelFileFromSchema(tables, options).readings).toContainEqual(expect.objectContaining({ rule: 'states.flag-name', field: 'returned_damaged_yn', words: ['returned damaged'] }));
  });

  it('leaves a "yn" column of letters and a whole-number column of another name alone', () => {
    const fields = modelFromSchema([table('bookings', [column('returned_yn', 'string'), column('returned_count', 'integer')])], options).entities.bookings!.fields;
    expect(fields.returned_yn!.flag).not.toBe(true);
    expect(fields.returned_count!.flag).not.toBe(true);
  });
});
