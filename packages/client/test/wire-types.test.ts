/**
 * The client's plain wire types are the contract's, exactly: each pair below must be mutually
 * assignable, or `npm test` (tsc first) fails. The types are generated from the contract
 * (generated-wire-types.test.ts holds the files to the generator); this holds the generator to the
 * contract's own inferred types. The run-time assertions only restate what compiled.
 */
import type * as contract from '@askdata/contract';
import type * as client from '../src/wire-types';
import type * as admin from '../src/admin-wire-types';

/** true when A and B are the same type (each assignable to the other, not through any). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const checks: Record<string, true> = {
  Answer: true satisfies Same<client.Answer, contract.V1Answer>,
  TextAnswer: true satisfies Same<client.TextAnswer, contract.V1TextAnswer>,
  ChartAnswer: true satisfies Same<client.ChartAnswer, contract.V1ChartAnswer>,
  TableAnswer: true satisfies Same<client.TableAnswer, contract.V1TableAnswer>,
  Chart: true satisfies Same<client.Chart, contract.V1Chart>,
  Table: true satisfies Same<client.Table, contract.V1Table>,
  ChartPoint: true satisfies Same<client.ChartPoint, contract.ChartPoint>,
  AskInput: true satisfies Same<client.AskInput, contract.AskInput>,
  Feedback: true satisfies Same<client.Feedback, contract.Feedback>,
  FeedbackInput: true satisfies Same<client.FeedbackInput, contract.FeedbackInput>,
  FeedbackUpdate: true satisfies Same<client.FeedbackUpdate, contract.FeedbackUpdate>,
  ProblemIssue: true satisfies Same<client.ProblemIssue, contract.ProblemIssue>,
  Explanation: true satisfies Same<client.Explanation, contract.Explanation>,
  ConversationPage: true satisfies Same<client.ConversationPage, contract.ConversationList>,
  Conversation: true satisfies Same<client.Conversation, contract.ConversationDetail>,
  LegacyAnswer: true satisfies Same<client.LegacyAnswer, contract.LegacyAnswer>,
  ReviewPage: true satisfies Same<admin.ReviewPage, contract.ReviewPage>,
  VocabularyInput: true satisfies Same<admin.VocabularyInput, contract.VocabularyBody>,
  VocabularyEntry: true satisfies Same<admin.VocabularyEntry, contract.VocabularyEntry>,
  VocabularyCreated: true satisfies Same<admin.VocabularyCreated, contract.VocabularyCreated>,
  VocabularyPage: true satisfies Same<admin.VocabularyPage, contract.VocabularyList>,
  VerifyInput: true satisfies Same<admin.VerifyInput, contract.VerifiedBody>,
  VerifiedQuestion: true satisfies Same<admin.VerifiedQuestion, contract.VerifiedQuestion>,
  VerifiedQuestionCreated: true satisfies Same<admin.VerifiedQuestionCreated, contract.VerifiedCreated>,
  VerifiedQuestionPage: true satisfies Same<admin.VerifiedQuestionPage, contract.VerifiedList>,
  VerifyPreviewInput: true satisfies Same<admin.VerifyPreviewInput, contract.VerifiedPreviewBody>,
  VerifiedQuestionPreview: true satisfies Same<admin.VerifiedQuestionPreview, contract.VerifiedPreview>,
  AuditPage: true satisfies Same<admin.AuditPage, contract.AuditPage>,
  ModelElements: true satisfies Same<admin.ModelElements, contract.ModelElements>,
  CacheInvalidateInput: true satisfies Same<admin.CacheInvalidateInput, contract.CacheInvalidateBody>,
  CacheInvalidated: true satisfies Same<admin.CacheInvalidated, contract.CacheInvalidated>,
  StreamCreated: true satisfies Same<client.StreamCreated, contract.StreamCreated>,
  StreamProgress: true satisfies Same<client.StreamProgress, contract.StreamProgress>,
};

describe('client wire types', () => {
  it('equal the contract\u2019s, type by type', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
    expect(Object.keys(checks)).toHaveLength(33);
  });
});
