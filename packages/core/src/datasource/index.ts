/** The data source port, and the small helpers every adapter shares (row cap, type families). */
export type * from './data-source';
export { normaliseNativeType } from './native-type';
export { capRows, checkExecuteOptions } from './query-row-cap';
export { refuseTenantTarget } from './refuse-tenant-target';
