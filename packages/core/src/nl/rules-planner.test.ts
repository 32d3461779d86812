import { validatePlan } from '../plan/validate-plan';
import type { QueryPlan } from '../plan/query-plan';
import type { ConversationTurn, PlannerOutcome } from '../planner/planner';
import { createRulesPlanner } from './rules-planner';
import { NOW, demoModel, demoValues } from '../../test/support/demo-model';
import { type PlanSummary, summarise } from '../../test/support/summarise';
import { createValueIndex } from './lex/value-index';

const model = demoModel();
const planner = createRulesPlanner({ model, valueIndex: createValueIndex(demoValues) });
const ask = (question: string, history: ConversationTurn[] = []): PlannerOutcome => planner.planSync({ question, history, now: NOW, timezone: 'UTC' });

function planOf(question: string, history: ConversationTurn[] = []): QueryPlan {
  const outcome = ask(question, history);
  if (outcome.kind !== 'plan') throw new Error(`expected a plan for "${question}", got ${outcome.kind}: ${outcome.message}`);
  return outcome.plan;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing value');
  return value;
}

const LAST_MONTH = 'created_at 2026-10-01..2026-11-01';
const Y2025 = 'created_at 2025-01-01..2026-01-01';
const THIS_YEAR = 'created_at 2026-01-01..2027-01-01';
const TOP = (n: number, direction = 'desc'): Partial<PlanSummary> => ({ order: [`measure0 ${direction}`], limit: n });

