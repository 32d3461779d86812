/** Public API of @askdata/demo-data: the deterministic demo warehouse and its semantic model. */
export { generateDemoWarehouse, ensureDemoWarehouse, DEFAULT_SEED } from './generate-demo-warehouse';
export type { GenerateDemoWarehouseOptions, GeneratedWarehouse, EnsureResult } from './generate-demo-warehouse';
export type { WarehouseSummary } from './write-warehouse';
export { BASE_ORDER_COUNT } from './write-warehouse';
export { DEMO_MODEL_PATH, defaultDemoWarehousePath } from './demo-paths';
export { createRandom, type Random } from './prng';
