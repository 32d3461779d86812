/**
 * What operators taught (vocabulary and verified questions), as the pipeline applies it. Every question
 * first reads the store-wide knowledge version (one small query): when another process changed the
 * vocabulary, this process reloads it before answering, so an entry takes effect on the next request of
 * every process that shares the store, with no restart and no cross-process messaging.
 *
 * Per tenant: global entries apply to everyone, tenant entries only to a scope with that tenant key, so
 * one tenant's words never change another's answers. A global word that the tenant's own values read as a
 * value gives way to that value for that tenant (core/teach/tenant-words.ts). A scope with no entries gets
 * the base deps as they are (the shared planner and value index); others get a planner over the taught
 * model, cached per tenant for the current version.
 *
 * Entries are checked against the model as they are loaded (knowledge-entries.ts): one that does not fit
 * is skipped and logged. A load that fails keeps the entries last loaded in force and is reported by
 * /readyz (`check`), so neither takes answering down.
 *
 * The same one-row read carries the data version (the operator's marker after a data load). With a
 * result cache, the deps of each request read through it, bound to the caller's tenant and to both
 * versions as read here: a word taught, a question verified or the marker moved in any process empties
 * every process's cache on its next request, and the marker costs no extra query.
 */
import {
  createRulesPlanner,
  globalWordsFor,
  tenantWordsPlanner,
  valueAliases,
  withValueAliases,
  withVerifiedQuestions,
  cachedDataSource,
  type AnswerDeps,
  type Planner,
  type ResultCache,
  type SemanticModel,
  type TaughtTerm,
  type TenantScope,
  type ValueIndex,
  type VerifiedPhrasing,
} from '@askdata/core';
import type { Store, VerifiedQuestionRecord, VocabularyRecord } from '@askdata/db';
import { parseVerified, parseVocabulary, type SkippedEntry } from './knowledge-entries';

export interface KnowledgeEntries {
  version: number;
  /** The store's data version, read with `version` (not a reason to reload the entries). */
  dataVersion: number;
  vocabulary: ReadonlyArray<{ record: VocabularyRecord; term: TaughtTerm }>;
  verified: ReadonlyArray<{ record: VerifiedQuestionRecord; phrasing: VerifiedPhrasing }>;
  /** Stored entries left out because they no longer fit the model (logged when loaded). */
  skipped: readonly SkippedEntry[];
}

/** Where the knowledge reports what it left out and loads that failed (the app's logger; winston's fits). */
export interface KnowledgeLog {
  warn(message: string, meta: Record<string, unknown>): void;
  error(message: string, meta: Record<string, unknown>): void;
}

export interface Knowledge {
  /** The deps that answer for this scope: the base deps with this scope's taught words and verified questions. */
  depsFor(base: AnswerDeps, scope: TenantScope): Promise<AnswerDeps>;
  /** The entries in force (reloaded when the store's version moved). */
  current(): Promise<KnowledgeEntries>;
  /** The taught terms in force for one tenant key ("" for entries that apply to all). */
  termsFor(tenantKey: string, entries: KnowledgeEntries): TaughtTerm[];
  /** For /readyz: resolves when the entries in force are the store's current ones; rejects when loading them failed. */
  check(): Promise<void>;
}

export interface KnowledgeOptions {
  store: Store;
  model: SemanticModel;
  /** Builds the configured kind of planner over a taught model; default the rules planner. */
  plannerFor?: (model: SemanticModel) => Planner;
  /** Cap on cached per-tenant planners (least recently used out). */
  maxPlanners?: number;
  /** Query results kept across requests (RESULT_CACHE_TTL_MS); without it every question runs its query. */
  resultCache?: ResultCache;
  /** With a schema or database per tenant: checks that the tenant still exists before a cached result is served (BuiltAnswerDeps.tenantConfirm). */
  tenantConfirm?: (scope: TenantScope) => Promise<void>;
  /** Default: the console (stderr). */
  log?: KnowledgeLog;
}

const MAX_PLANNERS = 256;

const appliesTo = (tenantKey: string, entryKey: string): boolean => entryKey === '' || entryKey === tenantKey;

const consoleLog: KnowledgeLog = {
  warn: (message, meta) => console.warn(message, JSON.stringify(meta)),
  error: (message, meta) => console.error(message, JSON.stringify(meta)),
};

