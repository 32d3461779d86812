/**
 * Regressions: every eval question (eval/sets/demo.jsonl, KaggleDBQA) the rules engine once answered wrongly
 * or declined and now answers right, pinned to the plan essentials that make it right (checked against the
 * gold SQL by `npm run eval`). Dates use the eval's pinned now (2026-06-15, a Monday). Questions it once
 * answered wrongly and must now decline are pinned as declines.
 */
import { resolve } from 'node:path';
import { validatePlan } from '../plan/validate-plan';
import type { QueryPlan } from '../plan/query-plan';
import { loadModelFile } from '../semantic/load-model-file';
import type { IndexedValue } from '../semantic/value-index';
import type { ConversationTurn } from '../planner/planner';
import { createRulesPlanner } from './rules-planner';
import { demoModel, demoValues } from '../../test/support/demo-model';
import { type PlanSummary, summarise } from '../../test/support/summarise';
import { createValueIndex } from './lex/value-index';

const EVAL_NOW = new Date('2026-06-15T12:00:00Z');
const model = demoModel();
const planner = createRulesPlanner({ model, valueIndex: createValueIndex(demoValues) });
const ask = (question: string, history: ConversationTurn[] = []) => planner.planSync({ question, history, now: EVAL_NOW, timezone: 'UTC' });

function planOf(question: string, history: ConversationTurn[] = []): QueryPlan {
  const outcome = ask(question, history);
  if (outcome.kind !== 'plan') throw new Error(`expected a plan for "${question}", got ${outcome.kind}: ${outcome.message}`);
  return outcome.plan;
}

/** Unlisted list keys (dims, filters, order) must be empty; the planner may not add a breakdown or filter silently. */
const EMPTY: Partial<PlanSummary> = { dims: [], filters: [], order: [] };

