/** The chatbot's answer to "what is my status": the borrower's real step, never "Complete" before funding. */
import { describe, expect, it } from 'vitest';
import { answerStatus, type ApplicationFacts } from './application-context';

const facts = (step: string): ApplicationFacts => ({
  applicationUuid: '00000000-0000-4000-8000-000000000001',
  loanNumber: '1000123',
  isCrypto: false,
  step,
  termYears: 30,
  rateBps: 850,
  amountCents: 5_000_000,
});

describe('answerStatus', () => {
  it.each([
    ['OFFER_SELECTION', 'Application 1000123 is at the step "Select Offer".'],
    [
      'RESCISSION',
      'Application 1000123 is signed and in its final steps: right of rescission. You may still cancel during your right-to-cancel period; funding follows when it ends.',
    ],
    [
      'RECORDING',
      'Application 1000123 is signed and in its final steps: recording. We will let you know when your line is funded.',
    ],
    [
      'WAITING_FOR_FUNDING',
      'Application 1000123 is signed and in its final steps: waiting for funding. We will let you know when your line is funded.',
    ],
    ['COMPLETE', 'Application 1000123 is complete: your line of credit is funded.'],
    ['DECLINED', 'Application 1000123 was declined. The notice we sent explains the reasons.'],
    ['CANCELLED', 'Application 1000123 was cancelled.'],
  ])('%s', (step, answer) => {
    expect(answerStatus(facts(step))).toBe(answer);
  });

  it('says "Complete" only for a funded line', () => {
    for (const step of ['TRUST_AND_INSURANCE', 'GEN_RESCISSION', 'RESCISSION', 'RECORDING', 'FUNDABLE']) {
      expect(answerStatus(facts(step)), step).not.toMatch(/complete/i);
    }
  });
});
