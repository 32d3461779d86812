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
 * The same one-row read carries the data version (the operator's marker after a data load). With a
 * result cache, the deps of each request read through it, bound to the caller's tenant and to both
 * versions as read here: a word taught, a question verified or the marker moved in any process empties
 * every process's cache on its next request, and the marker costs no extra query.
 */
import {
  createRulesPlanner,
  globalWordsFor,
  meaningSchema,
  periodSlotSchema,
  queryPlanSchema,
  resolveMeaning,
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
import { z } from 'zod';

export interface KnowledgeEntries {
  version: number;
  /** The store's data version, read with `version` (not a reason to reload the entries). */
  dataVersion: number;
  vocabulary: ReadonlyArray<{ record: VocabularyRecord; term: TaughtTerm }>;
  verified: ReadonlyArray<{ record: VerifiedQuestionRecord; phrasing: VerifiedPhrasing }>;
}

export interface Knowledge {
  /** The deps that answer for this scope: the base deps with this scope's taught words and verified questions. */
  depsFor(base: AnswerDeps, scope: TenantScope): Promise<AnswerDeps>;
  /** The entries in force (reloaded when the store's version moved). */
  current(): Promise<KnowledgeEntries>;
  /** The taught terms in force for one tenant key ("" for entries that apply to all). */
  termsFor(tenantKey: string, entries: KnowledgeEntries): TaughtTerm[];
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
}

const MAX_PLANNERS = 256;
const periodsSchema = z.array(periodSlotSchema);

const appliesTo = (tenantKey: string, entryKey: string): boolean => entryKey === '' || entryKey === tenantKey;

/** Entries whose meaning no longer resolves (the model changed since) are left out, not fatal. */
function parseVocabulary(model: SemanticModel, records: readonly VocabularyRecord[]): KnowledgeEntries['vocabulary'] {
  return records.flatMap((record) => {
    const means = meaningSchema.safeParse(record.means);
    const resolved = means.success ? resolveMeaning(model, means.data) : undefined;
    return resolved?.ok ? [{ record, term: { term: record.termKey, meaning: resolved.meaning } }] : [];
  });
}

function parseVerified(records: readonly VerifiedQuestionRecord[]): KnowledgeEntries['verified'] {
  return records.flatMap((record) => {
    const plan = queryPlanSchema.safeParse(record.plan);
    const periods = periodsSchema.safeParse(record.periods);
    return plan.success && periods.success ? [{ record, phrasing: { id: record.id, plan: plan.data, periods: periods.data, question: record.question, global: record.tenantKey === '' } }] : [];
  });
}

export function createKnowledge(options: KnowledgeOptions): Knowledge {
  const { store, model } = options;
  const plannerFor = options.plannerFor ?? ((taught: SemanticModel) => createRulesPlanner({ model: taught }));
  const maxPlanners = options.maxPlanners ?? MAX_PLANNERS;
  let entries: KnowledgeEntries = { version: -1, dataVersion: -1, vocabulary: [], verified: [] };
  let loading: Promise<KnowledgeEntries> | undefined;
  const planners = new Map<string, Planner>();

  async function current(): Promise<KnowledgeEntries> {
    const versions = await store.knowledge.versions();
    // One reload at a time: concurrent requests that saw the same new version share it.
    const from =
      versions.knowledge === entries.version
        ? entries
        : await (loading ??= store.knowledge
            .snapshot()
            .then((snapshot) => {
              entries = { version: snapshot.version, dataVersion: versions.data, vocabulary: parseVocabulary(model, snapshot.vocabulary), verified: parseVerified(snapshot.verified) };
              planners.clear();
              return entries;
            })
            .finally(() => {
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
    const inner = terms.some((t) => t.meaning.kind !== 'value') ? tenantWordsPlanner({ model, plannerFor, base: base.planner, own, global }) : base.planner;
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

  return {
    current,
    termsFor,
    async depsFor(base, scope) {
      const from = await current();
      const taught = taughtDeps(base, scope, from);
      if (!options.resultCache) return taught;
      const generation = { knowledge: from.version, data: from.dataVersion };
      return { ...taught, dataSource: cachedDataSource(base.dataSource, options.resultCache, { tenantKey: scope.key, generation }) };
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
export function knowledgeFor(deps: { store: Store; answerDeps: AnswerDeps; knowledge?: Knowledge }): Knowledge {
  if (deps.knowledge) return deps.knowledge;
  const { plannerFor, resultCache } = deps.answerDeps as { plannerFor?: unknown; resultCache?: ResultCache };
  return createKnowledge({
    store: deps.store,
    model: deps.answerDeps.model,
    ...(typeof plannerFor === 'function' ? { plannerFor: plannerFor as (model: SemanticModel) => Planner } : {}),
    ...(resultCache ? { resultCache } : {}),
  });
}
