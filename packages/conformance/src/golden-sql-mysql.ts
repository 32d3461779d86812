/**
 * The golden table's MySQL/MariaDB column (golden-sql-suite.ts holds the others): plan -> SQL + parameters
 * with the MySQL dialect hooks, context { orgId: 2 }, maxRows 100 (cap 101). Backtick identifiers, `is null`
 * ordering for NULLs last, MySQL's date functions and UTC date-time text for bounds. Kept in its own file so
 * the columns of engines added at the same time do not edit the same lines.
 */
export const mysqlGoldenSql: Record<string, [string, unknown[]]> = {
  'products nobody reviewed (anti-join)': [
    "select `products`.`title` as `title` from `products` as `products` where `products`.`organisation_id` = ? and not exists (select 1 from `reviews` as `r0_reviews` where `r0_reviews`.`product_id` = `products`.`id` and `r0_reviews`.`organisation_id` = ?) order by `products`.`id` asc limit ?",
    [2, 2, 101],
  ],
  'customers with at least 3 laptop orders (count through a join)': [
    "select `users`.`name` as `name` from `users` as `users` where `users`.`organisation_id` = ? and (select count(*) from `orders` as `r0_orders` inner join `products` as `r0_products` on `r0_orders`.`product_id` = `r0_products`.`id` where `r0_orders`.`user_id` = `users`.`id` and `r0_orders`.`organisation_id` = ? and `r0_products`.`organisation_id` = ? and lower(`r0_products`.`category`) = lower(?)) >= ? order by `users`.`id` asc limit ?",
    [2, 2, 2, "Laptop", 3, 101],
  ],
  'categories having more than 20 orders': [
    "select `products`.`category` as `d0`, count(*) as `m0` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? group by 1 having count(*) > ? order by `d0` is null, `d0` asc limit ?",
    [2, 2, 20, 101],
  ],
  'the city with the most customers, with ties': [
    "select `d0`, `m0` from (select `ranked`.*, rank() over (order by `ranked`.`m0` desc) as `tie_rank` from (select `users`.`city` as `d0`, count(*) as `m0` from `users` as `users` where `users`.`organisation_id` = ? group by 1 order by `m0` desc, `d0` is null, `d0` asc) as `ranked`) as `with_ties` where `tie_rank` <= ? order by `tie_rank` asc, `d0` is null, `d0` asc, `m0` is null, `m0` asc limit ?",
    [2, 1, 101],
  ],
  'each city once (distinct list)': [
    "select distinct `users`.`city` as `city` from `users` as `users` where `users`.`organisation_id` = ? order by `users`.`city` is null, `users`.`city` asc limit ?",
    [2, 101],
  ],
  'count of orders': [
    "select count(*) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? limit ?",
    [2, 101],
  ],
  'revenue last month': [
    "select sum(`orders`.`subtotal` - `orders`.`discount`) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? and `orders`.`created_at` >= ? and `orders`.`created_at` < ? limit ?",
    [2, "2026-02-01 00:00:00.000", "2026-03-01 00:00:00.000", 101],
  ],
  'revenue by product category, top 5': [
    "select `products`.`category` as `d0`, sum(`orders`.`subtotal` - `orders`.`discount`) as `m0` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? group by 1 order by `m0` desc, `d0` is null, `d0` asc limit ?",
    [2, 2, 5],
  ],
  'orders by month in 2025': [
    "select date_format(`orders`.`created_at`, '%Y-%m') as `d0`, count(*) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? and `orders`.`created_at` >= ? and `orders`.`created_at` < ? group by 1 order by `d0` is null, `d0` asc limit ?",
    [2, "2025-01-01 00:00:00.000", "2026-01-01 00:00:00.000", 101],
  ],
  'weekly and quarterly units': [
    "select concat(year(`orders`.`created_at`), '-Q', quarter(`orders`.`created_at`)) as `d0`, date_format(`orders`.`created_at` - interval weekday(`orders`.`created_at`) day, '%Y-%m-%d') as `d1`, sum(`orders`.`quantity`) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? group by 1, 2 order by `d0` is null, `d0` asc, `d1` is null, `d1` asc limit ?",
    [2, 101],
  ],
  'daily and yearly, non-midnight bound': [
    "select date_format(`orders`.`created_at`, '%Y') as `d0`, date_format(`orders`.`created_at`, '%Y-%m-%d') as `d1`, max(`orders`.`subtotal`) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? and `orders`.`created_at` >= ? group by 1, 2 order by `d0` is null, `d0` asc, `d1` is null, `d1` asc limit ?",
    [2, "2025-06-01 06:30:00.000", 101],
  ],
  'average unit price and distinct products for laptops': [
    "select avg(cast((`orders`.`subtotal` - `orders`.`discount`) as double) / nullif(`orders`.`quantity`, 0)) as `m0`, count(distinct `products`.`title`) as `m1` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? and (lower(`products`.`category`) = lower(?) or lower(`products`.`category`) = lower(?)) limit ?",
    [2, 2, "Laptop", "Phone", 101],
  ],
  'every filter operator': [
    "select `products`.`title` as `title`, `products`.`price` as `price` from `products` as `products` where `products`.`organisation_id` = ? and lower(`products`.`category`) = lower(?) and `products`.`stock_level` <> ? and (`products`.`price` >= ? and `products`.`price` <= ?) and (lower(`products`.`category`) <> lower(?)) and lower(`products`.`title`) like lower(?) escape char(92) and not (lower(`products`.`title`) like lower(?) escape char(92)) and (`products`.`ean` is not null and trim(`products`.`ean`) <> '') and `products`.`created_at` <= ? order by `products`.`price` desc, `products`.`id` asc limit ?",
    [2, "Laptop", 0, 100, 500, "Cable", "%100\\%\\_pure%", "%refurb%", "2025-12-31 00:00:00.000", 20],
  ],
  'list orders over 500 with joined fields': [
    "select `orders`.`id` as `id`, `products`.`title` as `products.title`, `users`.`city` as `users.city`, `organisations`.`name` as `organisations.name` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` inner join `users` as `users` on `orders`.`user_id` = `users`.`id` inner join `organisations` as `organisations` on `orders`.`organisation_id` = `organisations`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? and `users`.`organisation_id` = ? and `organisations`.`id` = ? and `orders`.`subtotal` > ? order by `orders`.`id` asc limit ?",
    [2, 2, 2, 2, 500, 101],
  ],
  'top customers by revenue (grouped by key, shown by name)': [
    "select `users`.`name` as `d0`, sum(`orders`.`subtotal` - `orders`.`discount`) as `m0` from `orders` as `orders` inner join `users` as `users` on `orders`.`user_id` = `users`.`id` where `orders`.`organisation_id` = ? and `users`.`organisation_id` = ? group by 1, `users`.`id` order by `m0` desc, `d0` is null, `d0` asc limit ?",
    [2, 2, 5],
  ],
  'share of revenue from laptops last month': [
    "select 100.0 * coalesce(sum(case when lower(`products`.`category`) = lower(?) then `orders`.`subtotal` - `orders`.`discount` end), 0) / nullif(sum(`orders`.`subtotal` - `orders`.`discount`), 0) as `m0` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? and `orders`.`created_at` >= ? and `orders`.`created_at` < ? limit ?",
    ["Laptop", 2, 2, "2026-02-01 00:00:00.000", "2026-03-01 00:00:00.000", 101],
  ],
  'share of orders from a city, by category': [
    "select `products`.`category` as `d0`, 100.0 * count(case when lower(`users`.`city`) = lower(?) then 1 end) / nullif(count(*), 0) as `m0` from `orders` as `orders` inner join `users` as `users` on `orders`.`user_id` = `users`.`id` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `users`.`organisation_id` = ? and `products`.`organisation_id` = ? group by 1 order by `d0` is null, `d0` asc limit ?",
    ["Berlin", 2, 2, 2, 101],
  ],
  'revenue per customer (ratio)': [
    "select cast(sum(`orders`.`subtotal` - `orders`.`discount`) as double) / nullif(count(distinct `orders`.`user_id`), 0) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? limit ?",
    [2, 101],
  ],
  'orders per customer (averageOver) in 2025': [
    "select avg(`per_group`.`m0`) as `m0` from (select `orders`.`user_id` as `g`, count(*) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? and `orders`.`created_at` >= ? and `orders`.`created_at` < ? and `orders`.`user_id` is not null group by 1) as `per_group` limit ?",
    [2, "2025-01-01 00:00:00.000", "2026-01-01 00:00:00.000", 101],
  ],
  'orders per category for each customer (identity kept through averageOver)': [
    "select `per_group`.`d0` as `d0`, avg(`per_group`.`m0`) as `m0` from (select `users`.`name` as `d0`, `products`.`category` as `g`, `users`.`id` as `k0`, count(*) as `m0` from `orders` as `orders` inner join `users` as `users` on `orders`.`user_id` = `users`.`id` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `users`.`organisation_id` = ? and `products`.`organisation_id` = ? and `products`.`category` is not null group by 1, 2, 3) as `per_group` group by 1, `per_group`.`k0` order by `d0` is null, `d0` asc limit ?",
    [2, 2, 2, 101],
  ],
  'this month vs last month revenue': [
    "select case when `orders`.`created_at` >= ? and `orders`.`created_at` < ? then 0 when `orders`.`created_at` >= ? and `orders`.`created_at` < ? then 1 end as `period`, sum(`orders`.`subtotal` - `orders`.`discount`) as `m0` from `orders` as `orders` where `orders`.`organisation_id` = ? and ((`orders`.`created_at` >= ? and `orders`.`created_at` < ?) or (`orders`.`created_at` >= ? and `orders`.`created_at` < ?)) group by 1 order by `period` is null, `period` asc limit ?",
    ["2026-03-01 00:00:00.000", "2026-04-01 00:00:00.000", "2026-02-01 00:00:00.000", "2026-03-01 00:00:00.000", 2, "2026-03-01 00:00:00.000", "2026-04-01 00:00:00.000", "2026-02-01 00:00:00.000", "2026-03-01 00:00:00.000", 101],
  ],
  'two periods by category, orders per customer': [
    "select `per_group`.`period` as `period`, `per_group`.`d0` as `d0`, avg(`per_group`.`m0`) as `m0` from (select case when `orders`.`created_at` >= ? and `orders`.`created_at` < ? then 0 when `orders`.`created_at` < ? then 1 end as `period`, `products`.`category` as `d0`, `orders`.`user_id` as `g`, count(*) as `m0` from `orders` as `orders` inner join `products` as `products` on `orders`.`product_id` = `products`.`id` where `orders`.`organisation_id` = ? and `products`.`organisation_id` = ? and ((`orders`.`created_at` >= ? and `orders`.`created_at` < ?) or (`orders`.`created_at` < ?)) and `orders`.`user_id` is not null group by 1, 2, 3) as `per_group` group by 1, 2 order by `period` is null, `period` asc, `d0` is null, `d0` asc limit ?",
    ["2026-01-01 00:00:00.000", "2026-02-01 00:00:00.000", "2025-01-01 00:00:00.000", 2, 2, "2026-01-01 00:00:00.000", "2026-02-01 00:00:00.000", "2025-01-01 00:00:00.000", 101],
  ],
};
