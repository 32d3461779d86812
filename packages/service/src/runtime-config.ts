/**
 * The environment both apps share (store, data source, model, tenancy, limits, logging, shutdown), as one
 * zod shape plus the demo-default transform. Each app builds its schema as
 * `z.object({ ...runtimeEnvShape(root), ...its own }).transform(withDemoDefaults(root))`, so api-v1 and
 * ask-legacy cannot drift apart on what DATABASE_URL or MAX_ROWS mean or default to (the spread is
 * concrete at each call site, which keeps the parsed types exact). runtimeOptionsFrom maps the parsed
 * config onto openRuntime.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl } from '@askdata/db';
import { rlsRoleNameProblem } from '@askdata/datasource-postgres/without-driver';
import { DEMO_MODEL_PATH, defaultDemoWarehousePath } from '@askdata/demo-data';
import { envByteSize, envInt, envString, envTimeZone, isPostgresUrl, logLevels } from '@askdata/env';
import { nlEngines, structuredMethods, type EngineOptions } from '@askdata/planner-llm';
import { z } from 'zod';
import { DEFAULT_TENANT_POOLS } from './create-answer-deps';
import type { RuntimeOptions } from './runtime';

const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * An optional string where blank means unset, as for every other variable. (`envString().optional()`
 * puts optional() outside the blank-to-undefined preprocess, so a blank value failed start-up.)
 */
const optionalEnvString = () => z.preprocess(blankToUndefined, z.string().trim().min(1).optional());

/** "true"/"false" (any case), blank means the default. */
const envBoolean = (defaultValue: boolean) =>
  z.preprocess(blankToUndefined, z.enum(['true', 'false'], { message: 'must be true or false' }).default(defaultValue ? 'true' : 'false')).transform((text) => text === 'true');

