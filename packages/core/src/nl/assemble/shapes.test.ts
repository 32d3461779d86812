/**
 * The language features beyond "measure by dimension", each on the demo model: count distinct, averages
 * over groups, ratios, shares, comparisons of periods and of values, exact-number and negation forms,
 * groupings by whole numbers and "<date> year", rankings by row count, lists named by their fields — and
 * the follow-ups on these shapes. Every plan must also pass validatePlan.
 */
import { validatePlan } from '../../plan/validate-plan';
import type { QueryPlan } from '../../plan/query-plan';
import type { ConversationTurn, PlannerOutcome } from '../../planner/planner';
import { createRulesPlanner } from '../rules-planner';
import { NOW, demoModel, demoValues } from '../../../test/support/demo-model';
import { type PlanSummary, summarise } from '../../../test/support/summarise';
import { createValueIndex } from '../lex/value-index';

const model = demoModel();
const planner = createRulesPlanner({ model, valueIndex: createValueIndex(demoValues) });
const ask = (question: string, history: ConversationTurn[] = []): PlannerOutcome => planner.planSync({ question, history, now: NOW, timezone: 'UTC' });

function planOf(question: string, history: ConversationTurn[] = []): QueryPlan {
  const outcome = ask(question, history);
  if (outcome.kind !== 'plan') throw new Error(`expected a plan for "${question}", got ${outcome.kind}: ${outcome.message}`);
  return outcome.plan;
}

const LAST_MONTH = 'created_at 2026-10-01..2026-11-01';

const table: Array<[string, Partial<PlanSummary>]> = [
  // count distinct: through the rows the rest of the question is about
  ['how many different customers placed orders last month', { entity: 'orders', measures: ['count_distinct(users.id)'], time: LAST_MONTH }],
  ['how many unique products were reviewed', { entity: 'reviews', measures: ['count_distinct(products.id)'] }],
  ['how many distinct customers bought Laptops', { entity: 'orders', measures: ['count_distinct(users.id)'], filters: ['products.category eq Laptop'] }],
  ['how many unique buyers this year', { entity: 'orders', measures: ['count_distinct(users.id)'], time: 'created_at 2026-01-01..2027-01-01' }],
  ['how many different customers in Boston', { entity: 'users', measures: ['customer_count'], filters: ['users.city eq Boston'] }],
  ['how many different cities do our customers live in', { entity: 'users', measures: ['count_distinct(users.city)'] }],
  // averages over groups and ratios
  ['how many orders per customer', { entity: 'orders', measures: ['order_count'], dims: [], averageOver: 'users.id' }],
  ['average revenue per city', { entity: 'orders', measures: ['revenue'], dims: [], averageOver: 'users.city' }],
  ['how many products per category on average', { entity: 'products', measures: ['count'], dims: [], averageOver: 'products.category' }],
  ['how many reviews does each customer leave on average', { entity: 'reviews', measures: ['review_count'], averageOver: 'users.id' }],
  ['average units sold per product last month', { entity: 'orders', measures: ['units_sold'], averageOver: 'products.id', time: LAST_MONTH }],
  ['revenue per customer', { entity: 'orders', measures: ['ratio(revenue / count_distinct(users.id))'], dims: [] }],
  ['average tax per order', { entity: 'orders', measures: ['avg(orders.tax)'], dims: [] }],
  ['average rating per product', { entity: 'reviews', measures: ['average_rating'], dims: ['products.title'] }],
  ['revenue per category', { entity: 'orders', measures: ['revenue'], dims: ['products.category'] }],
  ['top 3 cities by number of customers per city', { entity: 'users', dims: ['users.city'], order: ['measure0 desc'], limit: 3 }],
  // shares
  ['what share of revenue comes from laptops', { entity: 'orders', measures: ['share(revenue where products.category eq Laptop)'], filters: [] }],
  ['what percentage of orders are from Boston customers last month', { measures: ['share(order_count where users.city eq Boston)'], time: LAST_MONTH }],
  ['what % of reviews are 5 stars', { entity: 'reviews', measures: ['share(review_count where reviews.rating eq 5)'] }],
  // comparisons
  ['revenue this month vs last month', { measures: ['revenue'], periods: ['2026-11-01..2026-12-01', '2026-10-01..2026-11-01'] }],
  ['compare orders in 2025 and 2024', { measures: ['order_count'], periods: ['2025-01-01..2026-01-01', '2024-01-01..2025-01-01'] }],
  ['how did sales in Q1 2026 compare to Q1 2025', { measures: ['revenue'], periods: ['2026-01-01..2026-04-01', '2025-01-01..2025-04-01'] }],
  ['laptop vs phone revenue', { measures: ['revenue'], dims: ['products.category'], filters: ['products.category in Laptop|Phone'] }],
  ['compare the average rating of Camping and Fitness', { measures: ['average_rating'], dims: ['products.category'], filters: ['products.category in Camping|Fitness'] }],
  ['revenue in Boston compared to New York by month', { dims: ['users.city', 'orders.created_at/month'], filters: ['users.city in Boston|New York'] }],
  // exact numbers and negation forms
  ['how many reviews have a rating of 5', { measures: ['review_count'], filters: ['reviews.rating eq 5'] }],
  ['how many reviews that aren\'t 5 stars', { measures: ['review_count'], filters: ['reviews.rating neq 5'] }],
  ['how many customers don\'t live in New York', { measures: ['customer_count'], filters: ['users.city neq New York'] }],
  ['sales outside of Boston', { measures: ['revenue'], filters: ['users.city neq Boston'] }],
  ['how many winter sports products', { entity: 'products', measures: ['count'], filters: ['products.category eq Winter Sports'] }],
  // groupings
  ['number of reviews by rating', { measures: ['review_count'], dims: ['reviews.rating'] }],
  ['number of customers by city and signup year', { dims: ['users.city', 'users.created_at/year'] }],
  ['revenue trend by quarter since 2025', { dims: ['orders.created_at/quarter'], presentation: 'line' }],
  ['orders over time', { dims: ['orders.created_at/month'], presentation: 'line' }],
  // rankings and amounts
  ['which 5 cities generate the most revenue', { measures: ['revenue'], dims: ['users.city'], order: ['measure0 desc'], limit: 5 }],
  ['lowest rated 3 products', { measures: ['average_rating'], dims: ['products.title'], order: ['measure0 asc'], limit: 3 }],
  ['most common category of products', { entity: 'products', measures: ['count'], dims: ['products.category'], order: ['measure0 desc'], limit: 1 }],
  ['total number of customers', { measures: ['customer_count'] }],
  ['how much stock do we have in total', { measures: ['sum(products.stock_level)'] }],
  ['how much did we sell last month', { measures: ['revenue'], time: LAST_MONTH }],
  // lists named by their fields
  ['show the 10 most recent orders', { kind: 'list', entity: 'orders', order: ['orders.created_at desc'], limit: 10 }],
  ['list all product names', { kind: 'list', entity: 'products', fields: ['products.title'] }],
  ['which products cost more than $40?', { kind: 'list', entity: 'products', filters: ['products.price gt 40'] }],
];

