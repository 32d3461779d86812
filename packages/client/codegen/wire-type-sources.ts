/**
 * Which contract schema each of the client's public wire types is, in which file it is published, and
 * whether it is what the client sends (io "input": before trims and defaults) or what it receives ("output").
 * The names are the client's own (ConversationPage, VerifyInput), kept from when the types were written by
 * hand; the schemas are the contract's, so a change there reaches the client's types at the next build.
 * A shape the contract shares without exporting it is reached through the schema that holds it.
 */
import * as contract from '@askdata/contract';

export type WireFile = 'wire-types.ts' | 'admin-wire-types.ts';
type Schema = Parameters<typeof contract.namedJsonSchemas>[0][string];

export interface WireTypeSource {
  schema: Schema;
  io: 'input' | 'output';
  file: WireFile;
}

/** The length limits are checks, not types: any bound gives the same type. */
const ANY_LENGTH = 1000;

const answers = (schema: Schema, io: 'input' | 'output' = 'output'): WireTypeSource => ({ schema, io, file: 'wire-types.ts' });
const admin = (schema: Schema, io: 'input' | 'output' = 'output'): WireTypeSource => ({ schema, io, file: 'admin-wire-types.ts' });

export const WIRE_TYPE_SOURCES: Record<string, WireTypeSource> = {
  AnswerType: answers(contract.explanationSchema.shape.type),
  Rating: answers(contract.feedbackSchema.shape.rating),
  ChartPoint: answers(contract.v1ChartSchema.shape.data.element),
  Chart: answers(contract.v1ChartSchema),
  Table: answers(contract.v1TableSchema),
  TextAnswer: answers(contract.v1AnswerVariants.TextAnswer),
  ChartAnswer: answers(contract.v1AnswerVariants.ChartAnswer),
  TableAnswer: answers(contract.v1AnswerVariants.TableAnswer),
  Answer: answers(contract.v1AnswerSchema),
  AskInput: answers(contract.answerBodySchema(ANY_LENGTH), 'input'),
  Feedback: answers(contract.feedbackSchema),
  FeedbackInput: answers(contract.createFeedbackBodySchema, 'input'),
  FeedbackUpdate: answers(contract.updateFeedbackBodySchema, 'input'),
  ProblemIssue: answers(contract.problemIssueSchema),
  TraceEntry: answers(contract.traceEntrySchema),
  Explanation: answers(contract.explanationSchema),
  ConversationSummary: answers(contract.conversationSummarySchema),
  ConversationPage: answers(contract.conversationListSchema),
  AnswerPart: answers(contract.answerPartSchema),
  ConversationAnswer: answers(contract.historyAnswerSchema),
  Conversation: answers(contract.conversationDetailSchema),
  LegacyChart: answers(contract.legacyChartSchema),
  LegacyTable: answers(contract.legacyTableSchema),
  LegacyAnswer: answers(contract.legacyAnswerSchema),
  StreamCreated: answers(contract.streamCreatedSchema),
  StreamProgress: answers(contract.streamProgressSchema),

  ReviewReason: admin(contract.reviewItemSchema.shape.reason),
  ReviewItem: admin(contract.reviewItemSchema),
  TermSummary: admin(contract.termSummarySchema),
  ReviewPage: admin(contract.reviewPageSchema),
  Meaning: admin(contract.vocabularyEntrySchema.shape.means),
  VocabularyInput: admin(contract.vocabularyBodySchema, 'input'),
  VocabularyEntry: admin(contract.vocabularyEntrySchema),
  ReplayedQuestion: admin(contract.replaySchema.shape.items.element),
  VocabularyCreated: admin(contract.vocabularyCreatedSchema),
  VocabularyPage: admin(contract.vocabularyListSchema),
  VerifyInput: admin(contract.verifiedBodySchema, 'input'),
  VerifyPreviewInput: admin(contract.verifiedPreviewBodySchema, 'input'),
  VerifiedQuestionPreview: admin(contract.verifiedPreviewSchema),
  VerifiedQuestion: admin(contract.verifiedQuestionSchema),
  VerifiedQuestionCreated: admin(contract.verifiedCreatedSchema),
  VerifiedQuestionPage: admin(contract.verifiedListSchema),
  AuditEntry: admin(contract.auditEntrySchema),
  AuditPage: admin(contract.auditPageSchema),
  ModelElement: admin(contract.modelElementSchema),
  ModelElements: admin(contract.modelElementsSchema),
  CacheInvalidateInput: admin(contract.cacheInvalidateBodySchema, 'input'),
  CacheInvalidated: admin(contract.cacheInvalidatedSchema),
  ReadingStatus: admin(contract.readingSchema.shape.status),
  Reading: admin(contract.readingSchema),
  ReadingList: admin(contract.readingListSchema),
  ReadingDecisionInput: admin(contract.readingDecisionBodySchema, 'input'),
};