/** Question -> the parts of the plan that matter. Unlisted keys: dims/filters default to none, presentation to auto. */
const table: Array<[string, Partial<PlanSummary>]> = [
  // counts, sums, averages, min/max
  ['How many orders did we get last month?', { entity: 'orders', measures: ['order_count'], time: LAST_MONTH }],
  ['How many orders were there in 2025?', { entity: 'orders', measures: ['order_count'], time: Y2025 }],
  ['Number of customers', { entity: 'users', measures: ['customer_count'] }],
  ['How many reviews last week?', { entity: 'reviews', measures: ['review_count'], time: 'created_at 2026-11-09..2026-11-16' }],
  ['Revenue this year', { entity: 'orders', measures: ['revenue'], time: THIS_YEAR }],
  ['What was our total revenue last quarter?', { entity: 'orders', measures: ['revenue'], time: 'created_at 2026-07-01..2026-10-01' }],
  ['Total sales in 2025', { entity: 'orders', measures: ['revenue'], time: Y2025 }],
  ['How much did we make last month?', { entity: 'orders', measures: ['revenue'], time: LAST_MONTH }],
  ['Average order value in March', { entity: 'orders', measures: ['average_order_value'], time: 'created_at 2026-03-01..2026-04-01' }],
  ['What is the AOV this year?', { entity: 'orders', measures: ['average_order_value'], time: THIS_YEAR }],
  ['average revenue', { entity: 'orders', measures: ['average_order_value'] }],
  ['Average price of products', { entity: 'products', measures: ['avg(products.price)'] }],
  ['What is the highest price?', { entity: 'products', measures: ['max(products.price)'] }],
  ['minimum stock level', { entity: 'products', measures: ['min(products.stock_level)'] }],
  ['Total discount by month', { entity: 'orders', measures: ['sum(orders.discount)'], dims: ['orders.created_at/month'] }],
  ['Average quantity per order', { entity: 'orders', measures: ['avg(orders.quantity)'], dims: [] }],
  ['revenue per order', { entity: 'orders', measures: ['average_order_value'], dims: [] }],
  ['units sold per order last month', { entity: 'orders', measures: ['avg(orders.quantity)'], dims: [], time: LAST_MONTH }],
  ['Total tax in 2025 by quarter', { entity: 'orders', measures: ['sum(orders.tax)'], dims: ['orders.created_at/quarter'], time: Y2025 }],
  ['How many different cities?', { entity: 'users', measures: ['count_distinct(users.city)'] }],
  ['units sold and revenue last month', { entity: 'orders', measures: ['units_sold', 'revenue'], time: LAST_MONTH }],
  // breakdowns by category and across a relation
  ['Revenue by category', { entity: 'orders', measures: ['revenue'], dims: ['products.category'] }],
  ['Revenue by product category', { entity: 'orders', measures: ['revenue'], dims: ['products.category'] }],
  ['Revenue by city', { entity: 'orders', measures: ['revenue'], dims: ['users.city'] }],
  ['Revenue by customer', { entity: 'orders', measures: ['revenue'], dims: ['users.name'] }],
  ['Revenue for each product', { entity: 'orders', measures: ['revenue'], dims: ['products.title'] }],
  ['Customers by city', { entity: 'users', measures: ['customer_count'], dims: ['users.city'] }],
  // A count per category is its breakdown ("how many airports are there per country"); per an entity, and
  // with "on average" (regressions.test.ts), it is the average over the groups.
  ['How many customers per city', { entity: 'users', measures: ['customer_count'], dims: ['users.city'] }],
  ['Average rating by category', { entity: 'reviews', measures: ['average_rating'], dims: ['products.category'] }],
  ['How many orders per customer', { entity: 'orders', measures: ['order_count'], dims: [], averageOver: 'users.id' }],
  ['revenue by category and month', { entity: 'orders', measures: ['revenue'], dims: ['products.category', 'orders.created_at/month'] }],
  // grains and time series
  ['Units sold by month', { entity: 'orders', measures: ['units_sold'], dims: ['orders.created_at/month'] }],
  ['Revenue per week in the last 3 months', { entity: 'orders', measures: ['revenue'], dims: ['orders.created_at/week'], time: 'created_at 2026-08-01..2026-11-01' }],
  ['Orders by quarter', { entity: 'orders', measures: ['order_count'], dims: ['orders.created_at/quarter'] }],
  ['Monthly revenue', { entity: 'orders', measures: ['revenue'], dims: ['orders.created_at/month'] }],
  ['Revenue each quarter', { entity: 'orders', measures: ['revenue'], dims: ['orders.created_at/quarter'] }],
  ['daily orders this month', { entity: 'orders', measures: ['order_count'], dims: ['orders.created_at/day'], time: 'created_at 2026-11-01..2026-12-01' }],
  ['Revenue over time', { entity: 'orders', measures: ['revenue'], dims: ['orders.created_at/month'], presentation: 'line' }],
  ['Revenue by month for the last 12 months', { dims: ['orders.created_at/month'], time: 'created_at 2025-11-01..2026-11-01' }],
  ['customers by month', { entity: 'users', measures: ['customer_count'], dims: ['users.created_at/month'] }],
  ['How many laptops did we sell last month?', { entity: 'orders', measures: ['units_sold'], filters: ['products.category eq Laptop'], time: LAST_MONTH }],
  // presentation
  ['Revenue by month as a table', { dims: ['orders.created_at/month'], presentation: 'table' }],
  ['Revenue by category as a bar chart', { dims: ['products.category'], presentation: 'bar' }],
  ['Revenue by month line chart', { dims: ['orders.created_at/month'], presentation: 'line' }],
  // dates
  ['Revenue in Q3 2025', { time: 'created_at 2025-07-01..2025-10-01' }],
  ['Revenue in the third quarter of 2025', { time: 'created_at 2025-07-01..2025-10-01' }],
  ['Revenue between January and June 2026', { time: 'created_at 2026-01-01..2026-07-01' }],
  ['Orders from 2025-01-01 to 2025-03-31', { measures: ['order_count'], time: 'created_at 2025-01-01..2025-04-01' }],
  ['Revenue year to date', { time: 'created_at 2026-01-01..2026-11-23' }],
  ['Revenue ytd', { time: 'created_at 2026-01-01..2026-11-23' }],
  ['Revenue month to date', { time: 'created_at 2026-11-01..2026-11-23' }],
  ['Revenue since March', { time: 'created_at 2026-03-01..…' }],
  ['Revenue today', { time: 'created_at 2026-11-22..2026-11-23' }],
  ['Revenue yesterday', { time: 'created_at 2026-11-21..2026-11-22' }],
  ['Orders in the last 7 days', { measures: ['order_count'], time: 'created_at 2026-11-15..2026-11-22' }],
  ['How many customers signed up last month?', { entity: 'users', measures: ['customer_count'], time: LAST_MONTH }],
  ['How many orders were placed last year', { entity: 'orders', measures: ['order_count'], time: Y2025 }],
  // filters: values, negation, numbers
  ['Revenue for Gaming in November 2025', { filters: ['products.category eq Gaming'], time: 'created_at 2025-11-01..2025-12-01' }],
  ['Revenue of Apple Watch last month', { filters: ['products.title eq Apple Watch'], time: LAST_MONTH }],
  ['How many orders of iPhone 15 this year?', { measures: ['order_count'], filters: ['products.title eq iPhone 15'], time: THIS_YEAR }],
  ['How many orders from New York?', { measures: ['order_count'], filters: ['users.city eq New York'] }],
  ['How many customers in Boston?', { entity: 'users', measures: ['customer_count'], filters: ['users.city eq Boston'] }],
  ['Revenue in Winter Sports', { filters: ['products.category eq Winter Sports'] }],
  ['Revenue from laptops and phones', { filters: ['products.category in Laptop|Phone'] }],
  ['Revenue not in Audio', { filters: ['products.category neq Audio'] }],
  ['Revenue excluding laptops', { filters: ['products.category neq Laptop'] }],
  ['Average rating of products in Gaming', { entity: 'reviews', measures: ['average_rating'], filters: ['products.category eq Gaming'] }],
  ['Reviews of products in Gaming', { entity: 'reviews', measures: ['review_count'], filters: ['products.category eq Gaming'] }],
  ['Orders with more than 3 items', { entity: 'orders', measures: ['order_count'], filters: ['orders.quantity gt 3'] }],
  ['Orders with at least 3 items', { filters: ['orders.quantity gte 3'] }],
  ['orders with 3 or more units', { filters: ['orders.quantity gte 3'] }],
  ['Orders between $10 and $20', { filters: ['orders.subtotal between 10..20'] }],
  ['How many orders over $500 last month?', { measures: ['order_count'], filters: ['orders.subtotal gt 500'], time: LAST_MONTH }],
  ['Revenue from orders under 20 dollars', { measures: ['revenue'], filters: ['orders.subtotal lt 20'] }],
  ['How many products cost over $1,000?', { entity: 'products', measures: ['count'], filters: ['products.price gt 1000'] }],
  ['Reviews with a rating of at least 4', { entity: 'reviews', measures: ['review_count'], filters: ['reviews.rating gte 4'] }],
  ['Revenue for lapto', { filters: ['products.category eq Laptop'] }],
  ['Revenue for Apple Wacth', { filters: ['products.title eq Apple Watch'] }],
  ['orders between 1900 and 2000 dollars', { measures: ['order_count'], filters: ['orders.subtotal between 1900..2000'] }],
  ['reveneu by categroy', { measures: ['revenue'], dims: ['products.category'] }],
  ['how many custmers in Boston', { entity: 'users', measures: ['customer_count'], filters: ['users.city eq Boston'] }],
  // rankings
  ['Top 5 customers by spend', { entity: 'orders', measures: ['revenue'], dims: ['users.name'], ...TOP(5) }],
  ['Top 5 products by revenue', { measures: ['revenue'], dims: ['products.title'], ...TOP(5) }],
  ['Top five products by units sold', { measures: ['units_sold'], dims: ['products.title'], ...TOP(5) }],
  ['Bottom 3 categories by revenue', { measures: ['revenue'], dims: ['products.category'], filters: ['products.category neq '], ...TOP(3, 'asc') }],
  ['Best-selling products', { measures: ['units_sold'], dims: ['products.title'], ...TOP(10) }],
  ['Which product sold the most?', { measures: ['units_sold'], dims: ['products.title'], ...TOP(1) }],
  ['Most reviewed products', { entity: 'reviews', measures: ['review_count'], dims: ['products.title'], ...TOP(10) }],
  ['Highest rated products', { entity: 'reviews', measures: ['average_rating'], dims: ['products.title'], ...TOP(10) }],
  ['Which city has the most customers?', { entity: 'users', measures: ['customer_count'], dims: ['users.city'], filters: ['users.city neq '], ...TOP(1) }],
  ['Which category has the highest revenue?', { measures: ['revenue'], dims: ['products.category'], filters: ['products.category neq '], ...TOP(1) }],
  ['top 3 cities by revenue last year', { measures: ['revenue'], dims: ['users.city'], filters: ['users.city neq '], time: Y2025, ...TOP(3) }],
  ['Top 5 customers', { entity: 'orders', measures: ['revenue'], dims: ['users.name'], ...TOP(5) }],
  ['top 5 laptops', { entity: 'orders', measures: ['revenue'], dims: ['products.title'], filters: ['products.category eq Laptop'], ...TOP(5) }],
  ['which laptop sold the most', { measures: ['units_sold'], dims: ['products.title'], filters: ['products.category eq Laptop'], ...TOP(1) }],
  ['customers with the most orders', { measures: ['order_count'], dims: ['users.name'], ...TOP(10) }],
  ['top 5 customers by number of orders', { measures: ['order_count'], dims: ['users.name'], ...TOP(5) }],
  // lists
  ['List orders over $500 in Laptop', { kind: 'list', entity: 'orders', filters: ['orders.subtotal gt 500', 'products.category eq Laptop'] }],
  ['Show orders over 500 dollars', { kind: 'list', entity: 'orders', filters: ['orders.subtotal gt 500'] }],
  ['list products under 20 dollars', { kind: 'list', entity: 'products', filters: ['products.price lt 20'] }],
  ['show customers in Denver', { kind: 'list', entity: 'users', filters: ['users.city eq Denver'] }],
  ['Which product has the highest price?', { kind: 'list', entity: 'products', order: ['products.price desc'], limit: 1 }],
  ['Top 5 products by price', { kind: 'list', entity: 'products', order: ['products.price desc'], limit: 5 }],
  ['The latest 10 orders', { kind: 'list', entity: 'orders', order: ['orders.created_at desc'], limit: 10 }],
  ['list laptops', { kind: 'list', entity: 'products', filters: ['products.category eq Laptop'] }],
  ['cheapest product', { kind: 'list', entity: 'products', order: ['products.price asc'], limit: 1 }],
  ['5 cheapest laptops', { kind: 'list', entity: 'products', filters: ['products.category eq Laptop'], order: ['products.price asc'], limit: 5 }],
  ['top 3 most expensive products in Audio', { kind: 'list', filters: ['products.category eq Audio'], order: ['products.price desc'], limit: 3 }],
  ['show customers with their city', { kind: 'list', entity: 'users', fields: ['users.name', 'users.city'] }],
  ['list products with price and stock level', { kind: 'list', entity: 'products', fields: ['products.title', 'products.price', 'products.stock_level'] }],
  // The period of "ordered" is the orders' (existence.fact-verb), not the customers' signup.
  ['how many customers ordered last month', { kind: 'aggregate', entity: 'users', filters: ['users.id related orders.user_id [orders.created_at gte 2026-10-01T00:00:00.000Z] [orders.created_at lt 2026-11-01T00:00:00.000Z] count gt 0'] }],
  ['how many customers have not ordered last month', { kind: 'aggregate', entity: 'users', filters: ['users.id related orders.user_id [orders.created_at gte 2026-10-01T00:00:00.000Z] [orders.created_at lt 2026-11-01T00:00:00.000Z] count eq 0'] }],
];