describe('rules planner: language features', () => {
  it.each(table)('%s', (question, expected) => {
    const plan = planOf(question);
    expect(summarise(plan)).toMatchObject(expected);
    expect(() => validatePlan(plan, model)).not.toThrow();
  });

  it.each([
    ['share of revenue', /share of which part/],
    ['what share of revenue comes from laptops in Boston', /which of the conditions/],
    ['compare revenue', /did not understand "compare"/],
  ])('declines "%s" with a reason rather than guessing', (question, reason) => {
    const outcome = ask(question);
    expect(outcome.kind).toBe('decline');
    if (outcome.kind === 'decline') {
      expect(outcome.message).toMatch(reason);
      expect(outcome.suggestions.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('asks which measure when two are named with nothing joining them', () => {
    expect(ask('how many orders revenue')).toMatchObject({ kind: 'clarify', options: ['number of orders', 'revenue'] });
  });
});

describe('rules planner: follow-ups on the new shapes', () => {
  function chain(questions: readonly string[]): QueryPlan[] {
    const history: ConversationTurn[] = [];
    return questions.map((question) => {
      const plan = planOf(question, history);
      history.push({ question, plan });
      return plan;
    });
  }

  it('keeps an average over groups when the period or a filter changes', () => {
    const [, year, watch] = chain(['how many orders per customer', 'what about last year?', 'only for Apple Watch']).map(summarise);
    expect(year).toMatchObject({ averageOver: 'users.id', time: 'created_at 2025-01-01..2026-01-01' });
    expect(watch).toMatchObject({ averageOver: 'users.id', filters: ['products.title eq Apple Watch'] });
  });

  it('keeps compared periods when a filter is added, and replaces them by a new period', () => {
    const [, laptops, year] = chain(['revenue this month vs last month', 'only for laptops', 'what about 2024?']).map(summarise);
    expect(laptops).toMatchObject({ periods: ['2026-11-01..2026-12-01', '2026-10-01..2026-11-01'], filters: ['products.category eq Laptop'] });
    expect(year).toMatchObject({ time: 'created_at 2024-01-01..2025-01-01' });
    expect(year?.periods).toBeUndefined();
  });

  it('keeps a share when the period changes, and a value comparison when the measure changes', () => {
    const [, share] = chain(['what share of revenue comes from laptops', 'what about last year?']).map(summarise);
    expect(share).toMatchObject({ measures: ['share(revenue where products.category eq Laptop)'], time: 'created_at 2025-01-01..2026-01-01' });
    const [, average] = chain(['laptop vs phone revenue', 'and the average?']).map(summarise);
    expect(average).toMatchObject({ measures: ['average_order_value'], dims: ['products.category'], filters: ['products.category in Laptop|Phone'] });
  });
});
