/**
 * What the chat route files share: the paths of spec 2 §7, the options, the token header, and the
 * checks every live-conversation call makes (the chat token's claims, the conversation the caller may use).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { ZApiErrorBody, ZUuid } from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { authorizeAgent } from '../../staff/policy';
import type { ConversationRecord } from '../provider';
import type { ChatTokenClaims } from '../tokens';

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

export const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody, 409: ZApiErrorBody };
export const ZTokenHeaders = z.object({ [CHAT_TOKEN_HEADER]: z.string().max(4096).optional() });
export const ZSidParams = z.object({ sid: ZUuid.transform((value) => value.toLowerCase()) });

declare module 'fastify' {
  interface FastifyRequest {
    chatClaims: ChatTokenClaims | null;
  }
}

export function chatContext(app: FastifyInstance, options: ChatRouteOptions) {
  const conversations = app.conversations;
  const rateLimit = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };

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

  return { conversations, claimsOf, liveConversation, rateLimit };
}