describe('rules planner: demo questions', () => {
  it.each(table)('%s', (question, expected) => {
    const summary = summarise(planOf(question));
    const defaults: Partial<PlanSummary> = { dims: [], filters: [], presentation: 'auto' };
    const wanted = { ...defaults, ...expected };
    if (summary.kind === 'list') delete wanted.dims;
    expect(summary).toMatchObject(wanted);
    if (expected.time === undefined) expect(summary.time).toBeUndefined();
    if (expected.order === undefined && expected.limit === undefined) expect(summary.order).toEqual([]);
  });

  it('produces only plans that validatePlan accepts, for every question of the table', () => {
    for (const [question] of table) expect(() => validatePlan(planOf(question), model)).not.toThrow();
  });

  it('reports what it understood, in question order, with full confidence for fully explained questions', () => {
    const outcome = ask('Top 5 customers by spend last month');
    expect(outcome).toMatchObject({ kind: 'plan', engine: 'rules', confidence: 1, notUnderstood: [], followUp: false });
    expect(outcome.understood).toEqual(['top 5 customers', 'by spend', 'last month']);
  });

  it('lowers confidence for typo matches and names the money field it chose', () => {
    const typo = ask('Revenue for Apple Wacth');
    expect(typo.confidence).toBeLessThan(1);
    expect(typo.confidence).toBeGreaterThanOrEqual(0.6);
    expect(ask('orders over $500').understood).toContain('over $500 (order subtotal)');
  });

  it('lists useful columns: display field first, related names, filter fields, never hidden fields', () => {
    const plan = planOf('list orders over $500 in Laptop');
    expect(plan.kind).toBe('list');
    const fields = plan.kind === 'list' ? plan.fields.map((f) => `${f.entity}.${f.field}`) : [];
    expect(fields[0]).toBe('orders.id');
    expect(fields).toEqual(expect.arrayContaining(['orders.subtotal', 'products.title', 'users.name', 'products.category']));
    expect(fields).not.toContain('orders.user_id');
    expect(fields).not.toContain('organisations.name');
  });
});

