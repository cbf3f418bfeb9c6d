import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STEPS,
  CONDITION_CATEGORIES,
  CONDITION_CATEGORY_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  FINAL_APPLICATION_STEPS,
  ID_FRONT_DOCUMENT_TYPES,
  ID_TYPE_LABELS,
  PROPERTY_CONDITIONS,
  RATED_PROPERTY_CONDITIONS,
  ZConditionCategory,
  ZPropertyCondition,
  isConditionAtLeast,
  isFinalApplicationStep,
  isWaitingApplicationStep,
  progressSteps,
} from './enums';

describe('isConditionAtLeast', () => {
  it.each([
    ['AVERAGE', 'AVERAGE', true],
    ['GOOD', 'AVERAGE', true],
    ['EXCELLENT', 'AVERAGE', true],
    ['FAIR', 'AVERAGE', false],
    ['POOR', 'AVERAGE', false],
    ['POOR', 'POOR', true],
    ['UNKNOWN_CONDITION', 'POOR', false],
    ['NOT_AVAILABLE', 'POOR', false],
    ['GOOD', 'EXCELLENT', false],
  ] as const)('%s at least %s → %s', (condition, min, expected) => {
    expect(isConditionAtLeast(condition, min)).toBe(expected);
  });

  it('follows the worst-to-best order of rated conditions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROPERTY_CONDITIONS),
        fc.constantFrom(...RATED_PROPERTY_CONDITIONS),
        (c, min) => {
          const rank = (RATED_PROPERTY_CONDITIONS as readonly string[]).indexOf(c);
          expect(isConditionAtLeast(c, min)).toBe(
            rank >= 0 && rank >= RATED_PROPERTY_CONDITIONS.indexOf(min),
          );
        },
      ),
    );
  });

  it('parses only the spec values', () => {
    expect(ZPropertyCondition.safeParse('AVERAGE').success).toBe(true);
    expect(ZPropertyCondition.safeParse('average').success).toBe(false);
  });
});

describe('labels', () => {
  it('names every condition category and document type', () => {
    expect(Object.keys(CONDITION_CATEGORY_LABELS).sort()).toEqual([...CONDITION_CATEGORIES].sort());
    expect(Object.keys(DOCUMENT_TYPE_LABELS).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(ZConditionCategory.safeParse('MISSING_PHONE_NUMBER').success).toBe(true);
  });

  it('uses the exact ID type labels of the spec', () => {
    expect(Object.values(ID_TYPE_LABELS)).toEqual([
      "US Driver's License",
      'US Passport',
      'US State ID Card',
      'US Permanent Resident Card',
    ]);
    expect(ID_FRONT_DOCUMENT_TYPES).toEqual([
      'DRIVERS_LICENSE_FRONT',
      'PASSPORT_FRONT',
      'ID_CARD_FRONT',
      'PERMANENT_RESIDENT_FRONT',
    ]);
  });
});

describe('application steps', () => {
  it('has no duplicates and classifies waiting and final steps', () => {
    expect(new Set(APPLICATION_STEPS).size).toBe(APPLICATION_STEPS.length);
    expect(isWaitingApplicationStep('WAITING_FOR_APP_SUMMARY')).toBe(true);
    expect(isWaitingApplicationStep('GEN_NOTE_SIGNING')).toBe(true);
    expect(isWaitingApplicationStep('OFFER_SELECTION')).toBe(false);
    expect(FINAL_APPLICATION_STEPS.every(isFinalApplicationStep)).toBe(true);
    expect(isFinalApplicationStep('FUNDABLE')).toBe(false);
    expect(
      APPLICATION_STEPS.filter((step) => isWaitingApplicationStep(step) && isFinalApplicationStep(step)),
    ).toEqual([]);
  });
});

describe('progressSteps', () => {
  it('ends with the notary step that applies', () => {
    expect(progressSteps(false).map((step) => step.label)).toEqual([
      'Basic Info',
      'Select Offer',
      'Provide More Info',
      'Link Income Sources',
      'Verify Identity',
      'Sign Documents',
      'Talk to eNotary',
    ]);
    expect(progressSteps(true).at(-1)).toEqual({ code: 'MANUAL_NOTARY', label: 'Schedule Notary Session' });
  });
});