export function createKnowledge(options: KnowledgeOptions): Knowledge {
  const { store, model } = options;
  const log = options.log ?? consoleLog;
  const plannerFor = options.plannerFor ?? ((taught: SemanticModel) => createRulesPlanner({ model: taught }));
  const maxPlanners = options.maxPlanners ?? MAX_PLANNERS;
  let entries: KnowledgeEntries = { version: -1, dataVersion: -1, vocabulary: [], verified: [], skipped: [] };
  let loading: Promise<KnowledgeEntries> | undefined;
  /** Why the last load failed, until one succeeds: /readyz reports it. */
  let loadFailure: unknown;
  const planners = new Map<string, Planner>();

  async function load(dataVersion: number): Promise<KnowledgeEntries> {
    try {
      const snapshot = await store.knowledge.snapshot();
      const vocabulary = parseVocabulary(model, snapshot.vocabulary);
      const verified = parseVerified(model, snapshot.verified);
      const skipped = [...vocabulary.skipped, ...verified.skipped];
      for (const entry of skipped) log.warn('taught entry skipped: it does not fit the model', { ...entry });
      entries = { version: snapshot.version, dataVersion, vocabulary: vocabulary.entries, verified: verified.entries, skipped };
      planners.clear();
      loadFailure = undefined;
    } catch (error) {
      // The store answered the version but not the entries (a broken row, a missing table): keep answering
      // with the entries last loaded, report it on /readyz, and try again on the next question.
      loadFailure = error;
      log.error('taught entries could not be loaded; answering with those last loaded', { error: error instanceof Error ? error.message : String(error) });
    }
    return entries;
  }

  async function current(): Promise<KnowledgeEntries> {
    const versions = await store.knowledge.versions();
    // One reload at a time: concurrent requests that saw the same new version share it.
    const from =
      versions.knowledge === entries.version
        ? entries
        : await (loading ??= load(versions.data).finally(() => {
            loading = undefined;
          }));
    if (from.dataVersion === versions.data) return from;
    // The data version as this request read it (moving it reloads nothing).
    const withData = { ...from, dataVersion: versions.data };
    if (from === entries) entries = withData;
    return withData;
  }

  const termsFor = (tenantKey: string, from: KnowledgeEntries): TaughtTerm[] => from.vocabulary.filter((v) => appliesTo(tenantKey, v.record.tenantKey)).map((v) => v.term);
  /** The tenant's own words and the global ones, apart: a global word gives way to the tenant's values. */
  const splitTerms = (tenantKey: string, from: KnowledgeEntries): { own: TaughtTerm[]; global: TaughtTerm[] } => ({
    own: from.vocabulary.filter((v) => v.record.tenantKey !== '' && v.record.tenantKey === tenantKey).map((v) => v.term),
    global: from.vocabulary.filter((v) => v.record.tenantKey === '').map((v) => v.term),
  });

  function plannerOf(base: AnswerDeps, scope: TenantScope, from: KnowledgeEntries, terms: readonly TaughtTerm[]): Planner {
    const cached = planners.get(scope.key);
    if (cached !== undefined) {
      planners.delete(scope.key);
      planners.set(scope.key, cached);
      return cached;
    }
    const { own, global } = splitTerms(scope.key, from);
    const inner = terms.some((t) => t.meaning.kind !== 'value') ? tenantWordsPlanner({ model, plannerFor: taughtPlannerFor(base, scope), base: base.planner, own, global }) : base.planner;
    const verified = new Map<string, VerifiedPhrasing>();
    // A tenant's own verified phrasing wins over a global one with the same words.
    const applicable = from.verified.filter((v) => appliesTo(scope.key, v.record.tenantKey));
    for (const v of applicable) if (v.record.tenantKey === '') verified.set(v.record.questionKey, v.phrasing);
    for (const v of applicable) if (v.record.tenantKey !== '') verified.set(v.record.questionKey, v.phrasing);
    const planner = withVerifiedQuestions(inner, verified);
    planners.set(scope.key, planner);
    if (planners.size > maxPlanners) planners.delete(planners.keys().next().value as string);
    return planner;
  }

  /** Builds a planner over a taught model; the shared one (and a log line) if that cannot be built. */
  function taughtPlannerFor(base: AnswerDeps, scope: TenantScope): (taught: SemanticModel) => Planner {
    return (taught) => {
      try {
        return plannerFor(taught);
      } catch (error) {
        log.error('taught words could not be applied; answering without them', { tenantKey: scope.key, error: error instanceof Error ? error.message : String(error) });
        return base.planner;
      }
    };
  }

  return {
    current,
    termsFor,
    async check() {
      await current();
      if (loadFailure !== undefined) throw loadFailure;
    },
    async depsFor(base, scope) {
      const from = await current();
      const taught = taughtDeps(base, scope, from);
      if (!options.resultCache) return taught;
      const generation = { knowledge: from.version, data: from.dataVersion };
      const { tenantConfirm } = options;
      const beforeHit = tenantConfirm ? { beforeHit: () => tenantConfirm(scope) } : {};
      return { ...taught, dataSource: cachedDataSource(base.dataSource, options.resultCache, { tenantKey: scope.key, generation, ...beforeHit }) };
    },
  };

  function taughtDeps(base: AnswerDeps, scope: TenantScope, from: KnowledgeEntries): AnswerDeps {
    const terms = termsFor(scope.key, from);
    const hasVerified = from.verified.some((v) => appliesTo(scope.key, v.record.tenantKey));
    if (terms.length === 0 && !hasVerified) return base;
    const { own, global } = splitTerms(scope.key, from);
    const baseValues = base.tenantValues;
    // A global value word gives way to a value of the tenant's own that reads the same (tenant-words.ts).
    const aliasesFor = (values: ValueIndex): ReturnType<typeof valueAliases> => valueAliases([...globalWordsFor(values, global), ...own]);
    return {
      ...base,
      planner: plannerOf(base, scope, from, terms),
      ...(terms.some((t) => t.meaning.kind === 'value') && baseValues
        ? {
            tenantValues: async (s: TenantScope) => {
              const values = await baseValues(s);
              return withValueAliases(values, aliasesFor(values));
            },
          }
        : {}),
    };
  }
}

/** The deps' knowledge, or one made for them (tests and apps that were handed only a store and answer deps). */
export function knowledgeFor(deps: { store: Store; answerDeps: AnswerDeps; knowledge?: Knowledge; logger?: KnowledgeLog }): Knowledge {
  if (deps.knowledge) return deps.knowledge;
  const { plannerFor, resultCache, tenantConfirm } = deps.answerDeps as { plannerFor?: unknown; resultCache?: ResultCache; tenantConfirm?: KnowledgeOptions['tenantConfirm'] };
  return createKnowledge({
    store: deps.store,
    model: deps.answerDeps.model,
    ...(typeof plannerFor === 'function' ? { plannerFor: plannerFor as (model: SemanticModel) => Planner } : {}),
    ...(resultCache ? { resultCache } : {}),
    ...(tenantConfirm ? { tenantConfirm } : {}),
    ...(deps.logger ? { log: deps.logger } : {}),
  });
}
