/**
 * The v1 wire shapes, as the contract defines them (@askdata/contract, inferred from the zod schemas the
 * server validates, emits and documents with). Type-only: the client keeps no runtime dependency.
 */
export type {
  AnswerType,
  AskInput,
  ChartPoint,
  Explanation,
  Feedback,
  FeedbackInput,
  FeedbackUpdate,
  ProblemIssue,
  Rating,
  V1Answer as Answer,
  ConversationDetail as Conversation,
  ConversationList as ConversationPage,
  ConversationSummary,
  V1Chart as Chart,
  V1Table as Table,
} from '@askdata/contract';
