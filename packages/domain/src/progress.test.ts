import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS, progressSteps } from './enums';
import { progressCodeForStep, progressItems } from './progress';

describe('progressCodeForStep', () => {
  it.each([
    ['IN_PROGRESS', 'INITIAL'],
    ['LIEN_VERIFICATION', 'INITIAL'],
    ['OFFER_SELECTION', 'PRODUCT_SELECT'],
    ['HMDA', 'MORE_INFO'],
    ['APP_SUBMISSION', 'MORE_INFO'],
    ['INCOME_VERIFICATION', 'LINK_INCOME'],
    ['DISBURSEMENT_ACCOUNT', 'LINK_INCOME'],
    ['IDENTITY_VERIFICATION', 'ID_UPLOAD'],
    ['NOTE_SIGNING', 'SIGNING'],
    ['FUNDABLE', 'COMPLETE'],
    ['DECLINED', null],
    ['CANCELLED', null],
  ] as const)('%s → %s', (step, code) => {
    expect(progressCodeForStep(step, false)).toBe(code);
  });

  it('maps notary steps to the manual notary session or the eNotary', () => {
    expect(progressCodeForStep('NOTARY_DISCLOSURE', true)).toBe('MANUAL_NOTARY');
    expect(progressCodeForStep('NOTARY_DISCLOSURE', false)).toBe('ENOTARY');
  });

  it('maps every step to a code of the list it is shown in, or to COMPLETE / none', () => {
    for (const manual of [true, false]) {
      const codes = new Set<string>(progressSteps(manual).map((step) => step.code));
      for (const step of APPLICATION_STEPS) {
        const code = progressCodeForStep(step, manual);
        expect(code === null || code === 'COMPLETE' || codes.has(code)).toBe(true);
      }
    }
  });
});

describe('progressItems', () => {
  const steps = progressSteps(false);

  it('marks earlier steps done, the current one current and the rest upcoming', () => {
    const items = progressItems(steps, 'MORE_INFO');
    expect(items.map((item) => [item.label, item.state])).toEqual([
      ['Basic Info', 'done'],
      ['Select Offer', 'done'],
      ['Provide More Info', 'current'],
      ['Link Income Sources', 'upcoming'],
      ['Verify Identity', 'upcoming'],
      ['Sign Documents', 'upcoming'],
      ['Talk to eNotary', 'upcoming'],
    ]);
  });

  it('marks everything done when complete and nothing current without a code', () => {
    expect(progressItems(steps, 'COMPLETE').every((item) => item.state === 'done')).toBe(true);
    expect(progressItems(steps, null).every((item) => item.state === 'upcoming')).toBe(true);
  });

  it('ends with the manual notary session when the notary is manual', () => {
    expect(progressSteps(true).at(-1)?.label).toBe('Schedule Notary Session');
  });
});
