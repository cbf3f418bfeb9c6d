import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZPreChatForm, ZPreChatFormDevAgent, ZPreChatWidgetForm, ZPreChatWidgetFormDevAgent } from './chat';
import { ZCeoFeedback, ZCeoFeedbackForm, ZChatbotFeedback } from './feedback';

/** The first message per field, as a form shows it. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.') || '(root)';
    errors[key] ??= issue.message;
  }
  return errors;
}

function messagesFor(schema: z.ZodType, value: unknown, field: string): string[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === field)
    .map((issue) => issue.message);
}

describe('ZPreChatForm', () => {
  it.each([
    [{}, { friendlyName: 'Required' }],
    [{ friendlyName: undefined }, { friendlyName: 'Required' }],
    [{ friendlyName: '' }, { friendlyName: 'Required' }],
    [{ friendlyName: '   ' }, { friendlyName: 'Required' }],
    [{ friendlyName: 'a'.repeat(129) }, { friendlyName: 'Cannot be more than 128 characters' }],
    [
      { friendlyName: 'Ann', emailAddress: 'not-an-email' },
      { emailAddress: 'Please enter a valid email address' },
    ],
    [
      { friendlyName: 'Ann', emailAddress: `${'a'.repeat(120)}@example.com` },
      { emailAddress: 'Cannot be more than 128 characters' },
    ],
    [{ friendlyName: 'a'.repeat(128) }, {}],
    [{ friendlyName: 'Ann', emailAddress: '' }, {}],
    [{ friendlyName: 'Ann', emailAddress: 'ann@example.com' }, {}],
  ])('%j → %j', (value, expected) => {
    expect(fieldErrors(ZPreChatForm, value)).toEqual(expected);
  });

  it('shows only "Required" for an empty name (no length message beside it)', () => {
    expect(messagesFor(ZPreChatForm, { friendlyName: '' }, 'friendlyName')).toEqual(['Required']);
  });

  it('requires the agent in dev agent mode', () => {
    expect(fieldErrors(ZPreChatFormDevAgent, { friendlyName: 'Ann' })).toEqual({ agentId: 'Required' });
    expect(ZPreChatFormDevAgent.parse({ friendlyName: ' Ann ', agentId: 'a1' })).toEqual({
      friendlyName: 'Ann',
      agentId: 'a1',
    });
  });

  it.each([
    ['', { message: 'Required' }],
    ['  \n ', { message: 'Required' }],
    [' Can I raise my line? ', {}],
  ])('the widget form requires a first message: %j', (message, expected) => {
    expect(fieldErrors(ZPreChatWidgetForm, { friendlyName: 'Ann', message })).toEqual(expected);
    expect(fieldErrors(ZPreChatWidgetFormDevAgent, { friendlyName: 'Ann', agentId: 'a1', message })).toEqual(
      expected,
    );
  });

  it('keeps the first message as typed', () => {
    expect(ZPreChatWidgetForm.parse({ friendlyName: 'Ann', message: ' Hi \n' }).message).toBe(' Hi \n');
  });

  it('accepts any name of 1 to 128 visible characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 128 }).filter((s) => s.trim().length > 0),
        (name) => {
          expect(ZPreChatForm.safeParse({ friendlyName: name }).success).toBe(true);
        },
      ),
    );
  });
});

describe('ZChatbotFeedback', () => {
  it.each([
    [{}, { reason: 'Please select a reason' }],
    [{ reason: '' }, { reason: 'Please select a reason' }],
    [{ reason: 'Bad' }, { reason: 'Please select a reason' }],
    [
      { reason: 'Other', additionalInformation: 'x'.repeat(141) },
      { additionalInformation: 'Please restrict your response to 140 characters.' },
    ],
    [{ reason: 'Other', additionalInformation: 'x'.repeat(140) }, {}],
    [{ reason: 'Answer too vague', additionalInformation: 'x'.repeat(500) }, {}],
  ])('%j → %j', (value, expected) => {
    expect(fieldErrors(ZChatbotFeedback, value)).toEqual(expected);
  });

  it('keeps additional information only for the reason Other', () => {
    expect(ZChatbotFeedback.parse({ reason: 'Other', additionalInformation: ' Too slow ' })).toEqual({
      reason: 'Other',
      additionalInformation: 'Too slow',
    });
    expect(
      ZChatbotFeedback.parse({ reason: 'Not what I was asking about', additionalInformation: 'x' }),
    ).toEqual({
      reason: 'Not what I was asking about',
    });
    expect(ZChatbotFeedback.parse({ reason: 'Other', additionalInformation: '' })).toEqual({
      reason: 'Other',
    });
  });
});

describe('ZCeoFeedbackForm', () => {
  const valid = { topic: 'Give us a compliment', message: 'Great service, thanks!', marketingConsent: false };

  it.each([
    [{}, { topic: 'Required', message: 'Required', marketingConsent: 'Required' }],
    [{ ...valid, topic: '' }, { topic: 'Required' }],
    [{ ...valid, topic: 'Complain' }, { topic: 'Required' }],
    [{ ...valid, message: '' }, { message: 'Required' }],
    [{ ...valid, message: '   ' }, { message: 'Required' }],
    [{ ...valid, message: 'Too short' }, { message: 'Must be at least 10 characters' }],
    [{ ...valid, message: 'x'.repeat(1001) }, { message: 'Must be at most 1000 characters' }],
    [{ ...valid, marketingConsent: undefined }, { marketingConsent: 'Required' }],
    [{ ...valid, marketingConsent: 'yes' }, { marketingConsent: 'Required' }],
    [{ ...valid, message: 'x'.repeat(10) }, {}],
    [{ ...valid, message: 'x'.repeat(1000), topic: 'Improve our product', marketingConsent: true }, {}],
  ])('%j → %j', (value, expected) => {
    expect(fieldErrors(ZCeoFeedbackForm, value)).toEqual(expected);
  });

  it('gives exactly one message for an empty message', () => {
    expect(messagesFor(ZCeoFeedbackForm, { ...valid, message: '' }, 'message')).toEqual(['Required']);
  });

  it('accepts the request body with product type HELOC only', () => {
    const body = {
      ...valid,
      applicationUuid: '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c',
      pathname: '/x',
      productType: 'HELOC',
    };
    expect(ZCeoFeedback.safeParse(body).success).toBe(true);
    expect(ZCeoFeedback.safeParse({ ...body, applicationUuid: null }).success).toBe(true);
    expect(ZCeoFeedback.safeParse({ ...body, productType: 'MORTGAGE' }).success).toBe(false);
  });

  it('validates the message length as the spec bounds it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1100 }), (message) => {
        const length = message.trim().length;
        const ok = ZCeoFeedbackForm.safeParse({ ...valid, message }).success;
        expect(ok).toBe(length >= 10 && length <= 1000);
      }),
    );
  });
});
