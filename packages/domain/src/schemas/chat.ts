/** Web chat data (spec 2 §3 chat entities, §5 pre-chat form rules). */
import { z } from 'zod';
import {
  CHAT_TYPING_PREVIEW_INTERVAL_MS,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
} from '../constants';
import { ZChatMessageRole, ZChatMode, ZChatSenderType } from '../enums';
import { ZIsoDateTime, ZUuid, requiredString } from './common';
import { chatbotFeedbackFields, ZChatbotFeedback } from './feedback';

/** Ids in chat calls: the spec's UUID shape, compared lower-case. */
const ZUuidLoose = ZUuid.transform((value) => value.toLowerCase());

/**
 * The chat session kept in local storage. Every field is optional: a live-agent session fills the
 * provider ids, a chatbot session the conversationId, and a stored blob from an older build must
 * still parse (unknown fields are dropped).
 */
export const ZChatSession = z.object({
  token: z.string().optional(),
  conversationSid: z.string().optional(),
  /** Token expiry, epoch milliseconds. */
  expiration: z.number().optional(),
  friendlyName: z.string().optional(),
  emailAddress: z.string().optional(),
  initialMessage: z.string().optional(),
  omniProxyChannelId: z.string().optional(),
  providerChannelId: z.string().optional(),
  providerUserId: z.string().optional(),
  providerUserToken: z.string().optional(),
  customerId: z.string().optional(),
  threadId: z.string().optional(),
  userId: z.string().optional(),
  /** Chatbot conversation. */
  conversationId: z.string().optional(),
  /** When the session started, epoch milliseconds. */
  loginTimestamp: z.number().optional(),
});
export type TChatSession = z.infer<typeof ZChatSession>;

export const ZChatbotHistoryItem = z.object({
  questionId: z.string(),
  questionStr: z.string(),
  responseStr: z.string(),
  createdDt: ZIsoDateTime,
  conversationId: z.string().optional(),
});
export type TChatbotHistoryItem = z.infer<typeof ZChatbotHistoryItem>;

export const ZChatMedia = z.object({
  filename: z.string(),
  sid: z.string(),
  /** Bytes; display with formatFileSize. */
  size: z.number().int().nonnegative(),
  contentType: z.string().optional(),
});

