/**
 * Physical names of the renamed warehouse. Every table and column gets a name that shares no word with the
 * demo schema, so an engine that leaned on the demo's names ("orders", "subtotal", "created_at") instead of
 * the model's labels and synonyms would fail on this copy.
 */
export interface RenamedColumn {
  from: string;
  to: string;
  type: string;
}

export interface RenamedTable {
  from: string;
  to: string;
  columns: RenamedColumn[];
  /** [column, referenced table (new name), referenced column (new name)] */
  foreignKeys: [string, string, string][];
  /** New column names to index (tenant first, as in the demo warehouse). */
  indexes: string[][];
}

const c = (from: string, to: string, type: string): RenamedColumn => ({ from, to, type });

export const RENAMED_TABLES: readonly RenamedTable[] = [
  {
    from: 'organisations',
    to: 'dim_tenant_accounts',
    columns: [c('id', 'acct_key', 'INTEGER PRIMARY KEY'), c('name', 'acct_title', 'TEXT NOT NULL'), c('created_at', 'ts_onboarded', 'DATETIME NOT NULL')],
    foreignKeys: [],
    indexes: [],
  },
  {
    from: 'users',
    to: 'dim_shoppers',
    columns: [
      c('organisation_id', 'tenant_ref', 'INTEGER NOT NULL'),
      c('id', 'shopper_key', 'INTEGER PRIMARY KEY'),
      c('name', 'full_nm', 'TEXT NOT NULL'),
      c('email', 'contact_addr', 'TEXT NOT NULL'),
      c('city', 'geo_town', 'TEXT NOT NULL'),
      c('zip', 'geo_post_cd', 'TEXT NOT NULL'),
      c('birth_date', 'dob_dt', 'DATE NOT NULL'),
      c('created_at', 'ts_registered', 'DATETIME NOT NULL'),
      c('last_order_at', 'ts_last_purchase', 'DATETIME'),
    ],
    foreignKeys: [['tenant_ref', 'dim_tenant_accounts', 'acct_key']],
    indexes: [['tenant_ref', 'ts_registered']],
  },
  {
    from: 'products',
    to: 'dim_catalog_items',
    columns: [
      c('organisation_id', 'tenant_ref', 'INTEGER NOT NULL'),
      c('id', 'item_key', 'INTEGER PRIMARY KEY'),
      c('ean', 'gtin_cd', 'TEXT NOT NULL'),
      c('title', 'item_label', 'TEXT NOT NULL'),
      c('category', 'merch_group', 'TEXT NOT NULL'),
      c('price', 'amt_list', 'REAL NOT NULL'),
      c('stock_level', 'qty_on_hand', 'INTEGER NOT NULL'),
      c('created_at', 'ts_listed', 'DATETIME NOT NULL'),
    ],
    foreignKeys: [['tenant_ref', 'dim_tenant_accounts', 'acct_key']],
    indexes: [['tenant_ref', 'merch_group']],
  },
  {
    from: 'orders',
    to: 'fact_sale_lines',
    columns: [
      c('organisation_id', 'tenant_ref', 'INTEGER NOT NULL'),
      c('id', 'line_key', 'INTEGER PRIMARY KEY'),
      c('user_id', 'shopper_ref', 'INTEGER NOT NULL'),
      c('product_id', 'item_ref', 'INTEGER NOT NULL'),
      c('subtotal', 'amt_gross', 'REAL NOT NULL'),
      c('tax', 'amt_levy', 'REAL NOT NULL'),
      c('discount', 'amt_rebate', 'REAL NOT NULL'),
      c('quantity', 'qty_units', 'INTEGER NOT NULL'),
      c('created_at', 'ts_booked', 'DATETIME NOT NULL'),
    ],
    foreignKeys: [
      ['tenant_ref', 'dim_tenant_accounts', 'acct_key'],
      ['shopper_ref', 'dim_shoppers', 'shopper_key'],
      ['item_ref', 'dim_catalog_items', 'item_key'],
    ],
    indexes: [['tenant_ref', 'ts_booked'], ['shopper_ref'], ['item_ref']],
  },
  {
    from: 'reviews',
    to: 'fact_item_feedback',
    columns: [
      c('organisation_id', 'tenant_ref', 'INTEGER NOT NULL'),
      c('id', 'feedback_key', 'INTEGER PRIMARY KEY'),
      c('product_id', 'item_ref', 'INTEGER NOT NULL'),
      c('user_id', 'shopper_ref', 'INTEGER NOT NULL'),
      c('rating', 'score_pts', 'INTEGER NOT NULL'),
      c('comment', 'remark_txt', 'TEXT NOT NULL'),
      c('created_at', 'ts_submitted', 'DATETIME NOT NULL'),
    ],
    foreignKeys: [
      ['tenant_ref', 'dim_tenant_accounts', 'acct_key'],
      ['item_ref', 'dim_catalog_items', 'item_key'],
      ['shopper_ref', 'dim_shoppers', 'shopper_key'],
    ],
    indexes: [['tenant_ref', 'ts_submitted'], ['item_ref'], ['shopper_ref']],
  },
];
