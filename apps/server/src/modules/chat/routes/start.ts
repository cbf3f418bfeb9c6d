/** Starting a live chat (initWebChat and its variants) and recognising a signed-in borrower for chat. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  API_WRITES,
  ZApiErrorBody,
  ZInitWebChatResponse,
  ZRefreshTokenResponse,
  ZUuid,
  ZWebChatInfoResponse,
  ZWebChatNonceResponse,
  chatSkill,
  type TInitWebChatRequest,
} from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { loadApplicationFacts } from '../chatbot/application-context';
import { assertChatEnabled, chatOrganisation, isMainLender } from '../context';
import { identityOfNonce, issueNonce, refreshNonce } from '../nonces';
import {
  CSP_EXTERNAL,
  CSP_SECURE,
  OMNI,
  ZTokenHeaders,
  errors,
  chatContext,
  type ChatRouteOptions,
} from './shared';

export const startChatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { conversations, claimsOf, liveConversation, rateLimit } = chatContext(app, options);

  const initWebChat = async (request: FastifyRequest, body: TInitWebChatRequest, stream: boolean) => {
    const org = chatOrganisation(app, request, body.orgCode, options.defaultOrgCode);
    await assertChatEnabled(app, org);
    const borrower = await identityOfNonce(app.db, app.clock, body.nonce);
    // The application is attached only when the nonce's borrower owns it (a foreign id is dropped).
    const facts = borrower
      ? await loadApplicationFacts(app.db, borrower.identityUuid, body.applicationUuid)
      : null;
    const cryptoVisitor = body.tag === 'cloc' || body.prodType === 'CLOC_HELOC';
    const skill = chatSkill({
      isCrypto: facts?.isCrypto ?? cryptoVisitor,
      isMainOrganisation: isMainLender(org),
    });
    let targetAgent: { uuid: string; name: string } | null = null;
    if (body.agentId) {
      if (!options.devFeatures) throw new AppError('BAD_REQUEST', 'agentId is a development feature');
      targetAgent = await app.staffDirectory.byUuid(body.agentId);
      if (!targetAgent) throw new AppError('BAD_REQUEST', 'Unknown agent');
    }
    const attributes: Record<string, string> = {};
    const loanNumber = facts?.loanNumber ?? (borrower ? body.loanNumber : null);
    if (loanNumber) attributes.loanNumber = loanNumber;
    if (body.prodType) attributes.prodType = body.prodType;
    const conversation = await conversations.start(
      {
        kind: 'LIVE',
        orgCode: org.orgCode,
        identityUuid: borrower?.identityUuid ?? null,
        applicationUuid: facts?.applicationUuid ?? null,
        friendlyName: body.friendlyName,
        emailAddress: body.emailAddress || null,
        skill,
        tag: body.tag ?? null,
        pageUrl: body.pageUrl ?? null,
        chatMode: body.chatMode ?? (stream ? 'stream' : 'twilio'),
        attributes,
        targetAgentUuid: targetAgent?.uuid ?? null,
        expiresAt: null,
      },
      {
        sender: {
          role: 'customer',
          author: body.friendlyName,
          identity: `customer:${borrower?.identityUuid ?? 'visitor'}`,
        },
        body: body.welcomeMessage,
      },
    );
    const { token, expiration } = await app.chatTokens.issue({
      role: 'customer',
      conversationUuid: conversation.uuid,
    });
    return {
      token,
      conversationSid: conversation.uuid,
      omniProxyChannelId: conversation.uuid,
      providerChannelId: conversation.uuid,
      targetWorkerSid: targetAgent?.uuid ?? null,
      targetWorkerFriendlyName: targetAgent?.name ?? null,
      skill,
      expiration,
      ...(stream && { providerUserId: `customer:${conversation.uuid}`, providerUserToken: token }),
    };
  };

  const initDescription =
    'Starts a live-agent chat with the borrower’s first message (it waits in the agent desk queue). The skill is CLOC_HELOC for crypto, FHEL for the main organisation, White Label otherwise. A valid `nonce` (webchat/authenticate) ties the chat to the signed-in borrower and their application. Answers the chat token (6 hours) used as `x-chat-token`.';
  app.post(
    `${CSP_EXTERNAL}/twilio/initWebChat`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'Start a live-agent chat',
        description: initDescription,
        body: API_WRITES['POST /service-csp/external/api/v1/twilio/initWebChat'],
        response: { 200: ZInitWebChatResponse, ...errors },
      },
    },
    async (request) => initWebChat(request, request.body, false),
  );
  app.post(
    `${OMNI}/stream/init-web-chat`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'Start a live-agent chat (stream variant: also a stream user id and token)',
        description: initDescription,
        body: API_WRITES['POST /service-omni-proxy/insecure/api/v1/stream/init-web-chat'],
        response: { 200: ZInitWebChatResponse, ...errors },
      },
    },
    async (request) => initWebChat(request, request.body, true),
  );

  app.post(
    `${CSP_EXTERNAL}/twilio/refreshToken`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'A fresh chat token for a conversation that is still open',
        body: API_WRITES['POST /service-csp/external/api/v1/twilio/refreshToken'],
        response: { 200: ZRefreshTokenResponse, ...errors },
      },
    },
    async (request) => {
      const claims = await app.chatTokens.verify(request.body.token);
      if (claims.role !== 'customer') throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
      const conversation = await conversations.get(claims.conversationUuid);
      if (!conversation || conversation.status === 'ENDED') {
        throw new AppError('CONFLICT', 'The conversation has ended');
      }
      return app.chatTokens.issue({ role: 'customer', conversationUuid: conversation.uuid });
    },
  );

  app.post(
    `${CSP_EXTERNAL}/twilio/web-chat-info`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'The contact id of a live chat, for the survey link',
        headers: ZTokenHeaders,
        body: API_WRITES['POST /service-csp/external/api/v1/twilio/web-chat-info'],
        response: { 200: ZWebChatInfoResponse, ...errors },
      },
    },
    async (request) => {
      const claims = await claimsOf(request);
      const sid = ZUuid.safeParse(request.body.omniProxyChannelId);
      if (!sid.success) throw new AppError('NOT_FOUND', 'Conversation not found');
      const conversation = await liveConversation(request, claims, sid.data.toLowerCase(), 'read');
      const survey = new URL(options.surveyUrl);
      survey.searchParams.set('contactId', conversation.contactId);
      return { contactId: conversation.contactId, surveyUrl: survey.toString() };
    },
  );

  app.post(
    `${CSP_SECURE}/webchat/authenticate`,
    {
      preHandler: app.authenticate,
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'A chat nonce for the signed-in borrower (valid 5 minutes, refreshed every 60 s)',
        response: { 200: ZWebChatNonceResponse, 401: ZApiErrorBody },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return issueNonce(app.db, app.clock, { identityUuid: auth.identityUuid, orgCode: auth.orgCode });
    },
  );

  app.put(
    `${CSP_SECURE}/webchat/refresh`,
    {
      preHandler: app.authenticate,
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'Keeps the borrower’s chat nonce alive (called every 60 s)',
        querystring: z.object({ nonce: z.string().min(1).max(128) }),
        response: { 200: ZWebChatNonceResponse, 401: ZApiErrorBody, 404: ZApiErrorBody },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const expiration = await refreshNonce(app.db, app.clock, auth.identityUuid, request.query.nonce);
      if (expiration === null) throw new AppError('NOT_FOUND', 'Nonce not found or expired');
      return { nonce: request.query.nonce, expiration };
    },
  );
};