export const ZChatMessage = z.object({
  /** The message's id (ours): lets a client drop a message it already has. */
  sid: z.string().optional(),
  author: z.string(),
  body: z.string().nullable(),
  media: z.array(ZChatMedia).default([]),
  dateCreated: ZIsoDateTime,
  /** Identity of the sender in the chat provider (the borrower's own messages carry theirs). */
  senderIdentity: z.string().nullish(),
  role: ZChatMessageRole,
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** E-mail is optional (the spec requires only the name); when given it must be valid and ≤ 128. */
const optionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, VALIDATION_MESSAGES.emailTooLong)
  .refine((value) => value === '' || z.regexes.email.test(value), VALIDATION_MESSAGES.emailInvalid)
  .optional();

export const ZPreChatForm = z.object({
  friendlyName: requiredString().max(NAME_MAX_LENGTH, VALIDATION_MESSAGES.nameTooLong),
  emailAddress: optionalEmail,
  /** Dev agent mode only (see ZPreChatFormDevAgent). */
  agentId: z.string().trim().optional(),
});
export type TPreChatForm = z.infer<typeof ZPreChatForm>;

/** In dev agent mode the agent picker is required. */
export const ZPreChatFormDevAgent = ZPreChatForm.extend({ agentId: requiredString() });

/** The widget's first message: required, and sent as typed (the server trims what it stores). */
const ZPreChatMessage = z.string().refine((value) => value.trim().length > 0, REQUIRED_MESSAGE);
/** The widget's pre-chat form: the fields above and "How can we help?". */
export const ZPreChatWidgetForm = ZPreChatForm.extend({ message: ZPreChatMessage });
export const ZPreChatWidgetFormDevAgent = ZPreChatFormDevAgent.extend({ message: ZPreChatMessage });

// ---------------------------------------------------------------------------------------------
// Chat calls (spec 2 §7 "Chat"). Field names are the spec's; where the spec shows no shape, ours.
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Most characters of one chat message (ours; keeps every realtime event inside one NOTIFY). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** POST …/twilio/initWebChat and …/stream/init-web-chat. */
export const ZInitWebChatRequest = z.object({
  friendlyName: requiredString().max(NAME_MAX_LENGTH, VALIDATION_MESSAGES.nameTooLong),
  emailAddress: optionalEmail.nullable(),
  applicationUuid: ZUuidLoose.nullish(),
  tag: optionalText(128),
  /** Ignored: the server decides the skill (crypto, main organisation, white label). */
  skill: optionalText(64),
  /** The borrower's first message, kept and shown while waiting for an agent. */
  welcomeMessage: z.string().trim().min(1, REQUIRED_MESSAGE).max(CHAT_MESSAGE_MAX_LENGTH),
  pageUrl: optionalText(2048),
  chatMode: ZChatMode.nullish(),
  identityUuid: ZUuidLoose.nullish(),
  nonce: optionalText(128),
  orgCode: optionalText(64),
  /** Dev agent picker only. */
  agentId: ZUuidLoose.nullish(),
  loanNumber: optionalText(32),
  prodType: optionalText(32),
});
export type TInitWebChatRequest = z.infer<typeof ZInitWebChatRequest>;

export const ZInitWebChatResponse = z.object({
  token: z.string(),
  conversationSid: z.string(),
  omniProxyChannelId: z.string(),
  providerChannelId: z.string(),
  targetWorkerSid: z.string().nullable(),
  targetWorkerFriendlyName: z.string().nullable(),
  skill: z.string(),
  /** Token expiry, epoch milliseconds (6 hours). */
  expiration: z.number(),
  /** The stream variant: its user id and token. */
  providerUserId: z.string().optional(),
  providerUserToken: z.string().optional(),
});
export type TInitWebChatResponse = z.infer<typeof ZInitWebChatResponse>;

export const ZRefreshTokenRequest = z.object({ token: z.string().min(1).max(4096) });
export const ZRefreshTokenResponse = z.object({ token: z.string(), expiration: z.number() });

export const ZWebChatInfoRequest = z.object({ omniProxyChannelId: z.string().min(1).max(64) });
export const ZWebChatInfoResponse = z.object({
  contactId: z.string(),
  /** The survey link for this contact (configured per deployment). */
  surveyUrl: z.string(),
});

export const ZWebChatNonceResponse = z.object({ nonce: z.string(), expiration: z.number() });

/** The live conversation as the widget and the desk see it. */
export const ZChatConversationStatus = z.enum(['WAITING', 'ACTIVE', 'ENDED']);
export type TChatConversationStatus = z.infer<typeof ZChatConversationStatus>;

export const ZChatConversationState = z.object({
  conversationSid: z.string(),
  status: ZChatConversationStatus,
  agentName: z.string().nullable(),
  messages: z.array(ZChatMessage),
  /** More messages exist before the first one returned. */
  hasMore: z.boolean(),
});
export type TChatConversationState = z.infer<typeof ZChatConversationState>;

/**
 * A live message (POST …/conversations/:sid/messages) sent as JSON `{ body }` (text only). A message
 * with files is multipart instead (a `body` part and `media` file parts): the route reads those parts
 * itself, and Fastify hands this schema null for them, so null is allowed here.
 */
export const ZLiveChatMessageRequest = z.object({ body: z.string().max(CHAT_MESSAGE_MAX_LENGTH) }).nullable();
export type TLiveChatMessageRequest = z.infer<typeof ZLiveChatMessageRequest>;

/** Spec 2 §5 "Chat message": text or an attached file is required (whitespace is not text). */
export function isSendableChatMessage(body: string | null | undefined, fileCount: number): boolean {
  return (body ?? '').trim().length > 0 || fileCount > 0;
}

/**
 * Spec 2 §5: Enter sends, Shift+Enter inserts a newline. The Enter that ends an input-method
 * composition (Japanese, Chinese, Korean keyboards) picks the composed text and must not send it half
 * typed. One rule for the borrower's composer and the agent's reply box.
 */
export function isChatSendKey(event: { key: string; shiftKey: boolean; isComposing: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** A typing preview goes out at most every CHAT_TYPING_PREVIEW_INTERVAL_MS (spec 2 §5). */
export function isTypingPreviewDue(lastSentAtMs: number, nowMs: number): boolean {
  return nowMs - lastSentAtMs >= CHAT_TYPING_PREVIEW_INTERVAL_MS;
}

/** Events on the chat websocket (server → client). */
export const ZChatSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), role: z.enum(['customer', 'agent']) }),
  z.object({ type: z.literal('ping'), at: z.number() }),
  z.object({ type: z.literal('message'), conversationSid: z.string(), message: ZChatMessage }),
  z.object({
    type: z.literal('typing'),
    conversationSid: z.string(),
    role: ZChatMessageRole,
    preview: z.string(),
  }),
  z.object({ type: z.literal('agentJoined'), conversationSid: z.string(), agentName: z.string() }),
  z.object({ type: z.literal('ended'), conversationSid: z.string() }),
  /** Something changed that did not fit in one event: clients re-read the conversation. */
  z.object({ type: z.literal('resync'), conversationSid: z.string() }),
  /** Desk only: the queue changed (new, accepted or ended conversation). */
  z.object({ type: z.literal('queue'), conversationSid: z.string() }),
]);
export type TChatSocketEvent = z.infer<typeof ZChatSocketEvent>;

