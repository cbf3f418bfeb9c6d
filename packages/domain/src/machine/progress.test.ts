import { describe, expect, it } from 'vitest';
import { CLIENT_APPLICATION_STATES, progressSteps } from '../enums';
import { progressFor } from './progress';

describe('progressFor', () => {
  it.each([
    ['profile', 'INITIAL', 0],
    ['liens', 'INITIAL', 0],
    ['ssnCredit', 'INITIAL', 0],
    ['delinquency', 'INITIAL', 0],
    ['product', 'PRODUCT_SELECT', 1],
    ['assetDepletion', 'PRODUCT_SELECT', 1],
    ['moreProfile', 'MORE_INFO', 2],
    ['appSummary', 'MORE_INFO', 2],
    ['incomeReview', 'LINK_INCOME', 3],
    ['ach', 'LINK_INCOME', 3],
    ['autopay', 'LINK_INCOME', 3],
    ['docVerify', 'ID_UPLOAD', 4],
    ['bpo', 'ID_UPLOAD', 4],
    ['waitSign', 'SIGNING', 5],
    ['codeed', 'SIGNING', 5],
    ['notary', 'ENOTARY', 6],
    ['insurance', 'COMPLETE', 7],
    ['complete', 'COMPLETE', 7],
    ['declined', null, -1],
    ['dtiDeclined', null, -1],
    ['creditScoreDeclined', null, -1],
  ] as const)('%s → %s at %i', (state, code, index) => {
    const progress = progressFor(state, false);
    expect(progress.code).toBe(code);
    expect(progress.currentIndex).toBe(index);
  });

  it('uses the manual notary step when the notary is manual', () => {
    const progress = progressFor('waitNotary', true);
    expect(progress.code).toBe('MANUAL_NOTARY');
    expect(progress.steps.map((step) => [step.label, step.state])).toEqual([
      ['Basic Info', 'done'],
      ['Select Offer', 'done'],
      ['Provide More Info', 'done'],
      ['Link Income Sources', 'done'],
      ['Verify Identity', 'done'],
      ['Sign Documents', 'done'],
      ['Schedule Notary Session', 'current'],
    ]);
    expect(progressFor('notary', false).steps.at(-1)).toEqual({
      code: 'ENOTARY',
      label: 'Talk to eNotary',
      state: 'current',
    });
  });

  it('marks every step done when complete and none current when declined', () => {
    expect(progressFor('waitFund', false).steps.every((step) => step.state === 'done')).toBe(true);
    expect(progressFor('declined', false).steps.every((step) => step.state === 'upcoming')).toBe(true);
  });

  it('places every state on a step of the list, COMPLETE or none, never moving backwards along the flow', () => {
    for (const manual of [false, true]) {
      const steps = progressSteps(manual);
      for (const state of CLIENT_APPLICATION_STATES) {
        const { code, currentIndex, steps: items } = progressFor(state, manual);
        expect(items).toHaveLength(steps.length);
        if (code === null) expect(currentIndex).toBe(-1);
        else if (code === 'COMPLETE') expect(currentIndex).toBe(steps.length);
        else expect(steps[currentIndex]?.code).toBe(code);
      }
    }
    const happy = [
      'profile',
      'liens',
      'product',
      'moreProfile',
      'hmda',
      'waitSummary',
      'appSummary',
      'incomeReview',
      'ach',
      'docVerify',
      'waitSign',
      'sign',
      'codeed',
      'waitNotary',
      'notary',
      'insurance',
      'waitFund',
      'complete',
    ] as const;
    const indexes = happy.map((state) => progressFor(state, false).currentIndex);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });
});
