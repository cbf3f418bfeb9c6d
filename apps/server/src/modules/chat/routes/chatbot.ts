/** The chatbot: its conversation, messages and feedback. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  CHATBOT_SESSION_MS,
  CHAT_HISTORY_INITIAL_COUNT,
  ZChatbotHistoryResponse,
  ZChatbotMessageResponse,
  ZUuid,
} from '@heloc/domain';
import { insertBotExchange, listBotAnswers, rateBotAnswer, type ChatMessageRow } from '../repository';
import { AppError } from '../../../lib/errors';
import { loadApplicationFacts } from '../chatbot/application-context';
import { Chatbot } from '../chatbot/bot';
import { assertChatEnabled, chatOpenNow, chatOrganisation, knowledgeContext } from '../context';
import { identityOfNonce } from '../nonces';
import type { ConversationRecord } from '../provider';
import { CHATBOT, errors, chatContext, type ChatRouteOptions } from './shared';

export const chatbotChatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { conversations, rateLimit } = chatContext(app, options);
  const bot = new Chatbot();

  const botConversation = async (conversationId: string) => {
    const conversation = await conversations.get(conversationId);
    if (!conversation || conversation.kind !== 'BOT')
      throw new AppError('NOT_FOUND', 'Conversation not found');
    return conversation;
  };
  const historyItem = (row: ChatMessageRow) => ({
    questionId: row.uuid,
    questionStr: row.question ?? '',
    responseStr: row.body ?? '',
    createdDt: row.createdAt.toISOString(),
    conversationId: row.conversationUuid,
  });

  app.get(
    `${CHATBOT}/getChatHistory/:conversationId`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'A chatbot conversation: its latest questions and answers (20 by default)',
        params: z.object({ conversationId: ZUuid.transform((value) => value.toLowerCase()) }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_INITIAL_COUNT),
        }),
        response: { 200: ZChatbotHistoryResponse, ...errors },
      },
    },
    async (request) => {
      const conversation = await botConversation(request.params.conversationId);
      const rows = await listBotAnswers(app.db, conversation.uuid, request.query.limit);
      const expiration = conversation.expiresAt?.getTime() ?? 0;
      return {
        conversationId: conversation.uuid,
        items: rows.reverse().map(historyItem),
        expiration,
        expired: expiration <= app.clock.now().getTime(),
      };
    },
  );

  app.post(
    `${CHATBOT}/chatWithAutobot`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'Ask the chatbot; starts a chatbot conversation when conversationId is absent',
        description:
          'The session lasts 10 minutes and is extended by each question; a question to an expired session answers 409. With a valid `nonce` the bot also answers about the borrower’s own application (`applicationId` must be theirs, else their latest application is used).',
        body: API_WRITES['POST /service-chat-chatbot/external/api/v1/message/chatWithAutobot'],
        response: { 200: ZChatbotMessageResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const now = app.clock.now();
      const expiresAt = new Date(now.getTime() + CHATBOT_SESSION_MS);
      const borrower = await identityOfNonce(app.db, app.clock, body.nonce);
      let conversation: ConversationRecord;
      let org;
      if (body.conversationId) {
        conversation = await botConversation(body.conversationId);
        if ((conversation.expiresAt?.getTime() ?? 0) <= now.getTime()) {
          throw new AppError('CONFLICT', 'The chatbot session has expired');
        }
        org =
          app.orgs.byOrgCode(conversation.orgCode) ??
          chatOrganisation(app, request, body.organization, options.defaultOrgCode);
      } else {
        org = chatOrganisation(app, request, body.organization, options.defaultOrgCode);
        await assertChatEnabled(app, org);
        conversation = await conversations.start(
          {
            kind: 'BOT',
            orgCode: org.orgCode,
            identityUuid: borrower?.identityUuid ?? null,
            applicationUuid: null,
            friendlyName: null,
            emailAddress: null,
            skill: null,
            tag: body.tag ?? null,
            pageUrl: body.pageUrl ?? null,
            chatMode: 'chatbot',
            attributes: {},
            targetAgentUuid: null,
            expiresAt,
          },
          null,
        );
      }
      const application = borrower
        ? await loadApplicationFacts(app.db, borrower.identityUuid, body.applicationId)
        : null;
      const [knowledge, openNow] = await Promise.all([knowledgeContext(app, org), chatOpenNow(app, org)]);
      const answer = bot.answer(body.message, {
        ...knowledge,
        openNow,
        application,
        signedIn: Boolean(borrower),
      });

      const row = await app.db.transaction((tx) =>
        insertBotExchange(tx, {
          conversationUuid: conversation.uuid,
          senderIdentity: body.senderId ?? null,
          question: body.message,
          answer: { text: answer.text, topic: answer.topic },
          now,
          expiresAt,
          identityUuid: borrower?.identityUuid ?? null,
        }),
      );
      return {
        conversationId: conversation.uuid,
        item: historyItem(row),
        offerLiveAgent: answer.offerLiveAgent,
        expiration: expiresAt.getTime(),
      };
    },
  );

  app.post(
    `${CHATBOT}/setChatReplyUsedWithFeedback`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'Rate a chatbot answer (the Bad Response dialog); a repeat replaces the earlier rating',
        body: API_WRITES['POST /service-chat-chatbot/external/api/v1/message/setChatReplyUsedWithFeedback'],
        response: { 200: z.object({ questionId: z.string(), conversationId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const rated = await rateBotAnswer(app.db, {
        questionId: body.questionId,
        conversationId: body.conversationId,
        feedback: {
          feedbackMessage: body.feedbackMessage,
          rating: body.rating,
          senderEmail: body.senderEmail ?? null,
          senderType: body.senderType,
          responseToCustomer: body.responseToCustomer ?? null,
          at: app.clock.now().toISOString(),
        },
      });
      if (!rated) throw new AppError('NOT_FOUND', 'Answer not found');
      return { questionId: body.questionId, conversationId: body.conversationId };
    },
  );
};
