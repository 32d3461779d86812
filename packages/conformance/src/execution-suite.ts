/**
 * Execution tests shared by the SQLite and PostgreSQL suites: compiled plans run on a real database and
 * are compared with independent hand-written SQL (or, for date grains, with buckets computed in JS from
 * the raw rows), for every organisation, so tenant isolation is checked on real data.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { sql } from 'kysely';
import { compileQuery, loadModelFile, parseTextDate, resolveTenantScope, scopePlan, validatePlan, type DataSource, type QueryPlanInput, type TextDateFormat } from '@askdata/core';

export const ORGS = [1, 2, 3];
const options = { timeoutMs: 10_000, maxRows: 1000 };

/** Hand SQL uses `:org` for the organisation; each dialect gets its own placeholder. */
export async function hand(ds: DataSource, text: string, org: number): Promise<Record<string, unknown>[]> {
  const sql = text.replace(/:org/g, ds.dialect.name === 'postgres' ? '$1' : '?');
  const count = (text.match(/:org/g) ?? []).length;
  const parameters = ds.dialect.name === 'postgres' ? [org] : Array.from({ length: count }, () => org);
  return (await ds.execute({ sql, parameters }, options)).rows;
}

export async function runPlan(ds: DataSource, input: QueryPlanInput, org: number, maxRows = options.maxRows) {
  const model = loadModelFile(DEMO_MODEL_PATH);
  const plan = validatePlan(input, model, { dialect: ds.dialect });
  const compiled = compileQuery(scopePlan(plan, model, resolveTenantScope(model, { orgId: org })), model, ds.dialect, { maxRows });
  return ds.execute(compiled, { timeoutMs: options.timeoutMs, maxRows });
}

const round = (value: unknown): unknown => (typeof value === 'number' ? Math.round(value * 100) / 100 : value);
export const rounded = (rows: Record<string, unknown>[]): unknown[][] => rows.map((row) => Object.values(row).map(round));

const created = { entity: 'orders', field: 'created_at' };
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;

/** Monday of the UTC week, "YYYY-MM-DD". */
function weekOf(iso: string): string {
  const d = new Date(iso);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day)).toISOString().slice(0, 10);
}
const quarterOf = (iso: string): string => `${iso.slice(0, 4)}-Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}`;

function countBy(values: string[]): unknown[][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => [k, n]);
}