describe('rules planner: declines and clarifications', () => {
  const declines: Array<[string, string[]]> = [
    ['what is the weather in Paris', ['weather', 'paris']],
    ['asdf qwer', ['asdf', 'qwer']],
    ['revenue by colour', ['colour']],
    ['revenue by colour last month', ['colour']],
    ['How many orders did the marketing team get?', ['marketing', 'team']],
    ['revenue 2025', ['2025']],
    ['orders over', ['over']],
    ['revenue not', ['not']],
  ];
  it.each(declines)('declines "%s" naming what it did not understand', (question, notUnderstood) => {
    const outcome = ask(question);
    expect(outcome.kind).toBe('decline');
    expect(outcome.notUnderstood).toEqual(notUnderstood);
    expect(outcome.confidence).toBeLessThan(0.6);
    if (outcome.kind === 'decline') {
      expect(outcome.message).toContain(`"${notUnderstood[0]}"`);
      expect(outcome.suggestions.length).toBeGreaterThanOrEqual(2);
      expect(outcome.suggestions.length).toBeLessThanOrEqual(3);
    }
  });

  it('says what it understood when it declines', () => {
    const outcome = ask('revenue by colour');
    expect(outcome.kind).toBe('decline');
    expect(outcome.understood).toEqual(['revenue']);
    if (outcome.kind === 'decline') expect(outcome.message).toMatch(/understood "revenue".*did not understand "colour"/);
  });

  it.each([
    ['How many customers bought laptops?'], // products cannot be reached from customers
    ['emails of customers'], // hidden field
    ['average rating by city of the product'], // nonsense join words
    ['hello'],
    [''],
    ['signup date of customers'], // a date named for no purpose must not become a count
    ['top 3 products in each category'], // top-N per group is not expressible: never the overall top 3
    ['revenue by category by month by city'], // more than two breakdowns
    ['revenue in 2025 and 2026'], // a second period left over
    ['averge rating'], // typo in a grammar word: not guessed
  ])('declines "%s"', (question) => {
    expect(ask(question).kind).toBe('decline');
  });

  it('suggests questions it can answer, built from the model labels, and each of them plans', () => {
    const outcome = ask('asdf');
    expect(outcome.kind).toBe('decline');
    const suggestions = outcome.kind === 'decline' ? outcome.suggestions : [];
    expect(suggestions).toEqual(['How many orders were there last month?', 'Revenue by product category', 'Top 5 products by revenue']);
    for (const suggestion of suggestions) expect(ask(suggestion).kind).toBe('plan');
  });

  it('prefers suggestions about what the question was about', () => {
    const outcome = ask('average rating by colour');
    expect(outcome.kind === 'decline' && outcome.suggestions[0]).toMatch(/rating|reviews/i);
  });

  it('asks which field is meant when two match equally', () => {
    const outcome = ask('Revenue by name');
    expect(outcome).toMatchObject({ kind: 'clarify', options: ['customer name', 'product name'] });
  });

  it('asks total or average for a bare amount', () => {
    expect(ask('Price by category')).toMatchObject({ kind: 'clarify', options: ['total product price', 'average product price'] });
  });
});

