/** Notifications, chat, feedback, operating-hours departments and product types (spec 2). */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Notifications, chat, feedback, hours, product
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_STATUSES = ['UNREAD', 'READ'] as const;
export const ZNotificationStatus = z.enum(NOTIFICATION_STATUSES);
export type TNotificationStatus = z.infer<typeof ZNotificationStatus>;

/** Chat modes (also the dev-only `mode` query values): live agent (twilio, nice), stream, talk, chatbot. */
export const CHAT_MODES = ['twilio', 'nice', 'stream', 'talkjs', 'chatbot'] as const;
export const ZChatMode = z.enum(CHAT_MODES);
export type TChatMode = z.infer<typeof ZChatMode>;
export const LIVE_AGENT_CHAT_MODES: readonly TChatMode[] = ['twilio', 'nice'];

export const CHAT_SENDER_TYPES = ['APPLICANT'] as const;
export const ZChatSenderType = z.enum(CHAT_SENDER_TYPES);
export type TChatSenderType = z.infer<typeof ZChatSenderType>;

/** Who wrote a chat message (values ours; the spec names only "role"). */
export const CHAT_MESSAGE_ROLES = ['customer', 'agent', 'bot', 'system'] as const;
export const ZChatMessageRole = z.enum(CHAT_MESSAGE_ROLES);
export type TChatMessageRole = z.infer<typeof ZChatMessageRole>;

/** Chat alert severities (spec 2 §8 "Chat alerts"). */
export const CHAT_ALERT_LEVELS = ['warning', 'error'] as const;
export type TChatAlertLevel = (typeof CHAT_ALERT_LEVELS)[number];

/** CEO feedback topics; the value sent is the text itself (the spec gives no codes). */
export const CEO_FEEDBACK_TOPICS = ['Improve our product', 'Give us a compliment'] as const;
export const ZCeoFeedbackTopic = z.enum(CEO_FEEDBACK_TOPICS);
export type TCeoFeedbackTopic = z.infer<typeof ZCeoFeedbackTopic>;

/** Chatbot "Bad Response" reasons; the value sent is the text itself. */
export const CHATBOT_FEEDBACK_REASONS = [
  'Answer too vague',
  'Not specific to my application',
  'Not what I was asking about',
  'Other',
] as const;
export const ZChatbotFeedbackReason = z.enum(CHATBOT_FEEDBACK_REASONS);
export type TChatbotFeedbackReason = z.infer<typeof ZChatbotFeedbackReason>;

/** The reason that reveals the free-text field. */
export const CHATBOT_FEEDBACK_OTHER_REASON: TChatbotFeedbackReason = 'Other';

export const OPERATING_HOURS_DEPARTMENTS = ['OPS_CHAT', 'OPS_PHONE'] as const;
export const ZOperatingHoursDepartment = z.enum(OPERATING_HOURS_DEPARTMENTS);
export type TOperatingHoursDepartment = z.infer<typeof ZOperatingHoursDepartment>;

export const PRODUCT_TYPES = ['HELOC'] as const;
export const ZProductType = z.enum(PRODUCT_TYPES);
export type TProductType = z.infer<typeof ZProductType>;
