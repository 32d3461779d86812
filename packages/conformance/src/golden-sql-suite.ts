/**
 * Golden table: plan -> SQL + parameters, for every dialect. The expected SQL is committed here so a
 * change to the compiler shows up as a readable diff. Context: { orgId: 2 }, maxRows 100 (cap 101).
 * Each adapter runs goldenSqlSuite with its own dialect hooks; an engine added later adds its column here.
 */
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type DialectHooks } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { goldenPlans } from './golden-plans';
import { mysqlGoldenSql } from './golden-sql-mysql';

const model = demoModelFixture();

type EngineName = 'sqlite' | 'postgres' | 'duckdb';

const expected: Record<string, Record<EngineName, [string, unknown[]]>> = {
  'products nobody reviewed (anti-join)': {
    sqlite: [
      `select "products"."title" as "title" from "products" as "products" where "products"."organisation_id" = ? and not exists (select 1 from "reviews" as "r0_reviews" where "r0_reviews"."product_id" = "products"."id" and "r0_reviews"."organisation_id" = ?) order by "products"."id" asc limit ?`,
      [2,2,101],
    ],
    postgres: [
      `select "products"."title" as "title" from "products" as "products" where "products"."organisation_id" = $1 and not exists (select 1 from "reviews" as "r0_reviews" where "r0_reviews"."product_id" = "products"."id" and "r0_reviews"."organisation_id" = $2) order by "products"."id" asc limit $3`,
      [2,2,101],
    ],
    duckdb: [
      `select "products"."title" as "title" from "products" as "products" where "products"."organisation_id" = $1 and not exists (select 1 from "reviews" as "r0_reviews" where "r0_reviews"."product_id" = "products"."id" and "r0_reviews"."organisation_id" = $2) order by "products"."id" asc limit $3`,
      [2, 2, 101],
    ],
  },
  'customers with at least 3 laptop orders (count through a join)': {
    sqlite: [
      `select "users"."name" as "name" from "users" as "users" where "users"."organisation_id" = ? and (select count(*) from "orders" as "r0_orders" inner join "products" as "r0_products" on "r0_orders"."product_id" = "r0_products"."id" where "r0_orders"."user_id" = "users"."id" and "r0_orders"."organisation_id" = ? and "r0_products"."organisation_id" = ? and lower("r0_products"."category") = lower(?)) >= ? order by "users"."id" asc limit ?`,
      [2,2,2,"Laptop",3,101],
    ],
    postgres: [
      `select "users"."name" as "name" from "users" as "users" where "users"."organisation_id" = $1 and (select count(*) from "orders" as "r0_orders" inner join "products" as "r0_products" on "r0_orders"."product_id" = "r0_products"."id" where "r0_orders"."user_id" = "users"."id" and "r0_orders"."organisation_id" = $2 and "r0_products"."organisation_id" = $3 and lower("r0_products"."category") = lower($4)) >= $5 order by "users"."id" asc limit $6`,
      [2,2,2,"Laptop",3,101],
    ],
    duckdb: [
      `select "users"."name" as "name" from "users" as "users" where "users"."organisation_id" = $1 and (select count(*) from "orders" as "r0_orders" inner join "products" as "r0_products" on "r0_orders"."product_id" = "r0_products"."id" where "r0_orders"."user_id" = "users"."id" and "r0_orders"."organisation_id" = $2 and "r0_products"."organisation_id" = $3 and lower("r0_products"."category") = lower($4)) >= $5 order by "users"."id" asc limit $6`,
      [2, 2, 2, "Laptop", 3, 101],
    ],
  },
  'categories having more than 20 orders': {
    sqlite: [
      `select "products"."category" as "d0", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? group by 1 having count(*) > ? order by "d0" asc nulls last limit ?`,
      [2,2,20,101],
    ],
    postgres: [
      `select "products"."category" as "d0", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 group by 1 having count(*) > $3 order by "d0" asc nulls last limit $4`,
      [2,2,20,101],
    ],
    duckdb: [
      `select "products"."category" as "d0", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 group by 1 having count(*) > $3 order by "d0" asc nulls last limit $4`,
      [2, 2, 20, 101],
    ],
  },
  'the city with the most customers, with ties': {
    sqlite: [
      `select "d0", "m0" from (select "ranked".*, rank() over (order by "ranked"."m0" desc nulls last) as "tie_rank" from (select "users"."city" as "d0", count(*) as "m0" from "users" as "users" where "users"."organisation_id" = ? group by 1 order by "m0" desc nulls last, "d0" asc nulls last) as "ranked") as "with_ties" where "tie_rank" <= ? order by "tie_rank" asc, "d0" asc nulls last, "m0" asc nulls last limit ?`,
      [2,1,101],
    ],
    postgres: [
      `select "d0", "m0" from (select "ranked".*, rank() over (order by "ranked"."m0" desc nulls last) as "tie_rank" from (select "users"."city" as "d0", count(*) as "m0" from "users" as "users" where "users"."organisation_id" = $1 group by 1 order by "m0" desc nulls last, "d0" asc nulls last) as "ranked") as "with_ties" where "tie_rank" <= $2 order by "tie_rank" asc, "d0" asc nulls last, "m0" asc nulls last limit $3`,
      [2,1,101],
    ],
    duckdb: [
      `select "d0", "m0" from (select "ranked".*, rank() over (order by "ranked"."m0" desc nulls last) as "tie_rank" from (select "users"."city" as "d0", count(*) as "m0" from "users" as "users" where "users"."organisation_id" = $1 group by 1 order by "m0" desc nulls last, "d0" asc nulls last) as "ranked") as "with_ties" where "tie_rank" <= $2 order by "tie_rank" asc, "d0" asc nulls last, "m0" asc nulls last limit $3`,
      [2, 1, 101],
    ],
  },
  'each city once (distinct list)': {
    sqlite: [
      `select distinct "users"."city" as "city" from "users" as "users" where "users"."organisation_id" = ? order by "users"."city" asc nulls last limit ?`,
      [2,101],
    ],
    postgres: [
      `select distinct "users"."city" as "city" from "users" as "users" where "users"."organisation_id" = $1 order by "users"."city" asc nulls last limit $2`,
      [2,101],
    ],
    duckdb: [
      `select distinct "users"."city" as "city" from "users" as "users" where "users"."organisation_id" = $1 order by "users"."city" asc nulls last limit $2`,
      [2, 101],
    ],
  },
  'count of orders': {
    sqlite: [
      `select count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? limit ?`,
      [2, 101],
    ],
    postgres: [
      `select count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 limit $2`,
      [2, 101],
    ],
    duckdb: [
      `select count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 limit $2`,
      [2, 101],
    ],
  },
  'revenue last month': {
    sqlite: [
      `select sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? and "orders"."created_at" >= ? and "orders"."created_at" < ? limit ?`,
      [2, "2026-02-01", "2026-03-01", 101],
    ],
    postgres: [
      `select sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamptz) >= cast($2 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($3 as timestamptz) limit $4`,
      [2, "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamp) >= cast($2 as timestamp) and cast("orders"."created_at" as timestamp) < cast($3 as timestamp) limit $4`,
      [2, "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
  },
  'revenue by product category, top 5': {
    sqlite: [
      `select "products"."category" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? group by 1 order by "m0" desc nulls last, "d0" asc nulls last limit ?`,
      [2, 2, 5],
    ],
    postgres: [
      `select "products"."category" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 group by 1 order by "m0" desc nulls last, "d0" asc nulls last limit $3`,
      [2, 2, 5],
    ],
    duckdb: [
      `select "products"."category" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 group by 1 order by "m0" desc nulls last, "d0" asc nulls last limit $3`,
      [2, 2, 5],
    ],
  },
  'orders by month in 2025': {
    sqlite: [
      `select strftime('%Y-%m', "orders"."created_at") as "d0", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? and "orders"."created_at" >= ? and "orders"."created_at" < ? group by 1 order by "d0" asc nulls last limit ?`,
      [2, "2025-01-01", "2026-01-01", 101],
    ],
    postgres: [
      `select to_char(date_trunc('month', (cast("orders"."created_at" as timestamptz) at time zone 'UTC')), 'YYYY-MM') as "d0", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamptz) >= cast($2 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($3 as timestamptz) group by 1 order by "d0" asc nulls last limit $4`,
      [2, "2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select (lpad(cast((year(cast("orders"."created_at" as timestamp)) * 100 + month(cast("orders"."created_at" as timestamp))) // 100 as varchar), 4, '0') || '-' || lpad(cast((year(cast("orders"."created_at" as timestamp)) * 100 + month(cast("orders"."created_at" as timestamp))) % 100 as varchar), 2, '0')) as "d0", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamp) >= cast($2 as timestamp) and cast("orders"."created_at" as timestamp) < cast($3 as timestamp) group by (year(cast("orders"."created_at" as timestamp)) * 100 + month(cast("orders"."created_at" as timestamp))) order by "d0" asc nulls last limit $4`,
      [2, "2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z", 101],
    ],
  },
  'weekly and quarterly units': {
    sqlite: [
      `select (strftime('%Y', "orders"."created_at") || '-Q' || ((cast(strftime('%m', "orders"."created_at") as integer) + 2) / 3)) as "d0", date("orders"."created_at", 'weekday 0', '-6 days') as "d1", sum("orders"."quantity") as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? group by 1, 2 order by "d0" asc nulls last, "d1" asc nulls last limit ?`,
      [2, 101],
    ],
    postgres: [
      `select to_char(date_trunc('quarter', (cast("orders"."created_at" as timestamptz) at time zone 'UTC')), 'YYYY-"Q"Q') as "d0", to_char(date_trunc('week', (cast("orders"."created_at" as timestamptz) at time zone 'UTC')), 'YYYY-MM-DD') as "d1", sum("orders"."quantity") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 group by 1, 2 order by "d0" asc nulls last, "d1" asc nulls last limit $2`,
      [2, 101],
    ],
    duckdb: [
      `select (lpad(cast((year(cast("orders"."created_at" as timestamp)) * 10 + quarter(cast("orders"."created_at" as timestamp))) // 10 as varchar), 4, '0') || '-Q' || cast((year(cast("orders"."created_at" as timestamp)) * 10 + quarter(cast("orders"."created_at" as timestamp))) % 10 as varchar)) as "d0", strftime(date_trunc('week', cast(cast("orders"."created_at" as timestamp) as date)), '%Y-%m-%d') as "d1", sum("orders"."quantity") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 group by (year(cast("orders"."created_at" as timestamp)) * 10 + quarter(cast("orders"."created_at" as timestamp))), date_trunc('week', cast(cast("orders"."created_at" as timestamp) as date)) order by "d0" asc nulls last, "d1" asc nulls last limit $2`,
      [2, 101],
    ],
  },
  'daily and yearly, non-midnight bound': {
    sqlite: [
      `select strftime('%Y', "orders"."created_at") as "d0", strftime('%Y-%m-%d', "orders"."created_at") as "d1", max("orders"."subtotal") as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? and datetime("orders"."created_at") >= datetime(?) group by 1, 2 order by "d0" asc nulls last, "d1" asc nulls last limit ?`,
      [2, "2025-06-01T06:30:00.000Z", 101],
    ],
    postgres: [
      `select to_char(date_trunc('year', (cast("orders"."created_at" as timestamptz) at time zone 'UTC')), 'YYYY') as "d0", to_char(date_trunc('day', (cast("orders"."created_at" as timestamptz) at time zone 'UTC')), 'YYYY-MM-DD') as "d1", max("orders"."subtotal") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamptz) >= cast($2 as timestamptz) group by 1, 2 order by "d0" asc nulls last, "d1" asc nulls last limit $3`,
      [2, "2025-06-01T06:30:00.000Z", 101],
    ],
    duckdb: [
      `select lpad(cast(year(cast("orders"."created_at" as timestamp)) as varchar), 4, '0') as "d0", strftime(cast(cast("orders"."created_at" as timestamp) as date), '%Y-%m-%d') as "d1", max("orders"."subtotal") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamp) >= cast($2 as timestamp) group by year(cast("orders"."created_at" as timestamp)), cast(cast("orders"."created_at" as timestamp) as date) order by "d0" asc nulls last, "d1" asc nulls last limit $3`,
      [2, "2025-06-01T06:30:00.000Z", 101],
    ],
  },
  'average unit price and distinct products for laptops': {
    sqlite: [
      `select avg(cast(("orders"."subtotal" - "orders"."discount") as real) / nullif("orders"."quantity", 0)) as "m0", count(distinct "products"."title") as "m1" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? and (lower("products"."category") = lower(?) or lower("products"."category") = lower(?)) limit ?`,
      [2, 2, "Laptop", "Phone", 101],
    ],
    postgres: [
      `select avg(cast(("orders"."subtotal" - "orders"."discount") as numeric) / nullif("orders"."quantity", 0)) as "m0", count(distinct "products"."title") as "m1" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 and (lower("products"."category") = lower($3) or lower("products"."category") = lower($4)) limit $5`,
      [2, 2, "Laptop", "Phone", 101],
    ],
    duckdb: [
      `select avg(cast(("orders"."subtotal" - "orders"."discount") as double) / nullif("orders"."quantity", 0)) as "m0", count(distinct "products"."title") as "m1" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 and (lower("products"."category") = lower($3) or lower("products"."category") = lower($4)) limit $5`,
      [2, 2, "Laptop", "Phone", 101],
    ],
  },
  'every filter operator': {
    sqlite: [
      `select "products"."title" as "title", "products"."price" as "price" from "products" as "products" where "products"."organisation_id" = ? and lower("products"."category") = lower(?) and "products"."stock_level" <> ? and ("products"."price" >= ? and "products"."price" <= ?) and (lower("products"."category") <> lower(?)) and "products"."title" like ? escape '\\' and not ("products"."title" like ? escape '\\') and ("products"."ean" is not null and trim("products"."ean") <> '') and "products"."created_at" <= ? order by "products"."price" desc nulls last, "products"."id" asc limit ?`,
      [2, "Laptop", 0, 100, 500, "Cable", "%100\\%\\_pure%", "%refurb%", "2025-12-31", 20],
    ],
    postgres: [
      `select "products"."title" as "title", "products"."price" as "price" from "products" as "products" where "products"."organisation_id" = $1 and lower("products"."category") = lower($2) and "products"."stock_level" <> $3 and ("products"."price" >= $4 and "products"."price" <= $5) and (lower("products"."category") <> lower($6)) and "products"."title" ilike $7 escape '\\' and not ("products"."title" ilike $8 escape '\\') and ("products"."ean" is not null and trim("products"."ean") <> '') and cast("products"."created_at" as timestamptz) <= cast($9 as timestamptz) order by "products"."price" desc nulls last, "products"."id" asc limit $10`,
      [2, "Laptop", 0, 100, 500, "Cable", "%100\\%\\_pure%", "%refurb%", "2025-12-31T00:00:00.000Z", 20],
    ],
    duckdb: [
      `select "products"."title" as "title", "products"."price" as "price" from "products" as "products" where "products"."organisation_id" = $1 and lower("products"."category") = lower($2) and "products"."stock_level" <> $3 and ("products"."price" >= $4 and "products"."price" <= $5) and (lower("products"."category") <> lower($6)) and "products"."title" ilike $7 escape '\\' and not ("products"."title" ilike $8 escape '\\') and ("products"."ean" is not null and trim("products"."ean") <> '') and cast("products"."created_at" as timestamp) <= cast($9 as timestamp) order by "products"."price" desc nulls last, "products"."id" asc limit $10`,
      [2, "Laptop", 0, 100, 500, "Cable", "%100\\%\\_pure%", "%refurb%", "2025-12-31T00:00:00.000Z", 20],
    ],
  },
  'list orders over 500 with joined fields': {
    sqlite: [
      `select "orders"."id" as "id", "products"."title" as "products.title", "users"."city" as "users.city", "organisations"."name" as "organisations.name" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "organisations" as "organisations" on "orders"."organisation_id" = "organisations"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? and "users"."organisation_id" = ? and "organisations"."id" = ? and "orders"."subtotal" > ? order by "orders"."id" asc limit ?`,
      [2, 2, 2, 2, 500, 101],
    ],
    postgres: [
      `select "orders"."id" as "id", "products"."title" as "products.title", "users"."city" as "users.city", "organisations"."name" as "organisations.name" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "organisations" as "organisations" on "orders"."organisation_id" = "organisations"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 and "users"."organisation_id" = $3 and "organisations"."id" = $4 and "orders"."subtotal" > $5 order by "orders"."id" asc limit $6`,
      [2, 2, 2, 2, 500, 101],
    ],
    duckdb: [
      `select "orders"."id" as "id", "products"."title" as "products.title", "users"."city" as "users.city", "organisations"."name" as "organisations.name" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "organisations" as "organisations" on "orders"."organisation_id" = "organisations"."id" where "orders"."organisation_id" = $1 and "products"."organisation_id" = $2 and "users"."organisation_id" = $3 and "organisations"."id" = $4 and "orders"."subtotal" > $5 order by "orders"."id" asc limit $6`,
      [2, 2, 2, 2, 500, 101],
    ],
  },
  'top customers by revenue (grouped by key, shown by name)': {
    sqlite: [
      `select "users"."name" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" where "orders"."organisation_id" = ? and "users"."organisation_id" = ? group by 1, "users"."id" order by "m0" desc nulls last, "d0" asc nulls last limit ?`,
      [2,2,5],
    ],
    postgres: [
      `select "users"."name" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" where "orders"."organisation_id" = $1 and "users"."organisation_id" = $2 group by 1, "users"."id" order by "m0" desc nulls last, "d0" asc nulls last limit $3`,
      [2,2,5],
    ],
    duckdb: [
      `select "users"."name" as "d0", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" where "orders"."organisation_id" = $1 and "users"."organisation_id" = $2 group by 1, "users"."id" order by "m0" desc nulls last, "d0" asc nulls last limit $3`,
      [2, 2, 5],
    ],
  },
  'share of revenue from laptops last month': {
    sqlite: [
      `select 100.0 * coalesce(sum(case when lower("products"."category") = lower(?) then "orders"."subtotal" - "orders"."discount" end), 0) / nullif(sum("orders"."subtotal" - "orders"."discount"), 0) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? and "orders"."created_at" >= ? and "orders"."created_at" < ? limit ?`,
      ["Laptop", 2, 2, "2026-02-01", "2026-03-01", 101],
    ],
    postgres: [
      `select 100.0 * coalesce(sum(case when lower("products"."category") = lower($1) then "orders"."subtotal" - "orders"."discount" end), 0) / nullif(sum("orders"."subtotal" - "orders"."discount"), 0) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $2 and "products"."organisation_id" = $3 and cast("orders"."created_at" as timestamptz) >= cast($4 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($5 as timestamptz) limit $6`,
      ["Laptop", 2, 2, "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select 100.0 * coalesce(sum(case when lower("products"."category") = lower($1) then "orders"."subtotal" - "orders"."discount" end), 0) / nullif(sum("orders"."subtotal" - "orders"."discount"), 0) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $2 and "products"."organisation_id" = $3 and cast("orders"."created_at" as timestamp) >= cast($4 as timestamp) and cast("orders"."created_at" as timestamp) < cast($5 as timestamp) limit $6`,
      ["Laptop", 2, 2, "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
  },
  'share of orders from a city, by category': {
    sqlite: [
      `select "products"."category" as "d0", 100.0 * count(case when lower("users"."city") = lower(?) then 1 end) / nullif(count(*), 0) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "users"."organisation_id" = ? and "products"."organisation_id" = ? group by 1 order by "d0" asc nulls last limit ?`,
      ["Berlin", 2, 2, 2, 101],
    ],
    postgres: [
      `select "products"."category" as "d0", 100.0 * count(case when lower("users"."city") = lower($1) then 1 end) / nullif(count(*), 0) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $2 and "users"."organisation_id" = $3 and "products"."organisation_id" = $4 group by 1 order by "d0" asc nulls last limit $5`,
      ["Berlin", 2, 2, 2, 101],
    ],
    duckdb: [
      `select "products"."category" as "d0", 100.0 * count(case when lower("users"."city") = lower($1) then 1 end) / nullif(count(*), 0) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $2 and "users"."organisation_id" = $3 and "products"."organisation_id" = $4 group by 1 order by "d0" asc nulls last limit $5`,
      ["Berlin", 2, 2, 2, 101],
    ],
  },
  'revenue per customer (ratio)': {
    sqlite: [
      `select cast(sum("orders"."subtotal" - "orders"."discount") as real) / nullif(count(distinct "orders"."user_id"), 0) as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? limit ?`,
      [2, 101],
    ],
    postgres: [
      `select cast(sum("orders"."subtotal" - "orders"."discount") as numeric) / nullif(count(distinct "orders"."user_id"), 0) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 limit $2`,
      [2, 101],
    ],
    duckdb: [
      `select cast(sum("orders"."subtotal" - "orders"."discount") as double) / nullif(count(distinct "orders"."user_id"), 0) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 limit $2`,
      [2, 101],
    ],
  },
  'orders per customer (averageOver) in 2025': {
    sqlite: [
      `select avg("per_group"."m0") as "m0" from (select "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? and "orders"."created_at" >= ? and "orders"."created_at" < ? and "orders"."user_id" is not null group by 1) as "per_group" limit ?`,
      [2, "2025-01-01", "2026-01-01", 101],
    ],
    postgres: [
      `select avg("per_group"."m0") as "m0" from (select "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamptz) >= cast($2 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($3 as timestamptz) and "orders"."user_id" is not null group by 1) as "per_group" limit $4`,
      [2, "2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select avg("per_group"."m0") as "m0" from (select "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" where "orders"."organisation_id" = $1 and cast("orders"."created_at" as timestamp) >= cast($2 as timestamp) and cast("orders"."created_at" as timestamp) < cast($3 as timestamp) and "orders"."user_id" is not null group by 1) as "per_group" limit $4`,
      [2, "2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z", 101],
    ],
  },
  'orders per category for each customer (identity kept through averageOver)': {
    sqlite: [
      `select "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select "users"."name" as "d0", "products"."category" as "g", "users"."id" as "k0", count(*) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "users"."organisation_id" = ? and "products"."organisation_id" = ? and "products"."category" is not null group by 1, 2, 3) as "per_group" group by 1, "per_group"."k0" order by "d0" asc nulls last limit ?`,
      [2, 2, 2, 101],
    ],
    postgres: [
      `select "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select "users"."name" as "d0", "products"."category" as "g", "users"."id" as "k0", count(*) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "users"."organisation_id" = $2 and "products"."organisation_id" = $3 and "products"."category" is not null group by 1, 2, 3) as "per_group" group by 1, "per_group"."k0" order by "d0" asc nulls last limit $4`,
      [2, 2, 2, 101],
    ],
    duckdb: [
      `select "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select "users"."name" as "d0", "products"."category" as "g", "users"."id" as "k0", count(*) as "m0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $1 and "users"."organisation_id" = $2 and "products"."organisation_id" = $3 and "products"."category" is not null group by 1, 2, 3) as "per_group" group by 1, "per_group"."k0" order by "d0" asc nulls last limit $4`,
      [2, 2, 2, 101],
    ],
  },
  'this month vs last month revenue': {
    sqlite: [
      `select case when "orders"."created_at" >= ? and "orders"."created_at" < ? then 0 when "orders"."created_at" >= ? and "orders"."created_at" < ? then 1 end as "period", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = ? and (("orders"."created_at" >= ? and "orders"."created_at" < ?) or ("orders"."created_at" >= ? and "orders"."created_at" < ?)) group by 1 order by "period" asc nulls last limit ?`,
      ["2026-03-01", "2026-04-01", "2026-02-01", "2026-03-01", 2, "2026-03-01", "2026-04-01", "2026-02-01", "2026-03-01", 101],
    ],
    postgres: [
      `select case when cast("orders"."created_at" as timestamptz) >= cast($1 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($2 as timestamptz) then 0 when cast("orders"."created_at" as timestamptz) >= cast($3 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($4 as timestamptz) then 1 end as "period", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $5 and ((cast("orders"."created_at" as timestamptz) >= cast($6 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($7 as timestamptz)) or (cast("orders"."created_at" as timestamptz) >= cast($8 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($9 as timestamptz))) group by 1 order by "period" asc nulls last limit $10`,
      ["2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 2, "2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select case when cast("orders"."created_at" as timestamp) >= cast($1 as timestamp) and cast("orders"."created_at" as timestamp) < cast($2 as timestamp) then 0 when cast("orders"."created_at" as timestamp) >= cast($3 as timestamp) and cast("orders"."created_at" as timestamp) < cast($4 as timestamp) then 1 end as "period", sum("orders"."subtotal" - "orders"."discount") as "m0" from "orders" as "orders" where "orders"."organisation_id" = $5 and ((cast("orders"."created_at" as timestamp) >= cast($6 as timestamp) and cast("orders"."created_at" as timestamp) < cast($7 as timestamp)) or (cast("orders"."created_at" as timestamp) >= cast($8 as timestamp) and cast("orders"."created_at" as timestamp) < cast($9 as timestamp))) group by 1 order by "period" asc nulls last limit $10`,
      ["2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 2, "2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 101],
    ],
  },
  'two periods by category, orders per customer': {
    sqlite: [
      `select "per_group"."period" as "period", "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select case when "orders"."created_at" >= ? and "orders"."created_at" < ? then 0 when "orders"."created_at" < ? then 1 end as "period", "products"."category" as "d0", "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = ? and "products"."organisation_id" = ? and (("orders"."created_at" >= ? and "orders"."created_at" < ?) or ("orders"."created_at" < ?)) and "orders"."user_id" is not null group by 1, 2, 3) as "per_group" group by 1, 2 order by "period" asc nulls last, "d0" asc nulls last limit ?`,
      ["2026-01-01", "2026-02-01", "2025-01-01", 2, 2, "2026-01-01", "2026-02-01", "2025-01-01", 101],
    ],
    postgres: [
      `select "per_group"."period" as "period", "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select case when cast("orders"."created_at" as timestamptz) >= cast($1 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($2 as timestamptz) then 0 when cast("orders"."created_at" as timestamptz) < cast($3 as timestamptz) then 1 end as "period", "products"."category" as "d0", "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $4 and "products"."organisation_id" = $5 and ((cast("orders"."created_at" as timestamptz) >= cast($6 as timestamptz) and cast("orders"."created_at" as timestamptz) < cast($7 as timestamptz)) or (cast("orders"."created_at" as timestamptz) < cast($8 as timestamptz))) and "orders"."user_id" is not null group by 1, 2, 3) as "per_group" group by 1, 2 order by "period" asc nulls last, "d0" asc nulls last limit $9`,
      ["2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", 2, 2, "2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", 101],
    ],
    duckdb: [
      `select "per_group"."period" as "period", "per_group"."d0" as "d0", avg("per_group"."m0") as "m0" from (select case when cast("orders"."created_at" as timestamp) >= cast($1 as timestamp) and cast("orders"."created_at" as timestamp) < cast($2 as timestamp) then 0 when cast("orders"."created_at" as timestamp) < cast($3 as timestamp) then 1 end as "period", "products"."category" as "d0", "orders"."user_id" as "g", count(*) as "m0" from "orders" as "orders" inner join "products" as "products" on "orders"."product_id" = "products"."id" where "orders"."organisation_id" = $4 and "products"."organisation_id" = $5 and ((cast("orders"."created_at" as timestamp) >= cast($6 as timestamp) and cast("orders"."created_at" as timestamp) < cast($7 as timestamp)) or (cast("orders"."created_at" as timestamp) < cast($8 as timestamp))) and "orders"."user_id" is not null group by 1, 2, 3) as "per_group" group by 1, 2 order by "period" asc nulls last, "d0" asc nulls last limit $9`,
      ["2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", 2, 2, "2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", 101],
    ],
  },
};

const isEngineName = (name: string): name is EngineName => name === 'sqlite' || name === 'postgres' || name === 'duckdb';

export function goldenSqlSuite(dialect: DialectHooks): void {
  describe(`compileQuery golden SQL (${dialect.name})`, () => {
    it('covers every golden plan, for this engine', () => {
      expect(isEngineName(dialect.name) || dialect.name === 'mysql').toBe(true);
      expect(Object.keys(expected).sort()).toEqual(Object.keys(goldenPlans).sort());
      expect(Object.keys(mysqlGoldenSql).sort()).toEqual(Object.keys(goldenPlans).sort());
    });

    for (const [name, input] of Object.entries(goldenPlans)) {
      it(`${name} (${dialect.name})`, () => {
        const scoped = scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId: 2 }));
        const compiled = compileQuery(scoped, model, dialect, { maxRows: 100 });
        const pinned = dialect.name === 'mysql' ? mysqlGoldenSql[name] : isEngineName(dialect.name) ? expected[name]?.[dialect.name] : undefined;
        const [sql, parameters] = pinned ?? ['missing', []];
        expect(compiled.sql).toBe(sql);
        expect(compiled.parameters).toEqual(parameters);
      });
    }
  });
}