describe('rules planner: follow-ups', () => {
  function chain(questions: string[]): PlannerOutcome[] {
    const history: ConversationTurn[] = [];
    return questions.map((question) => {
      const outcome = ask(question, history);
      history.push(outcome.kind === 'plan' ? { question, plan: outcome.plan } : { question });
      return outcome;
    });
  }
  const plans = (outcomes: PlannerOutcome[]): PlanSummary[] =>
    outcomes.map((o) => {
      if (o.kind !== 'plan') throw new Error(`expected a plan, got ${o.kind}: ${o.message}`);
      return summarise(o.plan);
    });

  it('replaces the period, changes the breakdown, adds a filter, changes presentation', () => {
    const outcomes = chain(['How many orders last month?', 'what about last year?', 'and by month?', 'only for Apple Watch', 'show it as a table']);
    expect(outcomes.map((o) => o.kind === 'plan' && o.followUp)).toEqual([false, true, true, true, true]);
    const [first, second, third, fourth, fifth] = plans(outcomes);
    expect(first).toMatchObject({ measures: ['order_count'], time: LAST_MONTH });
    expect(second).toMatchObject({ measures: ['order_count'], time: Y2025, dims: [] });
    expect(third).toMatchObject({ dims: ['orders.created_at/month'], time: Y2025 });
    expect(fourth).toMatchObject({ dims: ['orders.created_at/month'], filters: ['products.title eq Apple Watch'], time: Y2025 });
    expect(fifth).toMatchObject({ filters: ['products.title eq Apple Watch'], presentation: 'table' });
  });

  it('changes the limit ("top 10 instead") and the measure ("and the average?", "what about units sold?")', () => {
    const [, top, average] = plans(chain(['Revenue by category', 'top 10 instead', 'and the average?']));
    expect(top).toMatchObject({ measures: ['revenue'], dims: ['products.category'], order: ['measure0 desc'], limit: 10 });
    expect(average).toMatchObject({ measures: ['average_order_value'], dims: ['products.category'], limit: 10 });
    const [, , units] = plans(chain(['Top 5 customers by revenue', 'top 10 instead', 'what about units sold?']));
    expect(units).toMatchObject({ measures: ['units_sold'], dims: ['users.name'], limit: 10 });
  });

  it('averages a plain field measure', () => {
    const [, average] = plans(chain(['total discount by month', 'and the average?']));
    expect(average).toMatchObject({ measures: ['avg(orders.discount)'], dims: ['orders.created_at/month'] });
  });

  it('refines a list', () => {
    const listed = plans(chain(['list orders over $500', 'only laptops', 'in 2025']));
    const laptops = must(listed[1]);
    const year = must(listed[2]);
    expect(laptops).toMatchObject({ kind: 'list', filters: ['orders.subtotal gt 500', 'products.category eq Laptop'] });
    expect(laptops.fields).toContain('products.category');
    expect(year).toMatchObject({ kind: 'list', time: Y2025 });
  });

  it('replaces a filter on the same field instead of stacking contradictions', () => {
    const second = must(plans(chain(['revenue in Audio', 'what about Gaming?']))[1]);
    expect(second.filters).toEqual(['products.category eq Gaming']);
  });

  it('starts fresh for a question that stands on its own', () => {
    const outcomes = chain(['How many orders last month?', 'How many reviews in 2025?']);
    expect(outcomes[1]).toMatchObject({ kind: 'plan', followUp: false });
    expect(plans(outcomes)[1]).toMatchObject({ entity: 'reviews', measures: ['review_count'], time: Y2025 });
  });

  it('declines a follow-up that does not fit the previous plan', () => {
    // Customers relate to laptops through orders and through reviews: never a guess, a question back at most.
    const outcomes = chain(['How many customers last month?', 'only laptops']);
    expect(outcomes[1]!.kind).not.toBe('plan');
    if (outcomes[1]!.kind === 'clarify') expect(outcomes[1]!.options.join(' ')).toMatch(/orders.*reviews|reviews.*orders/);
  });

  it('treats a modifier with no previous plan as a fresh (declined) question', () => {
    expect(ask('and by month?').kind).toBe('decline');
    expect(ask('top 10 instead').kind).toBe('decline');
  });

  it('produces follow-up plans that validatePlan accepts', () => {
    const outcomes = chain(['Revenue by category', 'top 3 instead', 'what about last year?', 'and by month?', 'only for Apple Watch', 'show it as a table', 'and the average?']);
    for (const outcome of outcomes) {
      expect(outcome.kind).toBe('plan');
      if (outcome.kind === 'plan') expect(() => validatePlan(outcome.plan, model)).not.toThrow();
    }
  });
});
