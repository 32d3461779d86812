/** A dbt project as teams publish it (YAML and its semantic manifest), and the demo warehouse as a dbt project. */
import { importModel } from '../src';
import { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, LATEST_DBT_FIXTURE, PUBLISHED_FIXTURES } from './support';

describe('importing a dbt project (semantic_models: and metrics: YAML)', () => {
  const { model, report } = importModel(PUBLISHED_FIXTURES.bikeShareDbt, { tenancy: 'none' });

  it('lists every element it does not carry, with its file, path and reason', () => {
    const items = report.notCarried.map((item) => `${item.file}: ${item.path}: ${item.element}`).sort();
    expect(items).toEqual([
      'models/marts/members.yml: metrics[1]: ratio metric trips_per_member',
      'models/marts/members.yml: metrics[2]: conversion metric signup_to_first_ride',
      'models/marts/members.yml: semantic_models[1].measures[1]: measure bikes_available',
      'models/marts/trips.yml: metrics[5]: metric electric_trips',
      'models/marts/trips.yml: metrics[6]: ratio metric electric_share',
      'models/marts/trips.yml: metrics[7]: derived metric revenue_growth_mom',
      'models/marts/trips.yml: metrics[8]: cumulative metric cumulative_revenue',
      'models/marts/trips.yml: saved_queries[0]: saved query weekly_trips_by_type',
      'models/marts/trips.yml: semantic_models[0].dimensions[2]: dimension is_round_trip',
      'models/marts/trips.yml: semantic_models[0].entities[1].label: label of entity member',
      'models/marts/trips.yml: semantic_models[0].entities[2]: foreign entity start_station of trips',
      'models/marts/trips.yml: semantic_models[0].entities[3]: foreign entity end_station of trips',
      'models/marts/trips.yml: semantic_models[0].measures[3]: measure p90_duration',
      'models/marts/trips.yml: semantic_models[0].measures[4]: agg_time_dimension of measure late_fees',
    ]);
    const reasons = Object.fromEntries(report.notCarried.map((item) => [item.element, item.reason]));
    expect(reasons['ratio metric trips_per_member']).toMatch(/different semantic models \(trips, members\)/);
    expect(reasons['measure bikes_available']).toMatch(/non-additive over opened_on/);
    expect(reasons['metric electric_trips']).toMatch(/filter/);
    expect(reasons['foreign entity start_station of trips']).toMatch(/no semantic model has start_station/);
  });

  it('makes semantic models entities over their refs, entities keys and join paths', () => {
    expect(Object.fromEntries(Object.values(model.entities).map((e) => [e.name, e.table]))).toEqual({ trips: 'fct_trips', members: 'dim_members', stations: 'dim_stations' });
    expect(model.relations).toEqual([{ name: 'member', fromEntity: 'trips', fromField: 'member_id', toEntity: 'members', toField: 'member_id' }]);
    expect(model.entities.trips?.primaryKey).toBe('trip_id');
    expect(model.entities.trips?.defaultDate).toBe('started_at');
    expect(model.entities.trips?.fields.started_at).toMatchObject({ type: 'datetime', role: 'time', label: 'Start time' });
    expect(model.entities.members?.fields.joined_on).toMatchObject({ type: 'date', role: 'time' });
  });

  it('names measures after the metrics people query, and carries ratio metrics of one model as ratios', () => {
    const measures = model.entities.trips?.measures ?? {};
    expect(measures.trips).toMatchObject({ aggregation: 'count', label: 'Trips', synonyms: ['trip count', 'number of rides', 'ride count'] });
    expect(measures.revenue).toMatchObject({ aggregation: 'sum', expression: { kind: 'field', field: 'fare' }, synonyms: ['sales', 'income'] });
    expect(measures.revenue_per_trip).toMatchObject({ ratio: { numerator: 'revenue', denominator: 'trips' }, label: 'Revenue per trip', synonyms: ['average fare'] });
    expect(measures.minutes_per_trip).toMatchObject({ ratio: { numerator: 'ride_minutes', denominator: 'trips' } });
    // A measure named after its column describes the column: its synonyms are the field's.
    expect(model.entities.trips?.fields.fare).toMatchObject({ type: 'number', synonyms: ['price paid', 'takings'] });
    expect(model.entities.members?.measures.members).toMatchObject({ aggregation: 'count_distinct' });
    expect(model.entities.trips?.defaultMeasure).toBe('revenue');
  });
});

