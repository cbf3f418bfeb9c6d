import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS } from './enums';
import { applicationStepLabel } from './step-labels';

describe('applicationStepLabel', () => {
  it.each([
    ['IN_PROGRESS', 'Basic info'],
    ['LIEN_VERIFICATION', 'Lien verification'],
    ['OFFER_SELECTION', 'Offer selection'],
    ['GEN_CLOSING_DOCS', 'Preparing your documents'],
    ['WAITING_FOR_FLOOD_CERT', 'Waiting for flood cert'],
  ] as const)('%s → %s', (step, label) => {
    expect(applicationStepLabel(step)).toBe(label);
  });

  it('has a readable label for every step (no codes, no underscores)', () => {
    for (const step of APPLICATION_STEPS) {
      const label = applicationStepLabel(step);
      expect(label, step).toMatch(/^[A-Z][a-z]/);
      expect(label, step).not.toContain('_');
    }
  });
});
