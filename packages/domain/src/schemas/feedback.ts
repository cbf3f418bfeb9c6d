/** Chatbot "Bad Response" feedback and the CEO feedback modal (spec 2 §3, §5, §7). */
import { z } from 'zod';
import {
  CEO_FEEDBACK_MAX_LENGTH,
  CEO_FEEDBACK_MIN_LENGTH,
  CHATBOT_FEEDBACK_MAX_LENGTH,
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
} from '../constants';
import {
  CHATBOT_FEEDBACK_OTHER_REASON,
  ZCeoFeedbackTopic,
  ZChatbotFeedbackReason,
  ZProductType,
} from '../enums';
import { ZUuid, requiredString } from './common';

/**
 * additionalInformation belongs to the reason Other only: it is checked (≤ 140) and kept then, and
 * dropped otherwise, so text typed before switching reason neither blocks submit nor gets sent.
 */
export const ZChatbotFeedback = z
  .object({
    reason: z.enum(ZChatbotFeedbackReason.options, { error: VALIDATION_MESSAGES.selectReason }),
    additionalInformation: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (
      value.reason === CHATBOT_FEEDBACK_OTHER_REASON &&
      (value.additionalInformation ?? '').length > CHATBOT_FEEDBACK_MAX_LENGTH
    ) {
      context.addIssue({
        code: 'custom',
        path: ['additionalInformation'],
        message: VALIDATION_MESSAGES.feedbackTooLong,
      });
    }
  })
  .transform(({ reason, additionalInformation }) =>
    reason === CHATBOT_FEEDBACK_OTHER_REASON && additionalInformation
      ? { reason, additionalInformation }
      : { reason },
  );
export type TChatbotFeedback = z.output<typeof ZChatbotFeedback>;
export type TChatbotFeedbackInput = z.input<typeof ZChatbotFeedback>;

/**
 * The one text the chatbot feedback call carries (spec 2 §7 feedbackMessage): the reason, or for Other
 * with additional information "Other: <additional information>".
 */
export function chatbotFeedbackMessage(feedback: TChatbotFeedback): string {
  return 'additionalInformation' in feedback && feedback.additionalInformation
    ? `${feedback.reason}: ${feedback.additionalInformation}`
    : feedback.reason;
}

/**
 * A feedbackMessage read back into the dialog's fields, so the server checks the same rules as the
 * dialog (spec 2 §5: one of the reasons; Other's additional information at most 140 characters).
 */
export function chatbotFeedbackFields(message: string): TChatbotFeedbackInput {
  const other = `${CHATBOT_FEEDBACK_OTHER_REASON}: `;
  if (message.startsWith(other)) {
    return { reason: CHATBOT_FEEDBACK_OTHER_REASON, additionalInformation: message.slice(other.length) };
  }
  return { reason: message as TChatbotFeedbackInput['reason'] };
}

/** What the borrower fills in the CEO modal. */
export const ZCeoFeedbackForm = z.object({
  topic: z.enum(ZCeoFeedbackTopic.options, { error: REQUIRED_MESSAGE }),
  message: requiredString()
    .min(CEO_FEEDBACK_MIN_LENGTH, VALIDATION_MESSAGES.messageTooShort)
    .max(CEO_FEEDBACK_MAX_LENGTH, VALIDATION_MESSAGES.messageTooLong),
  /** The Yes/No answer; unanswered is "Required". */
  marketingConsent: z.boolean({ error: REQUIRED_MESSAGE }),
});
export type TCeoFeedbackForm = z.infer<typeof ZCeoFeedbackForm>;

/** POST /service-profile/api/v1/feedback/ceo body: the form plus where it was sent from. */
export const ZCeoFeedback = ZCeoFeedbackForm.extend({
  /** The application on screen, if any (the modal also opens outside an application). */
  applicationUuid: ZUuid.nullish(),
  pathname: z.string().max(2048),
  productType: ZProductType,
});
export type TCeoFeedback = z.infer<typeof ZCeoFeedback>;
