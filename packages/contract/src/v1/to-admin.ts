/** Store records of the teach loop -> their wire form (admin-schemas.ts). */
import type { z } from 'zod';
import type { auditEntrySchema, reviewItemSchema, verifiedQuestionSchema, vocabularyEntrySchema } from './admin-schemas';

type Json = Record<string, unknown>;

/** The context a canonical tenant key stands for ("{}" when the data has no tenants). */
function contextOf(tenantKey: string): Json {
  const parsed: unknown = JSON.parse(tenantKey);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : {};
}

export function toReviewItem(item: {
  id: string;
  reason: 'declined' | 'clarification' | 'negative-feedback';
  at: Date;
  answerId: string;
  conversationId: string;
  question: string;
  message: string;
  unknownTerms: string[];
  comment: string | null;
  tenantKey: string;
  picked?: { option: string; reply: string; answerId: string };
}): z.infer<typeof reviewItemSchema> {
  const { tenantKey, at, picked, ...rest } = item;
  // The pick field by field: whatever else a stored pick might carry never reaches the wire.
  const pick = picked === undefined ? {} : { picked: { option: picked.option, reply: picked.reply, answerId: picked.answerId } };
  return { ...rest, at: at.toISOString(), context: contextOf(tenantKey), ...pick };
}

export function toVocabularyEntry(record: { id: string; term: string; means: unknown; context: Json | null; createdAt: Date }): z.infer<typeof vocabularyEntrySchema> {
  return { id: record.id, term: record.term, means: record.means as z.infer<typeof vocabularyEntrySchema>['means'], context: record.context, createdAt: record.createdAt.toISOString() };
}

export function toVerifiedQuestion(record: { id: string; question: string; plan: unknown; context: Json | null; tenantKey: string; sourceAnswerId: string | null; createdAt: Date }): z.infer<typeof verifiedQuestionSchema> {
  return { id: record.id, question: record.question, plan: record.plan, context: record.context, global: record.tenantKey === '', sourceAnswerId: record.sourceAnswerId, createdAt: record.createdAt.toISOString() };
}

export function toAuditEntry(record: { id: string; action: string; target: string | null; apiKeyId: string | null; principal: string; before: unknown; after: unknown; createdAt: Date }): z.infer<typeof auditEntrySchema> {
  return { id: record.id, action: record.action, target: record.target, keyId: record.apiKeyId, principal: record.principal, before: record.before, after: record.after, at: record.createdAt.toISOString() };
}