const demo: Array<[string, string, Partial<PlanSummary>]> = [
  ['relative-time-08', "number of reviews in the last 30 days", {entity: "reviews", measures: ["review_count"], time: "created_at 2026-05-16..2026-06-15"}],
  ['relative-time-16', "orders in the past 7 days", {entity: "orders", measures: ["order_count"], time: "created_at 2026-06-08..2026-06-15"}],
  ['time-series-14', "daily revenue in the last 7 days", {entity: "orders", measures: ["revenue"], dims: ["orders.created_at/day"], time: "created_at 2026-06-08..2026-06-15"}],
  ['time-series-16', "revenue trend by quarter since 2025", {entity: "orders", measures: ["revenue"], dims: ["orders.created_at/quarter"], time: "created_at 2025-01-01..…"}],
  ['count-distinct-09', "how many unique buyers this year", {entity: "orders", measures: ["count_distinct(users.id)"], time: "created_at 2026-01-01..2027-01-01"}],
  ['ratio-06', "revenue per customer", {entity: "orders", measures: ["ratio(revenue / count_distinct(users.id))"]}],
  ['per-group-average-01', "how many orders per customer", {entity: "orders", measures: ["order_count"],averageOver: "users.id"}],
  ['per-group-average-02', "average revenue per customer", {entity: "orders", measures: ["revenue"],averageOver: "users.id"}],
  ['per-group-average-03', "how many products per category on average", {entity: "products", measures: ["count"],averageOver: "products.category"}],
  ['per-group-average-05', "how many orders per city on average", {entity: "orders", measures: ["order_count"],averageOver: "users.city"}],
  ['per-group-average-07', "how many customers per city on average", {entity: "users", measures: ["customer_count"],averageOver: "users.city"}],
  ['per-group-average-08', "average spend per customer in 2025", {entity: "orders", measures: ["revenue"], time: "created_at 2025-01-01..2026-01-01",averageOver: "users.id"}],
  ['per-group-average-11', "average units sold per product", {entity: "orders", measures: ["units_sold"],averageOver: "products.id"}],
  ['per-group-average-12', "average revenue per city", {entity: "orders", measures: ["revenue"],averageOver: "users.city"}],
  ['per-group-average-14', "how many orders does each customer place on average", {entity: "orders", measures: ["order_count"],averageOver: "users.id"}],
  ['count-05', "can you tell me how many orders we've had in total", {entity: "orders", measures: ["order_count"]}],
  ['count-06', "total number of customers please", {entity: "users", measures: ["customer_count"]}],
  ['count-08', "how many products are in the catalogue", {entity: "products", measures: ["count"]}],
  ['aggregate-06', "total tax collected", {entity: "orders", measures: ["sum(orders.tax)"]}],
  ['aggregate-10', "how much stock do we have in total", {entity: "products", measures: ["sum(products.stock_level)"]}],
  ['aggregate-12', "max discount on a single order", {entity: "orders", kind: "list", limit: 1, order: ["orders.discount desc"]}],
  ['category-filter-02', "how many laptops are in the catalog", {entity: "products", measures: ["count"], filters: ["products.category eq Laptop"]}],
  ['category-filter-08', "total sales of camping gear", {entity: "orders", measures: ["revenue"], filters: ["products.category eq Camping"]}],
  ['category-filter-14', "how many customers live in Salt Lake City", {entity: "users", measures: ["customer_count"], filters: ["users.city eq Salt Lake City"]}],
  ['category-filter-17', "how much revenue did phones bring in", {entity: "orders", measures: ["revenue"], filters: ["products.category eq Phone"]}],
  ['numeric-filter-13', "how many reviews have a rating of 5", {entity: "reviews", measures: ["review_count"], filters: ["reviews.rating eq 5"]}],
  ['negation-05', "how many reviews that aren't 5 stars", {entity: "reviews", measures: ["review_count"], filters: ["reviews.rating neq 5"]}],
  ['negation-06', "sales outside of Boston", {entity: "orders", measures: ["revenue"], filters: ["users.city neq Boston"]}],
  ['negation-09', "how many customers don't live in New York", {entity: "users", measures: ["customer_count"], filters: ["users.city neq New York"]}],
  ['relative-time-07', "how many new customers last month", {entity: "users", measures: ["customer_count"], time: "created_at 2026-05-01..2026-06-01"}],
  ['relative-time-17', "total discount given last month", {entity: "orders", measures: ["sum(orders.discount)"], time: "created_at 2026-05-01..2026-06-01"}],
  ['absolute-time-08', "new customers in 2025", {entity: "users", measures: ["customer_count"], time: "created_at 2025-01-01..2026-01-01"}],
  ['absolute-time-13', "how much did we sell in november 2025", {entity: "orders", measures: ["revenue"], time: "created_at 2025-11-01..2025-12-01"}],
  ['breakdown-10', "number of reviews by rating", {entity: "reviews", measures: ["review_count"], dims: ["reviews.rating"]}],
  ['breakdown-13', "break down orders by category", {entity: "orders", measures: ["order_count"], dims: ["products.category"]}],
  ['time-series-06', "new customers per month in 2025", {entity: "users", measures: ["customer_count"], dims: ["users.created_at/month"], time: "created_at 2025-01-01..2026-01-01"}],
  ['time-series-11', "how did revenue develop month by month in 2025?", {entity: "orders", measures: ["revenue"], dims: ["orders.created_at/month"], time: "created_at 2025-01-01..2026-01-01"}],
  ['two-dimension-06', "number of customers by city and signup year", {entity: "users", measures: ["customer_count"], dims: ["users.city","users.created_at/year"]}],
  ['two-dimension-09', "number of reviews by category and rating", {entity: "reviews", measures: ["review_count"], dims: ["products.category","reviews.rating"]}],
  ['top-n-11', "which 5 cities generate the most revenue", {entity: "orders", measures: ["revenue"], dims: ["users.city"], filters: ["users.city neq "], limit: 5, order: ["measure0 desc"]}],
  ['top-n-14', "lowest rated 3 products", {entity: "reviews", measures: ["average_rating"], dims: ["products.title"], limit: 3, order: ["measure0 asc"]}],
  ['list-05', "list all product names", {entity: "products", kind: "list"}],
  ['list-06', "show the 1 star reviews from last month", {entity: "reviews", filters: ["reviews.rating eq 1"], kind: "list", time: "created_at 2026-05-01..2026-06-01"}],
  ['list-10', "show the 10 most recent orders", {entity: "orders", kind: "list", limit: 10, order: ["orders.created_at desc"]}],
  ['list-11', "which products cost more than $40?", {entity: "products", filters: ["products.price gt 40"], kind: "list"}],
  ['count-distinct-01', "how many different customers placed orders last month", {entity: "orders", measures: ["count_distinct(users.id)"], time: "created_at 2026-05-01..2026-06-01"}],
  ['count-distinct-02', "how many distinct products were sold in 2025", {entity: "orders", measures: ["count_distinct(products.id)"], time: "created_at 2025-01-01..2026-01-01"}],
  ['count-distinct-03', "how many unique customers have ordered", {entity: "orders", measures: ["count_distinct(users.id)"]}],
  ['count-distinct-06', "how many different customers left a review", {entity: "reviews", measures: ["count_distinct(users.id)"]}],
  ['count-distinct-07', "how many distinct products have been reviewed", {entity: "reviews", measures: ["count_distinct(products.id)"]}],
  ['count-distinct-08', "how many different customers bought Fiction", {entity: "orders", measures: ["count_distinct(users.id)"], filters: ["products.category eq Fiction"]}],
  ['count-distinct-10', "number of distinct customers who bought an Apple Watch", {entity: "orders", measures: ["count_distinct(users.id)"], filters: ["products.title eq Apple Watch"]}],
  ['count-distinct-11', "how many different products got reviews last month", {entity: "reviews", measures: ["count_distinct(products.id)"], time: "created_at 2026-05-01..2026-06-01"}],
  ['count-distinct-13', "how many unique customers by category", {entity: "orders", measures: ["count_distinct(users.id)"], dims: ["products.category"]}],
  ['count-distinct-14', "how many different customers ordered in Q1 2026", {entity: "orders", measures: ["count_distinct(users.id)"], time: "created_at 2026-01-01..2026-04-01"}],
  ['count-distinct-15', "count distinct products ordered last week", {entity: "orders", measures: ["count_distinct(products.id)"], time: "created_at 2026-06-08..2026-06-15"}],
  ['ratio-01', "what share of revenue comes from laptops", {entity: "orders", measures: ["share(revenue where products.category eq Laptop)"]}],
  ['ratio-03', "what percentage of orders are from Boston customers", {entity: "orders", measures: ["share(order_count where users.city eq Boston)"]}],
  ['ratio-04', "what share of reviews are 5 stars", {entity: "reviews", measures: ["share(review_count where reviews.rating eq 5)"]}],
  ['ratio-07', "what percent of revenue is from Audio this year", {entity: "orders", measures: ["share(revenue where products.category eq Audio)"], time: "created_at 2026-01-01..2027-01-01"}],
  ['ratio-09', "what share of orders are Camping", {entity: "orders", measures: ["share(order_count where products.category eq Camping)"]}],
  ['ratio-12', "what share of our customers live in Denver", {entity: "users", measures: ["share(customer_count where users.city eq Denver)"]}],
  ['ratio-14', "what percentage of products are Fiction", {entity: "products", measures: ["share(count where products.category eq Fiction)"]}],
  ['per-group-average-04', "average number of reviews per product", {entity: "reviews", measures: ["review_count"],averageOver: "products.id"}],
  ['per-group-average-09', "average number of reviews per customer", {entity: "reviews", measures: ["review_count"],averageOver: "users.id"}],
  ['per-group-average-15', "average order count per product", {entity: "orders", measures: ["order_count"],averageOver: "products.id"}],
  ['comparison-01', "revenue this month vs last month", {entity: "orders", measures: ["revenue"], periods: ["2026-06-01..2026-07-01","2026-05-01..2026-06-01"]}],
  ['comparison-02', "compare orders in 2025 and 2024", {entity: "orders", measures: ["order_count"], periods: ["2025-01-01..2026-01-01","2024-01-01..2025-01-01"]}],
  ['comparison-03', "compare revenue of Running and Cycling", {entity: "orders", measures: ["revenue"], dims: ["products.category"], filters: ["products.category in Running|Cycling"]}],
  ['comparison-04', "laptop vs phone revenue", {entity: "orders", measures: ["revenue"], dims: ["products.category"], filters: ["products.category in Laptop|Phone"]}],
  ['comparison-05', "how did sales in Q1 2026 compare to Q1 2025", {entity: "orders", measures: ["revenue"], periods: ["2026-01-01..2026-04-01","2025-01-01..2025-04-01"]}],
  ['comparison-06', "orders this year versus last year", {entity: "orders", measures: ["order_count"], periods: ["2026-01-01..2027-01-01","2025-01-01..2026-01-01"]}],
  ['comparison-07', "average rating of Audio vs Wearable", {entity: "reviews", measures: ["average_rating"], dims: ["products.category"], filters: ["products.category in Audio|Wearable"]}],
  ['comparison-08', "revenue in Boston compared to New York", {entity: "orders", measures: ["revenue"], dims: ["users.city"], filters: ["users.city in Boston|New York"]}],
  ['comparison-09', "units sold in May 2026 vs May 2025", {entity: "orders", measures: ["units_sold"], periods: ["2026-05-01..2026-06-01","2025-05-01..2025-06-01"]}],
  ['comparison-10', "compare the number of orders last week and this week", {entity: "orders", measures: ["order_count"], periods: ["2026-06-08..2026-06-15","2026-06-15..2026-06-22"]}],
  ['comparison-11', "Fiction vs Non-fiction orders", {entity: "orders", measures: ["order_count"], dims: ["products.category"], filters: ["products.category in Fiction|Non-fiction"]}],
  ['comparison-12', "revenue in Denver vs Boulder", {entity: "orders", measures: ["revenue"], dims: ["users.city"], filters: ["users.city in Denver|Boulder"]}],
  ['comparison-13', "how does revenue this quarter compare to last quarter", {entity: "orders", measures: ["revenue"], periods: ["2026-04-01..2026-07-01","2026-01-01..2026-04-01"]}],
  ['comparison-14', "average order value in 2025 vs 2024", {entity: "orders", measures: ["average_order_value"], periods: ["2025-01-01..2026-01-01","2024-01-01..2025-01-01"]}],
  ['comparison-15', "compare the average rating of Camping and Fitness", {entity: "reviews", measures: ["average_rating"], dims: ["products.category"], filters: ["products.category in Camping|Fitness"]}],
];

