/**
 * The MCP tools, one per thing an assistant does with askdata, each over the same service functions as the
 * HTTP routes and each with an input and an output schema:
 *
 *   ask                 question (+ conversationId to follow up) -> the answer (structured) and its text
 *   describe_data       -> entities, fields, measures and example questions of the caller's model
 *   list_conversations  -> this caller's conversations, newest first (paged)
 *   get_conversation    -> one conversation with its answers (paged as the HTTP route: newest page first)
 *   explain_answer      -> how an answer was produced (the explain endpoint's body, as is)
 *
 * The tenant is the caller's fixed context (a tenant token, an OAuth token's tenant claim, or a key created
 * with --context), resolved once per request; no tool takes a context argument. A refusal (unknown id,
 * timeout) is a tool result with isError, as MCP asks, so the assistant reads why; a bug is logged and
 * reported without its details.
 */
import { conversationDetailSchema, conversationListSchema, conversationPageJson, decodeCursor, DEFAULT_PAGE_SIZE, explanationSchema, HISTORY_FEEDBACK_SHOWN, MAX_PAGE_BYTES, MAX_PAGE_SIZE, pageQueryShape, SAFE_ID, toConversationSummary, toExplanation, toPage, toV1Answer, type ConversationDetail } from '@askdata/contract';
import { classify } from '@askdata/http-kit';
import { answerForExplain, askInConversation, conversationPage, dataDescriptionShape, describeData, listConversations, type AskDeps, type Principal as Owner, type TenantScope } from '@askdata/service';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'winston';
import { z } from 'zod';
import { answerText } from './answer-text';
import { askOutputSchema } from './ask-output-schema';


export interface McpCaller {
  /** The key the caller acts as, restricted to its tenant for reads by id. */
  owner: Owner & { tenantKey: string };
  scope: TenantScope;
}

export interface McpToolDeps extends AskDeps {
  maxQuestionLength: number;
  explainEnabled: boolean;
  logger: Logger;
}

/** A cursor this API returned; anything else is an argument error, not silently the first page. */
const cursorArgument = pageQueryShape.cursor.describe('The nextCursor of the previous page.');

const id = z.string().regex(SAFE_ID, { message: 'must be an id as askdata returns it' });

function structured<T extends Record<string, unknown>>(value: T, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: value };
}

/** Errors the caller can act on become an isError result with the problem's detail; others are logged. */
function refusal(error: unknown, logger: Logger): CallToolResult {
  const { problem, known } = classify(error);
  if (!known) logger.error('MCP tool failed', { error });
  return { isError: true, content: [{ type: 'text', text: `${problem.title} (${problem.status}): ${problem.message}` }] };
}

export function registerTools(server: McpServer, deps: McpToolDeps, caller: McpCaller): void {
  const { owner, scope, logger } = { ...caller, logger: deps.logger };
  const run = async (work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await work();
    } catch (error) {
      return refusal(error, logger);
    }
  };

  server.registerTool(
    'ask',
    {
      title: 'Ask a question about the data',
      description: 'Answers a question in plain English about this tenant\'s data, as text, a chart or a table. Pass the conversationId of an earlier answer to ask a follow-up ("and by month?").',
      inputSchema: {
        question: z.string().trim().min(1).max(deps.maxQuestionLength).describe('The question, e.g. "Revenue by category last month".'),
        conversationId: id.optional().describe('Continue this conversation (from an earlier answer).'),
      },
      outputSchema: askOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ question, conversationId }) =>
      run(async () => {
        const { conversation, answer, outcome } = await askInConversation(deps, {
          question,
          scope,
          principal: { apiKeyId: owner.apiKeyId, principal: owner.principal },
          conversation: conversationId === undefined ? { kind: 'new' } : { kind: 'existing', id: conversationId },
        });
        const body = toV1Answer(outcome.answer, { id: answer.id, conversationId: conversation.id });
        return structured(body, answerText(body));
      }),
  );

  server.registerTool(
    'describe_data',
    {
      title: 'Describe the data',
      description: 'What can be asked about: the entities, their fields and measures, and example questions.',
      inputSchema: {},
      outputSchema: dataDescriptionShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      run(async () => {
        const description = describeData(deps.answerDeps.model);
        return structured(description, JSON.stringify(description, null, 2));
      }),
  );

  server.registerTool(
    'list_conversations',
    {
      title: 'List conversations',
      description: 'Earlier conversations of this caller and tenant, newest first, each with its first question.',
      inputSchema: {
        limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`Conversations per page (default ${DEFAULT_PAGE_SIZE}).`),
        cursor: cursorArgument,
      },
      outputSchema: conversationListSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ limit, cursor }) =>
      run(async () => {
        const pageSize = limit ?? DEFAULT_PAGE_SIZE;
        const after = cursor === undefined ? undefined : decodeCursor(cursor);
        const rows = await listConversations(deps, { principal: owner, scope }, { limit: pageSize, ...(after ? { after } : {}) });
        const page = toPage(rows, pageSize, toConversationSummary);
        return structured(page, page.items.map((item) => `${item.id}  ${item.createdAt}  ${item.firstQuestion ?? ''}`).join('\n') || 'No conversations yet.');
      }),
  );

  server.registerTool(
    'get_conversation',
    {
      title: 'Get a conversation',
      description: 'One conversation: a page of its questions and answers with their feedback. The first page holds the newest answers (oldest first within the page); pass nextCursor as cursor for the ones before.',
      inputSchema: {
        conversationId: id.describe('The conversationId of an answer.'),
        limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`Answers per page (default ${DEFAULT_PAGE_SIZE}).`),
        cursor: cursorArgument,
      },
      outputSchema: conversationDetailSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ conversationId, limit, cursor }) =>
      run(async () => {
        const before = cursor === undefined ? undefined : decodeCursor(cursor);
        const page = await conversationPage(deps, { principal: owner, scope }, conversationId, {
          limit: limit ?? DEFAULT_PAGE_SIZE,
          maxBytes: MAX_PAGE_BYTES,
          feedbackPerAnswer: HISTORY_FEEDBACK_SHOWN,
          ...(before ? { before } : {}),
        });
        if (!page) return { isError: true, content: [{ type: 'text', text: 'No conversation with that id is visible to this caller and tenant.' }] };
        // The HTTP route's bounded JSON, parsed back: MCP carries structured content as an object.
        const detail = JSON.parse(await conversationPageJson(page, MAX_PAGE_BYTES)) as ConversationDetail;
        return structured(detail, detail.answers.map((turn) => `Q: ${turn.question}\nA: ${turn.answer.message}`).join('\n\n'));
      }),
  );

  if (!deps.explainEnabled) return;
  server.registerTool(
    'explain_answer',
    {
      title: 'Explain an answer',
      description: 'How an answer was produced: the plan, the SQL with its parameters, the engine and the rule trace.',
      inputSchema: { answerId: id.describe('The id of an answer.') },
      outputSchema: explanationSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ answerId }) =>
      run(async () => {
        const answer = await answerForExplain(deps, owner, answerId);
        if (!answer) return { isError: true, content: [{ type: 'text', text: 'No answer with that id is visible to this caller and tenant.' }] };
        const explanation = toExplanation(answer);
        return structured(explanation, JSON.stringify(explanation, null, 2));
      }),
  );
}
