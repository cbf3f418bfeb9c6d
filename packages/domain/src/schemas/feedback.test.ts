import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHATBOT_FEEDBACK_REASONS } from '../enums';
import { ZChatbotFeedbackRequest } from './chat';
import { chatbotFeedbackFields, chatbotFeedbackMessage, ZChatbotFeedback } from './feedback';

const request = (feedbackMessage: string) => ({
  questionId: '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c',
  conversationId: '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3d',
  feedbackMessage,
  rating: 0,
  senderType: 'APPLICANT',
});

describe('chatbot feedback message (spec 2 §5, §7)', () => {
  it('reads back what the dialog sends, for every reason and any text within the limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHATBOT_FEEDBACK_REASONS),
        fc.string({ minLength: 1, maxLength: 140 }).filter((text) => text.trim() === text && text !== ''),
        (reason, text) => {
          const feedback = ZChatbotFeedback.parse({ reason, additionalInformation: text });
          expect(ZChatbotFeedback.parse(chatbotFeedbackFields(chatbotFeedbackMessage(feedback)))).toEqual(
            feedback,
          );
          expect(ZChatbotFeedbackRequest.safeParse(request(chatbotFeedbackMessage(feedback))).success).toBe(
            true,
          );
        },
      ),
    );
  });

  it.each([
    ['Other: ' + 'x'.repeat(141), 'Please restrict your response to 140 characters.'],
    ['Not a reason', 'Please select a reason'],
    ['', 'Please select a reason'],
  ])('the server refuses %j with %s', (feedbackMessage, message) => {
    const parsed = ZChatbotFeedbackRequest.safeParse(request(feedbackMessage));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