describe('importing a dbt project in the latest YAML spec (semantic_model: on models, metrics with direct keys)', () => {
  const { model, report } = importModel(LATEST_DBT_FIXTURE, { tenancy: 'none' });

  it('reads entities and dimensions from columns, simple metrics as measures, a ratio of one model as a ratio', () => {
    expect(Object.fromEntries(Object.values(model.entities).map((e) => [e.name, e.table]))).toEqual({ trips: 'fct_trips', dim_members: 'dim_members' });
    expect(model.entities.trips?.fields.started_at).toMatchObject({ type: 'datetime', role: 'time', label: 'Start time' });
    expect(model.entities.trips?.measures.revenue).toMatchObject({ aggregation: 'sum', synonyms: ['sales', 'income'] });
    expect(model.entities.trips?.measures.revenue_per_trip).toMatchObject({ ratio: { numerator: 'revenue', denominator: 'trips' } });
    expect(model.relations).toEqual([{ name: 'dim member', fromEntity: 'trips', fromField: 'member_id', toEntity: 'dim_members', toField: 'member_id' }]);
  });

  it('reports what it does not carry at the path where the file wrote it, and carries no filtered metric as an unfiltered one', () => {
    expect(report.notCarried.map((item) => `${item.path}: ${item.element}`)).toEqual([
      'models[0].derived_semantics.dimensions[0]: dimension is_round_trip',
      'models[0].metrics[3]: metric electric_trips',
      'metrics[0]: ratio metric trips_per_member',
      'metrics[1]: cumulative metric cumulative_revenue',
    ]);
    expect(model.entities.trips?.measures.electric_trips).toBeUndefined();
  });
});

describe('importing a dbt semantic manifest (target/semantic_manifest.json)', () => {
  const { model, report } = importModel(PUBLISHED_FIXTURES.bikeShareManifest, { tenancy: 'none' });

  it('reads node relations, filters, inline aggregations and ratios as the YAML', () => {
    expect(model.entities.trips?.table).toBe('fct_trips');
    expect(model.entities.trips?.synonyms).toEqual(['rides', 'journeys']);
    expect(model.entities.trips?.measures.revenue_per_trip).toMatchObject({ ratio: { numerator: 'revenue', denominator: 'trips' } });
    expect(model.entities.members?.measures.members).toMatchObject({ aggregation: 'count_distinct', expression: { kind: 'field', field: 'member_id' } });
    expect(model.relations).toHaveLength(1);
  });

  it('reports only what is not carried: a filter, not a metric without fill_nulls_with or time spine', () => {
    expect(report.notCarried.map((item) => `${item.path}: ${item.element}`)).toEqual(['metrics[4]: metric electric_trips']);
  });
});

describe('the demo warehouse as a dbt project', () => {
  const { model } = importModel(DEMO_SHOP_FIXTURES.dbt, { tenancy: DEMO_SHOP_TENANCY });

  it('scopes every entity by organisation_id, and the shops themselves by their id', () => {
    expect(Object.fromEntries(Object.values(model.entities).map((e) => [e.name, e.tenancy]))).toEqual({
      organisations: { kind: 'scoped', columns: { orgId: 'id' } },
      customers: { kind: 'scoped', columns: { orgId: 'organisation_id' } },
      products: { kind: 'scoped', columns: { orgId: 'organisation_id' } },
      orders: { kind: 'scoped', columns: { orgId: 'organisation_id' } },
      reviews: { kind: 'scoped', columns: { orgId: 'organisation_id' } },
    });
    expect(model.entities.orders?.fields.organisation_id).toMatchObject({ hidden: true, role: 'identifier' });
  });

  it('reads synonyms from config.meta.synonyms and money from money-like decimal columns', () => {
    expect(model.entities.orders?.measures.revenue).toMatchObject({ format: 'currency', synonyms: expect.arrayContaining(['sales', 'turnover']) });
    expect(model.entities.products?.fields.price).toMatchObject({ format: 'currency', synonyms: ['list price', 'unit price', 'cost'] });
  });

  it('picks a headline measure only for entities no join points at (orders, not the products they point at)', () => {
    // products has measures too (average price, total stock): as a headline they would make "how many unique buyers" ambiguous.
    expect(Object.keys(model.entities.products?.measures ?? {})).toEqual(['average_price', 'total_stock']);
    expect(model.entities.products?.defaultMeasure).toBeUndefined();
    expect(model.entities.orders?.defaultMeasure).toBe('revenue');
    expect(model.entities.reviews?.defaultMeasure).toBe('average_rating');
  });
});
