/**
 * POST /api/v1/admin/vocabulary: check a term and its meaning against the model and what is already
 * taught, store it (audited, version bumped), and replay the queued questions that contain it.
 * Every refusal says which problem it is: a bad term, a meaning that names nothing, a context key that
 * is not a tenancy key, or a reading it would make ambiguous (400); the same term for the same scope (409).
 */
import { CoreError, describeMeaning, resolveMeaning, sameMeaning, teachModel, termConflict, termKey, termProblem, valueAliases, withValueAliases, type Meaning, type TenantScope, type ValueIndex } from '@askdata/core';
import { isUniqueViolation, type AdminActor, type VocabularyRecord } from '@askdata/db';
import type { AdminDeps } from './admin-deps';
import { adminScope } from './admin-scope';
import { globalTermValueConflict } from './global-term-values';
import { replayTerm, type Replay } from './replay';

export interface TeachTermInput {
  term: string;
  means: Meaning;
  context?: Record<string, unknown>;
}

export interface TaughtEntry {
  record: VocabularyRecord;
  version: number;
  replay: Replay;
}

export type TeachProblem = 'term-invalid' | 'meaning-invalid' | 'term-ambiguous' | 'term-known';

const refused = (reason: TeachProblem, path: string, message: string): CoreError =>
  new CoreError('VALIDATION', message, { issues: [{ path, message }], details: { reason } });

/** The values a term could collide with: the tenant's own (with its taught aliases); a global entry on a multi-tenant model is checked against every tenant's below. */
async function valuesFor(deps: AdminDeps, scope: TenantScope | undefined, aliases: ReturnType<typeof valueAliases>): Promise<ValueIndex | undefined> {
  if (scope === undefined || !deps.answerDeps.tenantValues) return undefined;
  return withValueAliases(await deps.answerDeps.tenantValues(scope), aliases);
}

/** The tenant a new entry is for: none for a global entry on a multi-tenant model (no tenant's values are consulted). */
function entryScope(deps: AdminDeps, context: Record<string, unknown>, global: boolean): TenantScope | undefined {
  if (global && deps.answerDeps.model.tenancy.mode === 'context') return undefined;
  return adminScope(deps, context);
}

export async function teachTerm(deps: AdminDeps, input: TeachTermInput, actor: AdminActor): Promise<TaughtEntry> {
  const problem = termProblem(input.term);
  if (problem !== undefined) throw refused('term-invalid', 'term', problem);
  const key = termKey(input.term);
  const model = deps.answerDeps.model;
  const resolved = resolveMeaning(model, input.means);
  if (!resolved.ok) throw refused('meaning-invalid', 'means', resolved.problem);
  const meaning = resolved.meaning;
  const global = input.context === undefined || Object.keys(input.context).length === 0;
  const scope = entryScope(deps, input.context ?? {}, global);
  const tenantKey = global || scope === undefined ? '' : scope.key;

  const knowledge = await deps.knowledge.current();
  // Entries already in force where this one would apply: for a global entry that is every tenant's.
  const sameTerm = knowledge.vocabulary.filter((v) => v.record.termKey === key && (global || v.record.tenantKey === '' || v.record.tenantKey === tenantKey));
  const clash = sameTerm.find((v) => v.record.tenantKey !== tenantKey && !sameMeaning(v.term.meaning, meaning));
  if (clash !== undefined) {
    const where = clash.record.tenantKey === '' ? 'for every tenant' : `for the tenant ${clash.record.tenantKey}`;
    throw refused('term-ambiguous', 'term', `"${input.term}" is already taught ${where} as ${describeMeaning(clash.term.meaning)}; teaching it ${describeMeaning(meaning)} would make it ambiguous.`);
  }
  const inForce = deps.knowledge.termsFor(tenantKey, knowledge).filter((t) => t.term !== key);
  const values = await valuesFor(deps, scope, valueAliases(inForce));
  const conflict = termConflict(teachModel(model, inForce), values, key, meaning);
  if (conflict !== undefined) throw refused(conflict.kind === 'already-known' ? 'term-known' : 'term-ambiguous', 'term', conflict.message);
  // A global word on a multi-tenant model: against every tenant's values (global-term-values.ts).
  const shadowed = scope === undefined ? await globalTermValueConflict(deps, input.term, key, meaning, knowledge) : undefined;
  if (shadowed !== undefined) throw refused('term-ambiguous', 'term', shadowed.message);

  let change;
  try {
    change = await deps.store.knowledge.addVocabulary({ term: input.term.trim(), termKey: key, means: input.means, tenantKey, context: tenantKey === '' || scope === undefined ? null : { ...scope.applied } }, actor);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new CoreError('CONFLICT', `"${input.term}" is already taught ${global ? 'for every tenant' : 'for this tenant'}. Delete that entry first to change its meaning.`);
  }
  const replay = await replayTerm(deps, key, tenantKey);
  return { record: change.record, version: change.version, replay };
}