/** "on"/"off" (any case), blank means off. */
const envOnOff = () =>
  z.preprocess((value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value), z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')).transform((text) => text === 'on');

/** A PostgreSQL role name; the adapter binds it as a parameter, and refuses what could not name a plain role. */
const envRoleName = () =>
  optionalEnvString().superRefine((role, ctx) => {
    const problem = role === undefined ? undefined : rlsRoleNameProblem(role);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An http(s) URL; the message never repeats the value (a URL can carry credentials). */
const optionalEnvUrl = () =>
  optionalEnvString().refine((url) => url === undefined || /^https?:\/\/[^\s]+$/i.test(url), { message: 'must be an http:// or https:// URL' });

/** The store's own parser decides what a valid DATABASE_URL is; its message never includes a password. */
function databaseUrlSchema(fallback: string) {
  return envString(fallback).superRefine((url, ctx) => {
    try {
      parseDatabaseUrl(url);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message.replace(/^askdata: /, '') : 'is not a valid database URL' });
    }
  });
}

/** The shared variables, named as in the environment (and the README tables). */
export function runtimeEnvShape(repoRoot: string) {
  return {
    DATABASE_URL: databaseUrlSchema(`file:${join(repoRoot, 'data', 'app.db')}`),
    // Unset means the embedded demo warehouse (created on start when missing) with its model.
    DATA_SOURCE_URL: optionalEnvString(),
    SEMANTIC_MODEL: optionalEnvString()
      .refine((path) => path === undefined || existsSync(path), { message: 'names a file that does not exist' }),
    /** The largest model file read (SEMANTIC_MODEL here; `askdata model import|export` read the same variable); larger is refused before parsing. */
    MODEL_FILE_MAX_BYTES: envByteSize({ default: '4mb', min: 1024, max: 256 * 1024 * 1024 }),
    TENANCY: z.preprocess(blankToUndefined, z.enum(['none']).optional()),
    LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(logLevels).default('info')),
    TIMEZONE: envTimeZone('UTC'),
    MAX_ROWS: envInt({ default: 1000, min: 1, max: 100_000 }),
    QUERY_TIMEOUT_MS: envInt({ default: 10_000, min: 100, max: 600_000 }),
    // The rules engine's calibrated confidence below which an answer is declined (docs/accuracy.md's curves).
    MIN_CONFIDENCE: z.preprocess(blankToUndefined, z.coerce.number({ message: 'must be a number from 0 to 1' }).min(0, { message: 'must be a number from 0 to 1' }).max(1, { message: 'must be a number from 0 to 1' }).optional()),
    BODY_LIMIT: envByteSize({ default: '64kb', min: 1024, max: 10 * 1024 * 1024 }),
    MAX_QUESTION_LENGTH: envInt({ default: 1000, min: 1, max: 100_000 }),
    RATE_LIMIT_PER_MINUTE: envInt({ default: 120, min: 1, max: 1_000_000 }),
    /** Proxy hops to trust for the client address (X-Forwarded-For); 0 uses the socket's address. */
    TRUST_PROXY_HOPS: envInt({ default: 0, min: 0, max: 10 }),
    /** How long a query result may be served again (same tenant, same compiled query); 0 turns the cache off. */
    RESULT_CACHE_TTL_MS: envInt({ default: 60_000, min: 0, max: 86_400_000 }),
    /** Upper bound of the result cache's estimated memory (least recently used results out first). */
    RESULT_CACHE_MAX_BYTES: envByteSize({ default: '64mb', min: 64 * 1024, max: 8 * 1024 * 1024 * 1024 }),
    /** How long SIGTERM waits for in-flight requests before forcing the exit. */
    SHUTDOWN_TIMEOUT_MS: envInt({ default: 10_000, min: 0, max: 120_000 }),
    /** rules (default, offline) | llm | hybrid (rules first, the LLM when the rules engine declines). */
    NL_ENGINE: z.preprocess(blankToUndefined, z.enum(nlEngines).default('rules')),
    LLM_BASE_URL: optionalEnvUrl(),
    LLM_MODEL: optionalEnvString(),
    /** A secret: parseEnv never echoes values, and the loggers redact any *KEY* name. */
    LLM_API_KEY: optionalEnvString(),
    LLM_TIMEOUT_MS: envInt({ default: 20_000, min: 100, max: 300_000 }),
    LLM_MAX_RETRIES: envInt({ default: 2, min: 0, max: 5 }),
    /** A provider reply larger than this is not read (the HTTP body and the plan text in it): declined, never retried. */
    LLM_MAX_REPLY_BYTES: envByteSize({ default: '1mb', min: 1024, max: 64 * 1024 * 1024 }),
    LLM_STRUCTURED_METHOD: z.preprocess(blankToUndefined, z.enum(structuredMethods).default('functionCalling')),
    LLM_INCLUDE_VALUES: envBoolean(false),
    /** Strategy database: tenant data sources open at once (least recently used closed first). */
    TENANT_POOLS_MAX: envInt({ default: DEFAULT_TENANT_POOLS.max, min: 1, max: 10_000 }),
    /** Strategy database: a tenant's data source is closed after this long without a query. */
    TENANT_POOL_IDLE_MS: envInt({ default: DEFAULT_TENANT_POOLS.idleMs, min: 1_000, max: 86_400_000 }),
    /** Strategy database: connections per tenant (pool size; SQLite worker processes; DuckDB connections). */
    TENANT_POOL_CONNECTIONS: envInt({ default: DEFAULT_TENANT_POOLS.connections, min: 1, max: 100 }),
    /** on: PostgreSQL row-level security as a second lock under the tenant predicates (docs/reliability.md). */
    TENANT_RLS: envOnOff(),
    /** The NOLOGIN role every query runs as with TENANT_RLS=on. */
    TENANT_RLS_ROLE: envRoleName(),
  };
}

type RuntimeEnvShape = ReturnType<typeof runtimeEnvShape>;
/** The shared variables as parsed, before the demo defaults are filled in. */
export type RuntimeEnv = z.output<z.ZodObject<RuntimeEnvShape>>;

export type WithDemoDefaults<C extends RuntimeEnv> = Omit<C, 'DATA_SOURCE_URL' | 'SEMANTIC_MODEL'> & {
  DATA_SOURCE_URL: string;
  SEMANTIC_MODEL: string | undefined;
  /** True when serving the embedded demo warehouse (DATA_SOURCE_URL unset). */
  DEMO_DATA: boolean;
};

/**
 * NL_ENGINE=llm|hybrid without a provider would only fail on the first question; stop start-up instead,
 * naming each missing variable. The base URL is required too, even for OpenAI, so questions and the
 * model's schema never go to a provider nobody named.
 */
function checkLlmConfig(config: RuntimeEnv, ctx: z.core.$RefinementCtx<unknown>): boolean {
  if (config.NL_ENGINE === 'rules') return true;
  const missing = (['LLM_BASE_URL', 'LLM_MODEL'] as const).filter((name) => config[name] === undefined);
  for (const name of missing) {
    ctx.addIssue({ code: 'custom', path: [name], message: `is required when NL_ENGINE=${config.NL_ENGINE}` });
  }
  return missing.length === 0;
}

/**
 * TENANT_RLS=on only where the lock can hold: a PostgreSQL data source (the demo warehouse is SQLite), a
 * role to run as, and a model file that maps tenants to columns (not TENANCY=none). The role itself is
 * checked against the database at start-up.
 */
