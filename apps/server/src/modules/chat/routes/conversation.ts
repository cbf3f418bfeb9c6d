/** A live conversation: history, messages with attachments, end, media, configuration. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  CHAT_HISTORY_INITIAL_COUNT,
  ZApiErrorBody,
  ZChatConversationState,
  ZChatMessage,
  ZUuid,
  isSendableChatMessage,
  CHAT_MESSAGE_MAX_LENGTH,
} from '@heloc/domain';
import { randomUUID } from 'node:crypto';
import { listConversationMedia } from '../repository';
import { AppError } from '../../../lib/errors';
import { checkAttachment, cleanFilename } from '../attachments';
import type { ChatSender, NewMedia } from '../provider';
import { malformedMultipart, multipartParts } from '../../../uploads';
import {
  CSP_EXTERNAL,
  OMNI,
  ZSidParams,
  ZTokenHeaders,
  errors,
  chatContext,
  type ChatRouteOptions,
} from './shared';

export const conversationChatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { conversations, claimsOf, liveConversation, rateLimit } = chatContext(app, options);

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
          // JSON `{ body }`; null for multipart, whose parts are read below.
          body: API_WRITES['POST /service-omni-proxy/insecure/api/v1/conversations/:sid/messages'],
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
          // The route's body schema checked the JSON; it is null only when none was sent.
          if (!request.body) throw new AppError('BAD_REQUEST', 'body: text of at most 2000 characters');
          body = request.body.body;
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
      const media = (await listConversationMedia(app.db, conversation.uuid)).find(
        (item) => item.sid === request.params.mediaSid,
      );
      const file = media ? await app.storage.get(media.storageKey) : null;
      if (!media || !file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return reply
        .header('content-type', media.contentType)
        .header('content-disposition', `attachment; filename="${media.filename.replace(/[^\w.\- ]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes) as never);
    },
  );
};
