import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFromSchema } from '../semantic/model-from-schema';
import { buildLexicon } from './lex/lexicon';
import { ownEventFields } from './own-event-fields';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const lexiconOf = (tables: TableInfo[]) => buildLexicon(modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }));

describe('ownEventFields: of one money column kept by several tables, the table whose event it names', () => {
  it('reads "amount claimed" as the claims\' own, not the settlements\' copy', () => {
    const lexicon = lexiconOf([table('claims', [column('amount_claimed', 'integer')]), table('settlements', [column('amount_claimed', 'integer')])]);
    const fields = [{ entity: 'claims', field: 'amount_claimed' }, { entity: 'settlements', field: 'amount_claimed' }];
    expect(ownEventFields(lexicon, fields)).toEqual([{ entity: 'claims', field: 'amount_claimed' }]);
  });

  it('decides nothing where no table is the event, or the columns differ', () => {
    const lexicon = lexiconOf([table('invoices', [column('amount_paid', 'number')]), table('refunds', [column('amount_paid', 'number'), column('amount_claimed', 'number')]), table('claims', [column('amount', 'number')])]);
    expect(ownEventFields(lexicon, [{ entity: 'invoices', field: 'amount_paid' }, { entity: 'refunds', field: 'amount_paid' }])).toBeUndefined();
    expect(ownEventFields(lexicon, [{ entity: 'refunds', field: 'amount_claimed' }, { entity: 'claims', field: 'amount' }])).toBeUndefined();
  });
});