function checkTenantRlsConfig(config: RuntimeEnv, ctx: z.core.$RefinementCtx<unknown>): boolean {
  if (!config.TENANT_RLS) return true;
  const issues: { path: string; message: string }[] = [];
  if (config.TENANT_RLS_ROLE === undefined) issues.push({ path: 'TENANT_RLS_ROLE', message: 'is required when TENANT_RLS=on' });
  if (config.DATA_SOURCE_URL === undefined || !isPostgresUrl(config.DATA_SOURCE_URL)) issues.push({ path: 'TENANT_RLS', message: 'needs a PostgreSQL data source (DATA_SOURCE_URL=postgres://…): row-level security is enforced by PostgreSQL' });
  if (config.TENANCY === 'none') issues.push({ path: 'TENANT_RLS', message: 'cannot be on with TENANCY=none: there is no tenant to lock to' });
  else if (config.SEMANTIC_MODEL === undefined && config.DATA_SOURCE_URL !== undefined) issues.push({ path: 'TENANT_RLS', message: 'needs SEMANTIC_MODEL, a model that maps context keys to tenant columns' });
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  return issues.length === 0;
}

/** Fills in the demo warehouse and model when DATA_SOURCE_URL is unset; checks the LLM and TENANT_RLS settings. */
export function withDemoDefaults(repoRoot: string) {
  return <C extends RuntimeEnv>(config: C, ctx: z.core.$RefinementCtx<unknown>): WithDemoDefaults<C> => {
    const llmOk = checkLlmConfig(config, ctx);
    if (!checkTenantRlsConfig(config, ctx) || !llmOk) return z.NEVER;
    const DEMO_DATA = config.DATA_SOURCE_URL === undefined;
    // The demo model is the default only for the demo data, and only when the operator did not choose
    // single-tenant introspection (TENANCY=none) instead.
    const demoModel = DEMO_DATA && config.TENANCY === undefined ? DEMO_MODEL_PATH : undefined;
    return {
      ...config,
      DATA_SOURCE_URL: config.DATA_SOURCE_URL ?? defaultDemoWarehousePath(join(repoRoot, 'data')),
      SEMANTIC_MODEL: config.SEMANTIC_MODEL ?? demoModel,
      DEMO_DATA,
    };
  };
}

/** The parsed NL_ENGINE and LLM_* variables -> createAnswerDeps' engine option. */
export function engineOptionsFrom(config: RuntimeEnv): EngineOptions {
  if (config.NL_ENGINE === 'rules' || config.LLM_BASE_URL === undefined || config.LLM_MODEL === undefined) return { kind: 'rules' };
  return {
    kind: config.NL_ENGINE,
    llm: {
      baseUrl: config.LLM_BASE_URL,
      model: config.LLM_MODEL,
      ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
      timeoutMs: config.LLM_TIMEOUT_MS,
      maxRetries: config.LLM_MAX_RETRIES,
      maxReplyBytes: config.LLM_MAX_REPLY_BYTES,
      structuredMethod: config.LLM_STRUCTURED_METHOD,
      includeValues: config.LLM_INCLUDE_VALUES,
    },
  };
}

/** The parsed shared config -> openRuntime's options. */
export function runtimeOptionsFrom(config: WithDemoDefaults<RuntimeEnv>): RuntimeOptions {
  return {
    databaseUrl: config.DATABASE_URL,
    ...(config.DEMO_DATA ? {} : { dataSourceUrl: config.DATA_SOURCE_URL }),
    ...(config.SEMANTIC_MODEL ? { semanticModelPath: config.SEMANTIC_MODEL } : {}),
    modelFileMaxBytes: config.MODEL_FILE_MAX_BYTES,
    ...(config.TENANCY ? { tenancy: config.TENANCY } : {}),
    timezone: config.TIMEZONE,
    maxRows: config.MAX_ROWS,
    timeoutMs: config.QUERY_TIMEOUT_MS,
    engine: engineOptionsFrom(config),
    tenantPools: { max: config.TENANT_POOLS_MAX, idleMs: config.TENANT_POOL_IDLE_MS, connections: config.TENANT_POOL_CONNECTIONS },
    ...(config.TENANT_RLS && config.TENANT_RLS_ROLE !== undefined ? { tenantRls: { role: config.TENANT_RLS_ROLE } } : {}),
    resultCache: { ttlMs: config.RESULT_CACHE_TTL_MS, maxBytes: config.RESULT_CACHE_MAX_BYTES },
    ...(config.MIN_CONFIDENCE === undefined ? {} : { minConfidence: config.MIN_CONFIDENCE }),
  };
}
