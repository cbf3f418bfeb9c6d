/** The chat calls of spec 2 §7 (and our conversation service's), as the widget makes them. */
import { z } from 'zod';
import {
  downloadChatAttachment,
  ZChatConversationState,
  ZChatMessage,
  ZChatbotHistoryResponse,
  ZChatbotMessageResponse,
  ZInitWebChatResponse,
  ZRefreshTokenResponse,
  ZWebChatInfoResponse,
  ZWebChatNonceResponse,
  type TChatbotMessageRequest,
  type TChatbotFeedbackRequest,
  type TInitWebChatRequest,
  type TChatAttachment,
  type TOperatingHoursDepartment,
} from '@heloc/domain';
import { api, buildUrl } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-writes';

export const CSP_EXTERNAL = '/service-csp/external/api/v1';
export const CSP_SECURE = '/service-csp/customer/secure/api/v1';
export const OMNI = '/service-omni-proxy/insecure/api/v1';
export const CHATBOT = '/service-chat-chatbot/external/api/v1/message';
const CHAT_DEPARTMENT: TOperatingHoursDepartment = 'OPS_CHAT';

const chatToken = (token: string) => ({ 'x-chat-token': token });

/**
 * Every chat call opts out of the sign-in rule of spec 2 §8: a 401 here is about the chat's own token
 * (6 hours, "Token state is invalid.") or the chat's nonce, never the borrower's session, so it must not
 * clear the jwt and send the borrower to the login page. The widget renews or restarts the chat instead.
 */
const CHAT = { skipAuthRedirect: true } as const;

export const ZChatConfig = z.object({
  linkHosts: z.array(z.string()),
  attachmentMaxBytes: z.number(),
  attachmentMaxFiles: z.number(),
  devFeatures: z.boolean(),
});
export type TChatConfig = z.infer<typeof ZChatConfig>;

export const chatApi = {
  config: () => api.get(`${CSP_EXTERNAL}/webchat/config`, { ...CHAT, schema: ZChatConfig, external: true }),
  openStatus: () =>
    api.get(`/service-operating-hours/external/api/v1/hours/${CHAT_DEPARTMENT}/openStatus`, {
      ...CHAT,
      schema: z.boolean(),
      external: true,
    }),
  agents: () =>
    api.get(`${CSP_EXTERNAL}/webchat/agents`, {
      ...CHAT,
      schema: z.array(z.object({ agentId: z.string(), name: z.string() })),
      external: true,
    }),
  initWebChat: (body: TInitWebChatRequest) =>
    apiWrite('POST /service-csp/external/api/v1/twilio/initWebChat', body, {
      ...CHAT,
      schema: ZInitWebChatResponse,
      external: true,
    }),
  refreshToken: (token: string) =>
    apiWrite(
      'POST /service-csp/external/api/v1/twilio/refreshToken',
      { token },
      { ...CHAT, schema: ZRefreshTokenResponse, external: true },
    ),
  webChatInfo: (token: string, omniProxyChannelId: string) =>
    apiWrite(
      'POST /service-csp/external/api/v1/twilio/web-chat-info',
      { omniProxyChannelId },
      { ...CHAT, schema: ZWebChatInfoResponse, external: true, headers: chatToken(token) },
    ),
  authenticate: () =>
    api.post(`${CSP_SECURE}/webchat/authenticate`, undefined, { ...CHAT, schema: ZWebChatNonceResponse }),
  refreshNonce: (nonce: string) =>
    api.put(`${CSP_SECURE}/webchat/refresh`, undefined, {
      ...CHAT,
      schema: ZWebChatNonceResponse,
      query: { nonce },
    }),
  conversation: (token: string, sid: string) =>
    api.get(`${OMNI}/conversations/${sid}`, {
      ...CHAT,
      schema: ZChatConversationState,
      external: true,
      headers: chatToken(token),
    }),
  end: (token: string, sid: string) =>
    api.post(`${OMNI}/conversations/${sid}/end`, undefined, {
      ...CHAT,
      external: true,
      headers: chatToken(token),
    }),
  chatbotHistory: (conversationId: string) =>
    api.get(`${CHATBOT}/getChatHistory/${conversationId}`, {
      ...CHAT,
      schema: ZChatbotHistoryResponse,
      external: true,
    }),
  chatWithAutobot: (body: TChatbotMessageRequest) =>
    apiWrite('POST /service-chat-chatbot/external/api/v1/message/chatWithAutobot', body, {
      ...CHAT,
      schema: ZChatbotMessageResponse,
      external: true,
    }),
  feedback: (body: TChatbotFeedbackRequest) =>
    apiWrite('POST /service-chat-chatbot/external/api/v1/message/setChatReplyUsedWithFeedback', body, {
      ...CHAT,
      external: true,
    }),
};

/** Sends a live message: JSON for text, multipart (the client sends FormData as is) with files. */
export async function sendLiveMessage(
  token: string,
  sid: string,
  body: string,
  files: readonly TChatAttachment[],
) {
  const path = `${OMNI}/conversations/${sid}/messages`;
  const options = { ...CHAT, schema: ZChatMessage, external: true, headers: chatToken(token) };
  if (files.length === 0) return api.post(path, { body }, options);
  const form = new FormData();
  if (body) form.append('body', body);
  for (const file of files) form.append('media', file, file.name);
  return api.post(path, form, options);
}

/** Downloads an attachment with the chat token and hands it to the browser as a file (the desk's code too). */
export function downloadMedia(token: string, sid: string, mediaSid: string, filename: string) {
  return downloadChatAttachment({
    url: buildUrl(`${OMNI}/conversations/${sid}/media/${mediaSid}`),
    token,
    filename,
    document,
    failed: (status) => new Error(`download failed: ${status}`),
  });
}

/** The websocket URL of the chat (same origin; ws or wss by the page's scheme). */
export function chatSocketUrl(token: string): string {
  const url = new URL(buildUrl(`${OMNI}/ws`), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