export function executionSuite(source: () => DataSource): void {
  it('counts orders per organisation, each tenant its own figure', async () => {
    const figures: number[] = [];
    for (const org of ORGS) {
      const result = await runPlan(source(), { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }, revenue] }, org);
      const expected = await hand(source(), 'select count(*) as n, sum(subtotal - discount) as r from orders where organisation_id = :org', org);
      expect(rounded(result.rows)).toEqual(rounded(expected));
      figures.push(Number(result.rows[0]?.m0));
    }
    expect(new Set(figures).size).toBe(ORGS.length);
  });

  it('joins: revenue by product category', async () => {
    for (const org of ORGS) {
      const result = await runPlan(source(), { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: { entity: 'products', field: 'category' } }] }, org);
      const expected = await hand(source(), 'select p.category, sum(o.subtotal - o.discount) from orders o join products p on p.id = o.product_id where o.organisation_id = :org group by p.category order by p.category', org);
      expect(result.rows.length).toBeGreaterThan(1);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('time range (start inclusive, end exclusive) with a month grain', async () => {
    const engine = source().dialect.name;
    const month = engine === 'postgres' ? "to_char(created_at at time zone 'UTC', 'YYYY-MM')" : engine === 'duckdb' ? "strftime(created_at, '%Y-%m')" : 'substr(created_at, 1, 7)';
    // PostgreSQL and DuckDB compare real timestamps with an ISO instant; SQLite compares ISO text, MySQL its own date-time text.
    const bounds = engine === 'postgres' || engine === 'duckdb' ? "created_at >= '2025-01-01T00:00:00Z' and created_at < '2026-01-01T00:00:00Z'" : "created_at >= '2025-01-01' and created_at < '2026-01-01'";
    for (const org of ORGS) {
      const result = await runPlan(source(), { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: created, grain: 'month' }], timeRange: { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' } }, org);
      const expected = await hand(source(), `select ${month} as m, count(*) from orders where organisation_id = :org and ${bounds} group by 1 order by 1`, org);
      expect(result.rows).toHaveLength(12);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it.each([
    ['week', weekOf],
    ['quarter', quarterOf],
    ['year', (iso: string) => iso.slice(0, 4)],
    ['day', (iso: string) => iso.slice(0, 10)],
  ] as const)('buckets by %s exactly as computed independently in JS', async (grain, bucket) => {
    const org = 2;
    const result = await runPlan(source(), { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: created, grain }] }, org);
    const raw = await hand(source(), 'select created_at from orders where organisation_id = :org', org);
    expect(rounded(result.rows)).toEqual(countBy(raw.map((row) => bucket(String(row.created_at)))));
  });

  it('lists with a filter and caps rows, reporting truncation', async () => {
    const plan: QueryPlanInput = { kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }, { entity: 'products', field: 'title' }], filters: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 100 }] };
    const capped = await runPlan(source(), plan, 1, 5);
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.rows).toHaveLength(5);
    const expected = await hand(source(), 'select o.id, p.title from orders o join products p on p.id = o.product_id where o.organisation_id = :org and o.subtotal > 100 order by o.id limit 5', 1);
    expect(rounded(capped.rows)).toEqual(rounded(expected));
    const limited = await runPlan(source(), { ...plan, limit: 3 }, 1, 5);
    expect(limited).toMatchObject({ truncated: false });
    expect(limited.rows).toHaveLength(3);
  });

  it('finds category values case-insensitively and escapes LIKE wildcards', async () => {
    const [first] = await hand(source(), 'select category from products where organisation_id = :org order by category limit 1', 1);
    const category = String(first?.category);
    const count = async (filters: QueryPlanInput['filters']) => (await runPlan(source(), { kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], filters }, 1)).rows[0]?.m0;
    const exact = await count([{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }]);
    expect(Number(exact)).toBeGreaterThan(0);
    expect(await count([{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category.toUpperCase() }])).toBe(exact);
    expect(await count([{ op: 'contains', field: { entity: 'products', field: 'title' }, value: '%' }])).toBe(0);
  });

  it('says truly whether the engine\'s own LIKE matches letter case (likeMatchesCase, which the SQL importer trusts)', async () => {
    const [first] = await hand(source(), 'select category from products where organisation_id = :org order by category limit 1', 1);
    const category = String(first?.category);
    const upper = category.toUpperCase();
    expect(upper).not.toBe(category);
    expect(upper).not.toMatch(/[%_'\\]/);
    // The column's own value, written in capitals in a LIKE: only an engine whose LIKE ignores case finds it.
    const [found] = await hand(source(), `select count(*) as n from products where organisation_id = :org and category like '%${upper}%'`, 1);
    expect(Number(found?.n) > 0).toBe(!source().dialect.likeMatchesCase);
  });

  it.each([
    ['DD-MON-YY', ['23-OCT-10', '01-jan-99', '29-FEB-12', '31-DEC-49', '01-JAN-50', ' 05-Mar-10 ', 'n/a', '2010-10-23']],
    ['DD-MON-YYYY', ['23-OCT-2010', '01-jan-1999', '29-FEB-2012', '7-OCT-2010']],
  ] as const)('reads dates kept as text in the %s format as the same days as JS does, and other text as no date', async (format: TextDateFormat, values) => {
    const hooks = source().dialect;
    const text = sql.id('t', 'c');
    const date = hooks.dateFromText(text, format);
    const rows = sql.join(values.map((value, i) => sql`select ${sql.lit(i)} as i, ${sql.lit(value)} as c`), sql` union all `);
    const query = sql`select ${sql.id('t', 'i')} as i, ${hooks.timeBucket(date, 'day')} as d, ${hooks.timeBucket(date, 'month')} as m, (case when ${hooks.compareTime(date, '>=', '2010-10-01')} then 1 else 0 end) as later from (${rows}) as t order by 1`.compile(hooks.kysely);
    const result = await source().execute({ sql: query.sql, parameters: query.parameters }, options);
    const expected = values.map((value, i) => {
      const day = parseTextDate(value, format);
      return [i, day ?? null, day?.slice(0, 7) ?? null, day !== undefined && day >= '2010-10-01' ? 1 : 0];
    });
    expect(result.rows.map((row) => [Number(row.i), row.d, row.m, Number(row.later)])).toEqual(expected);
    // The day each engine read is the one the format names, with Oracle's RR rule for two-digit years.
    if (format === 'DD-MON-YY') expect(expected.map((row) => row[1])).toEqual(['2010-10-23', '1999-01-01', '2012-02-29', '2049-12-31', '1950-01-01', '2010-03-05', null, null]);
  });
}
