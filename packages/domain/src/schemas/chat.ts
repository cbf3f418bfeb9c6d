/** Web chat data (spec 2 §3 chat entities, §5 pre-chat form rules). */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, VALIDATION_MESSAGES } from '../constants';
import { ZChatMessageRole } from '../enums';
import { ZIsoDateTime, requiredString } from './common';

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
});

export const ZChatMessage = z.object({
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