describe('regressions: demo eval questions once wrong or declined', () => {
  it.each(demo)('%s: %s', (_id, question, expected) => {
    const plan = planOf(question);
    const summary = summarise(plan);
    expect(summary).toMatchObject({ ...EMPTY, ...expected });
    if (expected.averageOver === undefined) expect(summary.averageOver).toBeUndefined();
    if (expected.periods === undefined) expect(summary.periods).toBeUndefined();
    if (expected.time === undefined) expect(summary.time).toBeUndefined();
    expect(() => validatePlan(plan, model)).not.toThrow();
  });

  it.each([
    ['per-group-average-06', 'average number of orders per day last month', 'order_count', 'day', '2026-05-01..2026-06-01'],
    ['per-group-average-10', 'how many orders per month on average in 2025', 'order_count', 'month', '2025-01-01..2026-01-01'],
    ['per-group-average-13', 'average revenue per month this year', 'revenue', 'month', '2026-01-01..2027-01-01'],
  ])('%s: "%s" is the figure per bucket averaged over the buckets (a rollup), not a series nor a decline', (_id, question, measure, grain, period) => {
    const summary = summarise(planOf(question));
    expect(summary).toMatchObject({ measures: [measure], dims: [], rollup: `avg over orders.created_at/${grain}`, time: `created_at ${period}` });
  });

  it.each([
    ['ratio-08', 'discount as a percentage of gross sales', ['ratio(sum(orders.discount) / sum(orders.subtotal)) %'], []],
    ['ratio-13', 'tax as a share of revenue', ['ratio(sum(orders.tax) / revenue) %'], []],
    ['ratio-10', 'share of revenue by category', ['percent_of_total(revenue)'], ['products.category']],
    ['breakdown-12', 'stock level by category', ['sum(products.stock_level)'], ['products.category']],
    ['count-15', 'hw many orders r there', ['order_count'], []],
  ])('%s: "%s" is answered (declined before issue 41)', (_id, question, measures, dims) => {
    const summary = summarise(planOf(question));
    expect({ measures: summary.measures, dims: summary.dims }).toEqual({ measures, dims });
  });

  it('follow-up-20/21: "what about 2024?" replaces the year, "show it as a table" keeps the plan', () => {
    const history: ConversationTurn[] = [];
    for (const question of ['units sold of Apple Watch in 2025', 'and by month?']) history.push({ question, plan: planOf(question, history) });
    const year2024 = planOf('what about 2024?', history);
    expect(summarise(year2024)).toMatchObject({ measures: ['units_sold'], dims: ['orders.created_at/month'], filters: ['products.title eq Apple Watch'], time: 'created_at 2024-01-01..2025-01-01' });
    history.push({ question: 'what about 2024?', plan: year2024 });
    const table = planOf('show it as a table', history);
    expect(summarise(table)).toMatchObject({ ...summarise(year2024), presentation: 'table' });
  });
});

