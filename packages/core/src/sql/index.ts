/** Compiling scoped plans to SQL for one dialect, and the description of the columns they return. */
export { compileQuery, type CompileOptions } from './compile-query';
export { compileTenantProbe } from './compile-tenant-probe';
export { describeColumns, dimensionAlias, measureAlias, listFieldAlias, type OutputColumn } from './describe-columns';
export { likePattern } from './compile-filter';
export type { DialectHooks, Sql, TimeBucketKey, TimeComparison } from './dialect-hooks';
export { compileOnlyKysely, type CompileOnlyKysely } from './compile-only-kysely';
export { dateFromTextVia, parseTextDate, TEXT_DATE_FORMATS, TEXT_DATE_SHAPES, type TextDateFormat, type TextDateSpelling } from './text-dates';
