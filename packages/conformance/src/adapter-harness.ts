/**
 * One harness for every adapter's conformance test files: an adapter says once, in its own test folder,
 * how to put the generated demo warehouse in its engine, open its data source on it and read rows back
 * with the engine's own driver (independently of core); these functions register the setup and teardown
 * and run the suites, so each test file is only which suites run on which warehouse.
 */
import type { DataSource, DialectHooks } from '@askdata/core';
import { goldenSqlSuite } from './golden-sql-suite';
import { sqlInjectionSuite } from './sql-injection-suite';
import { tenantIsolationSuite, type OwnerLookup, type ValuesLookup } from './tenant-isolation-suite';

/** A demo warehouse made for one test file: where it is (a URL or a file), and how to remove it. */
export interface TestWarehouse {
  location: string;
  remove(): Promise<void> | void;
}

/** The engine's own driver on the warehouse: what the tenant isolation suite checks core's rows against. */
export interface DirectReads {
  owners: OwnerLookup;
  values: ValuesLookup;
  close(): Promise<void> | void;
}

export interface AdapterUnderTest {
  /** As the suites name engines: "sqlite", "postgres", "mysql", "duckdb". */
  engine: string;
  /** As people name it, in test titles: "SQLite", "MariaDB". */
  label: string;
  hooks: DialectHooks;
  /** The generated demo warehouse at `scale`; `name` sets apart the databases of files running at once, where the engine names them. */
  createWarehouse(name: string, scale?: number): Promise<TestWarehouse>;
  openDataSource(location: string): Promise<DataSource>;
  readDirectly(location: string): Promise<DirectReads>;
}

/** Copying into a server database takes a while on a loaded machine; creating it is setup, not what is tested. */
const SETUP_MS = 120_000;

export interface OnDemoWarehouse {
  dataSource(): DataSource;
  location(): string;
  /** Only when asked for with `readDirectly`. */
  direct(): DirectReads;
}

export interface DemoWarehouseOptions {
  scale?: number;
  /** Changes the warehouse before the data source opens on it. */
  prepare?: (location: string) => Promise<void>;
  /** Also open the engine's own driver on it (closed before the warehouse is removed). */
  readDirectly?: boolean;
}

/** A demo warehouse and the adapter's data source on it for the enclosing describe (or file), made before its tests and removed after them. */
export function onDemoWarehouse(adapter: AdapterUnderTest, name: string, options: DemoWarehouseOptions = {}): OnDemoWarehouse {
  let warehouse: TestWarehouse | undefined;
  let dataSource: DataSource | undefined;
  let direct: DirectReads | undefined;
  beforeAll(async () => {
    warehouse = await adapter.createWarehouse(name, options.scale);
    await options.prepare?.(warehouse.location);
    dataSource = await adapter.openDataSource(warehouse.location);
    if (options.readDirectly) direct = await adapter.readDirectly(warehouse.location);
  }, SETUP_MS);
  afterAll(async () => {
    await dataSource?.close();
    await direct?.close();
    await warehouse?.remove();
  });
  const made = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${adapter.label} ${what} for "${name}" was not made (see the beforeAll failure)`);
    return value;
  };
  return { dataSource: () => made(dataSource, 'data source'), location: () => made(warehouse, 'demo warehouse').location, direct: () => made(direct, 'direct connection') };
}

/**
 * The suites every adapter runs once: golden SQL and SQL injection with its dialect hooks, and tenant
 * isolation as a property on a warehouse of its own, with owners and values read back directly.
 */
export function adapterConformance(adapter: AdapterUnderTest): void {
  goldenSqlSuite(adapter.hooks);
  sqlInjectionSuite(adapter.hooks);

  describe(`on the generated demo warehouse in ${adapter.label}`, () => {
    const warehouse = onDemoWarehouse(adapter, 'tenant_property', { scale: 0.03, readDirectly: true });
    tenantIsolationSuite(adapter.engine, () => ({
      dataSource: warehouse.dataSource(),
      owners: (table, ids) => warehouse.direct().owners(table, ids),
      values: (table, column, orgId) => warehouse.direct().values(table, column, orgId),
    }));
  });
}
