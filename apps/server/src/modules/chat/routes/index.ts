/**
 * The chat calls of spec 2 §7 at their paths, plus our conversation service's calls (history,
 * messages with attachments, end, media, the websocket) whose paths the spec leaves out.
 *
 * Authentication: chat calls are external (no sign-in token). A live conversation is opened by the
 * chat token initWebChat answers (header `x-chat-token`, or `?token=` on the websocket, where a
 * browser cannot set headers); a borrower is recognised through the chat nonce of
 * webchat/authenticate; a chatbot conversation id is an unguessable capability.
 *
 * One file per part: start.ts, conversation.ts, socket.ts, chatbot.ts; shared.ts holds the paths,
 * options and the checks they share.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startChatRoutes } from './start';
import { conversationChatRoutes } from './conversation';
import { socketChatRoutes } from './socket';
import { chatbotChatRoutes } from './chatbot';
import type { ChatRouteOptions } from './shared';

export { CHAT_TOKEN_HEADER, CHATBOT, CSP_EXTERNAL, CSP_SECURE, OMNI, type ChatRouteOptions } from './shared';

export const chatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  app.decorateRequest('chatClaims', null);
  await app.register(startChatRoutes, options);
  await app.register(conversationChatRoutes, options);
  await app.register(socketChatRoutes, options);
  await app.register(chatbotChatRoutes, options);
};
