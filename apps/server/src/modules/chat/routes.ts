/**
 * The chat calls of spec 2 §7 at their paths, plus our conversation service's calls (history,
 * messages with attachments, end, media, the websocket) whose paths the spec leaves out.
 *
 * Authentication: chat calls are external (no sign-in token). A live conversation is opened by the
 * chat token initWebChat answers (header `x-chat-token`, or `?token=` on the websocket, where a
 * browser cannot set headers); a borrower is recognised through the chat nonce of
 * webchat/authenticate; a chatbot conversation id is an unguessable capability.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHATBOT_SESSION_MS,
  CHAT_HISTORY_INITIAL_COUNT,
  WEBSOCKET_LIFETIME_MS,
  WEBSOCKET_PING_INTERVAL_MS,
  ZApiErrorBody,
  ZChatConversationState,
  ZChatMessage,
  ZChatSocketCommand,
  ZChatbotFeedbackRequest,
  ZChatbotHistoryResponse,
  ZChatbotMessageRequest,
  ZChatbotMessageResponse,
  ZInitWebChatRequest,
  ZInitWebChatResponse,
  ZRefreshTokenRequest,
  ZRefreshTokenResponse,
  ZUuid,
  ZWebChatInfoRequest,
  ZWebChatInfoResponse,
  ZWebChatNonceResponse,
  chatSkill,
  isSendableChatMessage,
  CHAT_MESSAGE_MAX_LENGTH,
  type TChatSocketEvent,
  type TInitWebChatRequest,
} from '@heloc/domain';
import { and, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { TtlCache } from '../../lib/ttl-cache';
import { writeEvents } from '../../lib/write-events';
import { recordStaffAudit } from '../staff/audit';
import { agentEventFilter, authorizeAgent, loadStaffMember, staffCan } from '../staff/policy';
import { checkAttachment, cleanFilename } from './attachments';
import { loadApplicationFacts } from './chatbot/application-context';
import { Chatbot } from './chatbot/bot';
import { assertChatEnabled, chatOpenNow, chatOrganisation, isMainLender, knowledgeContext } from './context';
import { identityOfNonce, issueNonce, refreshNonce } from './nonces';
import type { ChatSender, ConversationRecord, NewMedia } from './provider';
import type { ChatTokenClaims } from './tokens';
import { malformedMultipart, multipartParts } from '../../uploads';

export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const CSP_EXTERNAL = '/service-csp/external/api/v1';
export const CSP_SECURE = '/service-csp/customer/secure/api/v1';
export const OMNI = '/service-omni-proxy/insecure/api/v1';
export const CHATBOT = '/service-chat-chatbot/external/api/v1/message';

export type ChatRouteOptions = {
  defaultOrgCode: string | null;
  linkHosts: string[];
  surveyUrl: string;
  rateLimitPerMinute: number;
  attachmentMaxBytes: number;
  attachmentMaxFiles: number;
  devFeatures: boolean;
};

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody, 409: ZApiErrorBody };
const ZTokenHeaders = z.object({ [CHAT_TOKEN_HEADER]: z.string().max(4096).optional() });
const ZSidParams = z.object({ sid: ZUuid.transform((value) => value.toLowerCase()) });

declare module 'fastify' {
  interface FastifyRequest {
    chatClaims: ChatTokenClaims | null;
  }
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const conversations = app.conversations;
  /** Conversation → organisation, for the agents' event filter (a conversation never changes organisation). */
  const conversationOrgs = new TtlCache<string>(10 * 60_000);
  const bot = new Chatbot();
  const rateLimit = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };
  app.decorateRequest('chatClaims', null);

  const claimsOf = async (request: FastifyRequest): Promise<ChatTokenClaims> => {
    const header = request.headers[CHAT_TOKEN_HEADER];
    if (typeof header !== 'string' || header === '')
      throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
    return app.chatTokens.verify(header);
  };

  /** The live conversation the caller may use: the customer's own, or one the agent accepted (or may read). */
  const liveConversation = async (
    request: FastifyRequest,
    claims: ChatTokenClaims,
    sid: string,
    purpose: 'read' | 'write',
  ): Promise<ConversationRecord> => {
    const conversation = await conversations.get(sid);
    if (!conversation || conversation.kind !== 'LIVE')
      throw new AppError('NOT_FOUND', 'Conversation not found');
    if (claims.role === 'customer') {
      if (claims.conversationUuid !== sid) throw new AppError('NOT_FOUND', 'Conversation not found');
      return conversation;
    }
    // The agent side is a staff call: the staff policy decides (another organisation's chat → 404).
    await authorizeAgent(request, claims.identityUuid, conversation.orgCode, 'Conversation not found');
    if (purpose === 'write' && conversation.agentUuid !== claims.identityUuid) {
      // Staff read any conversation of the queue; only the agent who accepted one writes to it.
      throw new AppError('FORBIDDEN', 'Accept the conversation first');
    }
    return conversation;
  };

  // ---------------------------------------------------------------------------------------------
  // Starting a live chat
  // ---------------------------------------------------------------------------------------------

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
        body: ZInitWebChatRequest,
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
        body: ZInitWebChatRequest,
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
        body: ZRefreshTokenRequest,
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
        body: ZWebChatInfoRequest,
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

  // ---------------------------------------------------------------------------------------------
  // Borrower authentication for chat
  // ---------------------------------------------------------------------------------------------

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

  // ---------------------------------------------------------------------------------------------
  // Live conversation: history, messages, end, media, configuration
  // ---------------------------------------------------------------------------------------------

  app.get(
    `${CSP_EXTERNAL}/webchat/config`,
    {
      schema: {
        tags: ['chat'],
        summary: 'Chat settings for the widget: clickable link hosts, attachment limits, dev features',
        response: {
          200: z.object({
            linkHosts: z.array(z.string()),
            attachmentMaxBytes: z.number(),
            attachmentMaxFiles: z.number(),
            devFeatures: z.boolean(),
          }),
        },
      },
    },
    async () => ({
      linkHosts: [
        ...new Set([...app.orgs.all().map((org) => new URL(org.baseUrl).hostname), ...options.linkHosts]),
      ],
      attachmentMaxBytes: options.attachmentMaxBytes,
      attachmentMaxFiles: options.attachmentMaxFiles,
      devFeatures: options.devFeatures,
    }),
  );

  if (options.devFeatures) {
    app.get(
      `${CSP_EXTERNAL}/webchat/agents`,
      {
        schema: {
          tags: ['chat'],
          summary: 'Development only: the agents of the dev agent picker',
          response: { 200: z.array(z.object({ agentId: z.string(), name: z.string() })) },
        },
      },
      async () =>
        (await app.staffDirectory.all()).map((agent) => ({ agentId: agent.uuid, name: agent.name })),
    );
  }

  app.get(
    `${OMNI}/conversations/:sid`,
    {
      schema: {
        tags: ['chat'],
        summary: 'A live conversation: status, agent and the latest messages (20 by default)',
        headers: ZTokenHeaders,
        params: ZSidParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_INITIAL_COUNT),
          before: ZUuid.optional(),
        }),
        response: { 200: ZChatConversationState, ...errors },
      },
    },
    async (request) => {
      const claims = await claimsOf(request);
      const conversation = await liveConversation(request, claims, request.params.sid, 'read');
      const page = await conversations.history(conversation.uuid, {
        limit: request.query.limit,
        beforeSid: request.query.before?.toLowerCase() ?? null,
      });
      return {
        conversationSid: conversation.uuid,
        status: conversation.status,
        agentName: conversation.agentName,
        messages: page.messages,
        hasMore: page.hasMore,
      };
    },
  );

  await app.register(async (plain) => {
    const scoped = plain.withTypeProvider<ZodTypeProvider>();
    const multipart = (await import('@fastify/multipart')).default;
    await scoped.register(multipart, {
      limits: {
        fileSize: options.attachmentMaxBytes,
        files: options.attachmentMaxFiles,
        fields: 2,
        fieldSize: CHAT_MESSAGE_MAX_LENGTH * 4,
        parts: options.attachmentMaxFiles + 2,
      },
    });
    scoped.post(
      `${OMNI}/conversations/:sid/messages`,
      {
        config: rateLimit,
        schema: {
          tags: ['chat'],
          summary: 'Send a message (JSON `{ body }`, or multipart with a `body` field and `media` files)',
          description: `Text or a file is required. Attachments (multipart parts named \`media\`): jpg, png, amr, mp3, mp4, pdf, txt, at most ${options.attachmentMaxFiles} files of ${options.attachmentMaxBytes} bytes each; the content must match the extension. None on the conversation's first message (initWebChat carries it) and none in chatbot chats.`,
          headers: ZTokenHeaders,
          params: ZSidParams,
          response: { 201: ZChatMessage, 413: ZApiErrorBody, 415: ZApiErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const claims = await claimsOf(request);
        const conversation = await liveConversation(request, claims, request.params.sid, 'write');
        if (conversation.status === 'ENDED') throw new AppError('CONFLICT', 'The conversation has ended');
        if (claims.role === 'agent' && conversation.status !== 'ACTIVE') {
          throw new AppError('CONFLICT', 'Accept the conversation first');
        }
        let body: string | null = null;
        const files: { filename: string; bytes: Buffer }[] = [];
        if (request.isMultipart()) {
          // Malformed bodies and unsafe text answer 400 (uploads/index.ts), as for every upload.
          try {
            for await (const part of multipartParts(request)) {
              if (part.type === 'file') {
                if (part.fieldname !== 'media')
                  throw new AppError('BAD_REQUEST', 'Files go in parts named media');
                const bytes = await part.toBuffer();
                files.push({ filename: cleanFilename(part.filename), bytes });
              } else if (part.fieldname === 'body') {
                body = String(part.value);
              }
            }
          } catch (error) {
            throw malformedMultipart(error);
          }
        } else {
          const parsed = z
            .object({ body: z.string().max(CHAT_MESSAGE_MAX_LENGTH) })
            .safeParse(request.body ?? {});
          if (!parsed.success) throw new AppError('BAD_REQUEST', 'body: text of at most 2000 characters');
          body = parsed.data.body;
        }
        if (body !== null && body.length > CHAT_MESSAGE_MAX_LENGTH) {
          throw new AppError('BAD_REQUEST', `body: at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);
        }
        const text = body?.trim() ? body.trim() : null;
        if (!isSendableChatMessage(text, files.length))
          throw new AppError('BAD_REQUEST', 'Text or a file is required');
        const media: NewMedia[] = [];
        for (const file of files) {
          const contentType = await checkAttachment(file.filename, file.bytes);
          const sid = randomUUID();
          const storageKey = `chat/${conversation.uuid}/${sid}`;
          const stored = await app.storage.put(storageKey, file.bytes, contentType);
          media.push({ sid, filename: file.filename, size: stored.size, contentType, storageKey });
        }
        const sender: ChatSender =
          claims.role === 'customer'
            ? {
                role: 'customer',
                author: conversation.friendlyName ?? 'Visitor',
                identity: `customer:${conversation.identityUuid ?? 'visitor'}`,
              }
            : { role: 'agent', author: claims.name, identity: `agent:${claims.identityUuid}` };
        const message = await conversations.post(conversation.uuid, sender, text, media);
        return reply.code(201).send(message);
      },
    );
  });

  app.post(
    `${OMNI}/conversations/:sid/end`,
    {
      config: rateLimit,
      schema: {
        tags: ['chat'],
        summary: 'End a live conversation (the borrower, or the agent who accepted it)',
        headers: ZTokenHeaders,
        params: ZSidParams,
        response: { 200: z.object({ conversationSid: z.string(), status: z.literal('ENDED') }), ...errors },
      },
    },
    async (request) => {
      const claims = await claimsOf(request);
      const conversation = await liveConversation(request, claims, request.params.sid, 'write');
      // Ending twice is the same answer (idempotent).
      await conversations.end(conversation.uuid);
      return { conversationSid: conversation.uuid, status: 'ENDED' as const };
    },
  );

  app.get(
    `${OMNI}/conversations/:sid/media/:mediaSid`,
    {
      schema: {
        tags: ['chat'],
        summary: 'Download an attachment of a live conversation',
        headers: ZTokenHeaders,
        params: ZSidParams.extend({ mediaSid: ZUuid.transform((value) => value.toLowerCase()) }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const claims = await claimsOf(request);
      const conversation = await liveConversation(request, claims, request.params.sid, 'read');
      const rows = await app.db
        .select({ media: schema.chatMessages.media })
        .from(schema.chatMessages)
        .where(eq(schema.chatMessages.conversationUuid, conversation.uuid));
      const media = rows.flatMap((row) => row.media).find((item) => item.sid === request.params.mediaSid);
      const file = media ? await app.storage.get(media.storageKey) : null;
      if (!media || !file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return reply
        .header('content-type', media.contentType)
        .header('content-disposition', `attachment; filename="${media.filename.replace(/[^\w.\- ]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes) as never);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // The websocket: messages, typing previews, agent joins, ends (and the desk's queue changes)
  // ---------------------------------------------------------------------------------------------

  app.get(
    `${OMNI}/ws`,
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary:
          'Chat websocket (`?token=` chat token): events out, typing previews in; ping every 10 s, closed after 12 h',
        querystring: z.object({ token: z.string().min(1).max(4096) }),
      },
      preValidation: async (request) => {
        const token = (request.query as { token?: string }).token;
        if (!token) throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
        const claims = await app.chatTokens.verify(token);
        request.chatClaims = claims;
        // An agent's socket is a staff call: the member must hold CHAT_DESK (checked by the policy).
        if (claims.role === 'agent') {
          const member = await loadStaffMember(app.db, claims.identityUuid);
          if (!member) throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
          if (!staffCan(member, 'CHAT_DESK'))
            throw new AppError('FORBIDDEN', 'Your roles do not allow this (CHAT_DESK)');
          request.staff = { ...member, sessionUuid: null };
          // Platform staff's desk socket carries every organisation's events: audited like any such read.
          if (member.orgCode === null)
            await recordStaffAudit(app.db, {
              actor: member,
              action: 'PLATFORM_ACCESS',
              orgCode: null,
              data: { permission: 'CHAT_DESK', method: 'GET', route: request.routeOptions.url ?? 'ws' },
            });
        }
      },
    },
    (socket: WebSocket, request) => {
      const claims = request.chatClaims!;
      const send = (event: TChatSocketEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      // Agents hear only their organisation's conversations (platform staff: all), per the policy.
      const agentMay =
        claims.role === 'agent' && request.staff
          ? agentEventFilter(request.staff, async (sid) => {
              const known = conversationOrgs.get(sid);
              if (known) return known;
              const found = await conversations.get(sid).catch(() => null);
              if (found) conversationOrgs.set(sid, found.orgCode);
              return found?.orgCode ?? null;
            })
          : null;
      let delivery: Promise<void> = Promise.resolve();
      const unsubscribe = conversations.subscribe((event) => {
        if (claims.role === 'customer') {
          if (event.type === 'queue' || !('conversationSid' in event)) return;
          if (event.conversationSid !== claims.conversationUuid) return;
          if (event.type === 'typing' && event.role === 'customer') return;
        } else if (event.type === 'typing' && event.role === 'agent') {
          return;
        }
        if (agentMay) {
          // One chain per socket keeps the events in order while an organisation is looked up.
          delivery = delivery
            .then(async () => {
              if (!('conversationSid' in event) || (await agentMay(event.conversationSid))) send(event);
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'desk event filter failed'));
          return;
        }
        send(event);
      });
      // A disabled agent's sockets close at once (disabling ends every session of the account).
      const onRevoked = (revoked: { sessionUuid: string } | { identityUuid: string }) => {
        if (
          claims.role === 'agent' &&
          'identityUuid' in revoked &&
          revoked.identityUuid === claims.identityUuid
        )
          socket.close(4401, 'signed out');
      };
      writeEvents.on('sessionsRevoked', onRevoked);
      // An application-level ping as well as the protocol one: browsers cannot see ping frames,
      // and the widget shows "Connection lost" when neither a ping nor an event arrives in time.
      const ping = setInterval(() => {
        send({ type: 'ping', at: Date.now() });
        if (socket.readyState === socket.OPEN) socket.ping();
      }, WEBSOCKET_PING_INTERVAL_MS);
      const lifetime = setTimeout(() => socket.close(4000, 'lifetime'), WEBSOCKET_LIFETIME_MS);
      socket.on('close', () => {
        writeEvents.off('sessionsRevoked', onRevoked);
        unsubscribe();
        clearInterval(ping);
        clearTimeout(lifetime);
      });
      socket.on('message', (raw) => {
        void (async () => {
          let command;
          try {
            command = ZChatSocketCommand.parse(JSON.parse(String(raw)));
          } catch {
            return; // ignore malformed input; the socket stays open
          }
          const sid =
            claims.role === 'customer' ? claims.conversationUuid : command.conversationSid?.toLowerCase();
          if (!sid) return;
          const conversation = await conversations.get(sid).catch(() => null);
          if (!conversation || conversation.status === 'ENDED') return;
          if (claims.role === 'agent' && conversation.agentUuid !== claims.identityUuid) return;
          if (agentMay && !(await agentMay(sid))) return;
          await conversations.typing(sid, claims.role, command.preview);
        })().catch((error: unknown) => request.log.warn({ err: error }, 'chat typing failed'));
      });
      send({ type: 'ready', role: claims.role });
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Chatbot
  // ---------------------------------------------------------------------------------------------

  const botConversation = async (conversationId: string) => {
    const conversation = await conversations.get(conversationId);
    if (!conversation || conversation.kind !== 'BOT')
      throw new AppError('NOT_FOUND', 'Conversation not found');
    return conversation;
  };
  const historyItem = (row: typeof schema.chatMessages.$inferSelect) => ({
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
      const rows = await app.db
        .select()
        .from(schema.chatMessages)
        .where(
          and(
            eq(schema.chatMessages.conversationUuid, conversation.uuid),
            eq(schema.chatMessages.role, 'bot'),
          ),
        )
        .orderBy(desc(schema.chatMessages.id))
        .limit(request.query.limit);
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
        body: ZChatbotMessageRequest,
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

      const row = await app.db.transaction(async (tx) => {
        await tx.insert(schema.chatMessages).values({
          conversationUuid: conversation.uuid,
          role: 'customer',
          author: 'You',
          senderIdentity: body.senderId ?? null,
          body: body.message,
          createdAt: now,
        });
        const [inserted] = await tx
          .insert(schema.chatMessages)
          .values({
            conversationUuid: conversation.uuid,
            role: 'bot',
            author: 'Chatbot',
            body: answer.text,
            question: body.message,
            topic: answer.topic,
            createdAt: now,
          })
          .returning();
        await tx
          .update(schema.chatConversations)
          .set({ expiresAt, ...(borrower && { identityUuid: borrower.identityUuid }) })
          .where(eq(schema.chatConversations.uuid, conversation.uuid));
        return inserted!;
      });
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
        body: ZChatbotFeedbackRequest,
        response: { 200: z.object({ questionId: z.string(), conversationId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const [row] = await app.db
        .update(schema.chatMessages)
        .set({
          feedback: {
            feedbackMessage: body.feedbackMessage,
            rating: body.rating,
            senderEmail: body.senderEmail ?? null,
            senderType: body.senderType,
            responseToCustomer: body.responseToCustomer ?? null,
            at: app.clock.now().toISOString(),
          },
        })
        .where(
          and(
            eq(schema.chatMessages.uuid, body.questionId),
            eq(schema.chatMessages.conversationUuid, body.conversationId),
            eq(schema.chatMessages.role, 'bot'),
          ),
        )
        .returning({ uuid: schema.chatMessages.uuid });
      if (!row) throw new AppError('NOT_FOUND', 'Answer not found');
      return { questionId: body.questionId, conversationId: body.conversationId };
    },
  );
};
