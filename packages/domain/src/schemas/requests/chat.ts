/** Request bodies of the chat writes (web chat start, token refresh, live messages, chatbot). */
import type { z } from 'zod';
import {
  ZChatbotFeedbackRequest,
  ZChatbotMessageRequest,
  ZInitWebChatRequest,
  ZLiveChatMessageRequest,
  ZRefreshTokenRequest,
  ZWebChatInfoRequest,
} from '../chat';

export const CHAT_WRITES = {
  'POST /service-csp/external/api/v1/twilio/initWebChat': ZInitWebChatRequest,
  'POST /service-omni-proxy/insecure/api/v1/stream/init-web-chat': ZInitWebChatRequest,
  'POST /service-csp/external/api/v1/twilio/refreshToken': ZRefreshTokenRequest,
  'POST /service-csp/external/api/v1/twilio/web-chat-info': ZWebChatInfoRequest,
  'POST /service-omni-proxy/insecure/api/v1/conversations/:sid/messages': ZLiveChatMessageRequest,
  'POST /service-chat-chatbot/external/api/v1/message/chatWithAutobot': ZChatbotMessageRequest,
  'POST /service-chat-chatbot/external/api/v1/message/setChatReplyUsedWithFeedback': ZChatbotFeedbackRequest,
} as const satisfies Record<string, z.ZodType>;
