/**
 * The model a new user gets when they point askdata at a database without writing a model file: the
 * declared schema, enriched with what the data shows (unique columns, undeclared foreign keys, which
 * text column names a row). Start-up and `npm run model:scaffold` both call this, so whatever the
 * scaffolder learns, start-up learns too.
 */
import type { DataSource } from '../datasource/data-source';
import { modelFromSchema, type IntrospectionTenancy } from '../semantic/model-from-schema';
import type { SemanticModel } from '../semantic/semantic-model';
import { inferKeys } from './infer-keys';
import { profileSchema } from './profile-schema';

export interface IntrospectModelOptions {
  tenancy: IntrospectionTenancy;
  source?: string;
  name?: string;
  /** Tables without the tenant column to keep as shared, read by every tenant (semantic/model-from-schema.ts). */
  sharedTables?: readonly string[];
  /** Business readings the owner rejected (semantic/reading-review.ts): introspection skips them. */
  rejectedReadings?: readonly string[];
}

export async function introspectModel(dataSource: DataSource, options: IntrospectModelOptions): Promise<SemanticModel> {
  const declared = await dataSource.introspect();
  const profile = await profileSchema(dataSource, declared);
  const tables = await inferKeys(declared, { profile, dataSource });
  return modelFromSchema(tables, { ...options, profile, inferRelationsByName: false });
}