const KAGGLE_MODELS = resolve(__dirname, '../../../../eval/models/kaggle');
const kaggle = (db: string, values: IndexedValue[]) => {
  const kaggleModel = loadModelFile(resolve(KAGGLE_MODELS, `${db}.yaml`));
  const kagglePlanner = createRulesPlanner({ model: kaggleModel, valueIndex: createValueIndex(values) });
  return { kaggleModel, ask: (question: string) => kagglePlanner.planSync({ question, history: [], now: EVAL_NOW, timezone: 'UTC' }) };
};

describe('regressions: KaggleDBQA questions once wrong or declined', () => {
  const geo = kaggle('GeoNuclearData', [
    ...['Operational', 'Planned', 'Shutdown', 'Under Construction'].map((value) => ({ entity: 'plants', field: 'status', value })),
    ...['PHWR', 'PWR', 'BWR'].map((value) => ({ entity: 'plants', field: 'reactor_type', value })),
    ...['Kaiga-4', 'Kaiga-1'].map((value) => ({ entity: 'plants', field: 'name', value })),
  ]);
  const crime = kaggle('GreaterManchesterCrime', [{ entity: 'crimes', field: 'crime_type', value: 'Burglary' }]);
  const school = kaggle('StudentMathScore', [{ entity: 'states', field: 'state', value: 'Wisconsin' }]);

  it.each([
    [geo, 'What are the top 10 countries with most number of operational plants?', { entity: 'plants', measures: ['plant_count'], dims: ['plants.country'], filters: ['plants.status eq Operational', 'plants.country neq '], order: ['measure0 desc'], limit: 10 }],
    [geo, 'Which country has the most nuclear power plants?', { entity: 'plants', measures: ['plant_count'], dims: ['plants.country'], order: ['measure0 desc'], limit: 1 }],
    [geo, 'Which country is Kaiga-4 built in?', { kind: 'list', entity: 'plants', filters: ['plants.name eq Kaiga-4'] }],
    [crime, 'What is the most common type of crime?', { entity: 'crimes', measures: ['crime_count'], dims: ['crimes.crime_type'], order: ['measure0 desc'], limit: 1 }],
    [school, 'What are the top five states in descending order in terms of revenue provided to school districts?', { entity: 'district_finance', measures: ['federal_revenue'], dims: ['states.state'], order: ['measure0 desc'], limit: 5 }],
    [school, 'What are the top five states in descending order in terms of the number of school districts per state?', { entity: 'district_finance', measures: ['district_count'], dims: ['states.state'], order: ['measure0 desc'], limit: 5 }],
  ] as const)('%#: %s', (db, question, expected) => {
    const outcome = db.ask(question);
    if (outcome.kind !== 'plan') throw new Error(`${question}: ${outcome.kind} ${outcome.message}`);
    expect(summarise(outcome.plan)).toMatchObject(expected);
    expect(() => validatePlan(outcome.plan, db.kaggleModel)).not.toThrow();
  });

  it('Which country is Kaiga-4 built in? shows the country', () => {
    const outcome = geo.ask('Which country is Kaiga-4 built in?');
    expect(outcome.kind === 'plan' && summarise(outcome.plan).fields).toContain('plants.country');
  });

  it('"How many PHWR are there today?" declines: plants have no single event date for "today"', () => {
    expect(geo.ask('How many PHWR are there today?').kind).toBe('decline');
  });

  it('"How many Wisconsin school districts receive federal funding?" asks which measure instead of answering two', () => {
    expect(school.ask('How many Wisconsin school districts receive federal funding?').kind).toBe('clarify');
  });
});
