import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const options = { tenancy: 'none', source: 'fixture' } as const;
const accounts: TableInfo = { name: 'accounts', columns: [column('account_id', 'integer', true), column('company_name', 'string'), column('country', 'string')], foreignKeys: [] };
const invoices: TableInfo = {
  name: 'invoices',
  columns: [column('invoice_id', 'integer', true), column('account_id', 'integer'), column('amount', 'number')],
  foreignKeys: [{ column: 'account_id', referencedTable: 'accounts', referencedColumn: 'account_id' }],
};

describe('roles.customer-table: customers, clients and buyers name the one table that plays that part', () => {
  it('calls accounts that facts are recorded against "customers", with the evidence', () => {
    const model = modelFromSchema([accounts, invoices], options);
    expect(model.entities.accounts!.synonyms).toEqual(expect.arrayContaining(['customer', 'client', 'buyer']));
    const { readings } = modelFileFromSchema([accounts, invoices], options);
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'roles.customer-table', entity: 'accounts', evidence: expect.stringContaining('record facts against it') }));
  });

  it('leaves accounts alone beside a customers table: there they are a customer\'s accounts', () => {
    const customers: TableInfo = { name: 'customers', columns: [column('customer_id', 'integer', true), column('name', 'string')], foreignKeys: [] };
    const model = modelFromSchema([customers, accounts, invoices], options);
    expect(model.entities.accounts!.synonyms ?? []).not.toContain('customer');
  });

  it('leaves alone accounts no fact points at (a ledger\'s chart of accounts)', () => {
    const model = modelFromSchema([accounts], options);
    expect(model.entities.accounts!.synonyms ?? []).not.toContain('customer');
  });
});