/** Client → server on the websocket: the typing preview (sent every second while typing). */
export const ZChatSocketCommand = z.object({
  type: z.literal('typing'),
  conversationSid: z.string().max(64).optional(),
  preview: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
});

// ---------------------------------------------------------------------------------------------
// Chatbot
// ---------------------------------------------------------------------------------------------

/** POST /service-chat-chatbot/external/api/v1/message/chatWithAutobot */
export const ZChatbotMessageRequest = z.object({
  applicationId: ZUuidLoose.nullish(),
  conversationId: ZUuidLoose.nullish(),
  message: z.string().trim().min(1, REQUIRED_MESSAGE).max(CHAT_MESSAGE_MAX_LENGTH),
  nonce: optionalText(128),
  organization: optionalText(64),
  pageUrl: optionalText(2048),
  senderId: optionalText(128),
  senderType: ZChatSenderType,
  tag: optionalText(128),
});
export type TChatbotMessageRequest = z.infer<typeof ZChatbotMessageRequest>;

/** The answer: the conversation (spec) and the history item just added (ours). */
export const ZChatbotMessageResponse = z.object({
  conversationId: z.string(),
  item: ZChatbotHistoryItem,
  /** The bot could not answer: the widget offers a live agent when the chat is open. */
  offerLiveAgent: z.boolean(),
  /** End of the chatbot session, epoch milliseconds (10 minutes after this question). */
  expiration: z.number(),
});
export type TChatbotMessageResponse = z.infer<typeof ZChatbotMessageResponse>;

export const ZChatbotHistoryResponse = z.object({
  conversationId: z.string(),
  items: z.array(ZChatbotHistoryItem),
  expiration: z.number(),
  expired: z.boolean(),
});
export type TChatbotHistoryResponse = z.infer<typeof ZChatbotHistoryResponse>;

/** POST …/setChatReplyUsedWithFeedback */
export const ZChatbotFeedbackRequest = z.object({
  questionId: ZUuidLoose,
  conversationId: ZUuidLoose,
  /** The answer being rated. */
  responseToCustomer: z.string().max(20_000).nullish(),
  /** The reason and, for Other, the additional information. */
  feedbackMessage: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.selectReason)
    // The dialog's own rules, on the server too: a reason of the list, Other's text ≤ 140 characters.
    .superRefine((message, context) => {
      const checked = ZChatbotFeedback.safeParse(chatbotFeedbackFields(message));
      for (const issue of checked.success ? [] : checked.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
    }),
  rating: z.literal(0),
  senderEmail: z.string().max(EMAIL_MAX_LENGTH).nullish(),
  senderType: ZChatSenderType,
  nonce: optionalText(128),
});
export type TChatbotFeedbackRequest = z.infer<typeof ZChatbotFeedbackRequest>;

/** The borrower's application beside a chat in the agent desk. */
export const ZDeskApplication = z.object({
  uuid: z.string(),
  loanNumber: z.string(),
  step: z.string(),
  progressLabel: z.string().nullable(),
  borrowerName: z.string().nullable(),
  amountCents: z.number(),
  rateBps: z.number(),
  termYears: z.number(),
});

/** A chat as the agent desk lists it (waiting, active or ended), with its application context. */
export const ZDeskConversation = z.object({
  conversationSid: z.string(),
  status: ZChatConversationStatus,
  friendlyName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  orgCode: z.string(),
  orgName: z.string().nullable(),
  skill: z.string().nullable(),
  pageUrl: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  agentName: z.string().nullable(),
  /** Dev agent picker: the agent the borrower asked for. */
  targetAgentUuid: z.string().nullable(),
  signedIn: z.boolean(),
  application: ZDeskApplication.nullable(),
});
export type TDeskConversation = z.infer<typeof ZDeskConversation>;
