import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { monthlyPaymentCents } from '../heloc-math';
import { aprBps, offerFigures, originationFeeCents } from '../underwriting';
import {
  lienReviewForm,
  offerChoiceForm,
  ZCreditPinForm,
  ZProfileStepForm,
  ZSsnForm,
} from './borrower-steps';

/** The first message per field, as a form shows it. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.') || '(root)'] ??= issue.message;
  return errors;
}

const PROFILE = {
  firstName: 'Marge',
  middleName: '',
  lastName: 'Simpson',
  suffix: '',
  dob: '03/19/1980',
  propertyUuid: '7a1c2b3a-1111-4222-8333-944445555666',
  softCreditConsent: true,
};

describe('ZProfileStepForm', () => {
  it('parses the typed values into the request shape', () => {
    expect(ZProfileStepForm.parse(PROFILE)).toEqual({
      firstName: 'Marge',
      lastName: 'Simpson',
      dob: '1980-03-19',
      propertyUuid: PROFILE.propertyUuid,
      softCreditConsent: true,
    });
  });

  it('says "Required" for each missing required field, consent included', () => {
    expect(fieldErrors(ZProfileStepForm, { middleName: '', suffix: '' })).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      dob: 'Required',
      propertyUuid: 'Required',
      softCreditConsent: 'Required',
    });
    expect(fieldErrors(ZProfileStepForm, { ...PROFILE, firstName: '   ', softCreditConsent: false })).toEqual(
      {
        firstName: 'Required',
        softCreditConsent: 'Required',
      },
    );
  });

  it('checks the birthdate: a real date, an adult', () => {
    expect(fieldErrors(ZProfileStepForm, { ...PROFILE, dob: '02/30/1980' })).toEqual({
      dob: 'Please enter a valid date (MM/DD/YYYY)',
    });
    const thisYear = new Date().getUTCFullYear();
    expect(fieldErrors(ZProfileStepForm, { ...PROFILE, dob: `01/01/${thisYear - 10}` })).toEqual({
      dob: 'You must be at least 18 years old',
    });
  });
});

describe('SSN and PIN', () => {
  it.each([
    ['123-45-6789', true],
    ['123456789', true],
    ['12345678', false],
    ['123-45-678a', false],
  ])('SSN %s valid: %s', (ssn, valid) => {
    expect(ZSsnForm.safeParse({ ssn }).success).toBe(valid);
  });
  it('SSN and PIN messages', () => {
    expect(fieldErrors(ZSsnForm, { ssn: '' })).toEqual({ ssn: 'Required' });
    expect(fieldErrors(ZSsnForm, { ssn: '1234' })).toEqual({
      ssn: 'Enter your 9-digit Social Security number',
    });
    expect(fieldErrors(ZCreditPinForm, { pin: '12345' })).toEqual({ pin: 'Enter the 4-digit PIN' });
    expect(ZCreditPinForm.parse({ pin: '1234' })).toEqual({ pin: '1234' });
  });
});

describe('offerChoiceForm', () => {
  const form = offerChoiceForm({ minCents: 15_000_00, maxCents: 302_500_00 });
  it('answers cents within the limits, both ends included', () => {
    expect(form.parse({ offerUuid: 'o', amount: '$15,000' }).amount).toBe(15_000_00);
    expect(form.parse({ offerUuid: 'o', amount: '302,500.00' }).amount).toBe(302_500_00);
  });
  it.each(['14,999.99', '302,500.01', '400,000', 'ten', '-5'])('refuses %s with the range', (amount) => {
    expect(fieldErrors(form, { offerUuid: 'o', amount })).toEqual({
      amount: 'Enter an amount from $15,000 to $302,500',
    });
  });
  it('requires an offer and an amount', () => {
    expect(fieldErrors(form, { offerUuid: '', amount: '' })).toEqual({
      offerUuid: 'Required',
      amount: 'Required',
    });
  });
});

describe('lienReviewForm', () => {
  const liens = [
    { uuid: 'a', correcting: false, balance: '' },
    { uuid: 'b', correcting: true, balance: '120,000.50' },
  ];
  it('sends only the corrected balances, in cents', () => {
    expect(lienReviewForm({ attestNeeded: false }).parse({ liens, inquiryAttestation: false })).toEqual({
      corrections: [{ uuid: 'b', balanceCents: 120_000_50 }],
    });
  });
  it('requires the corrected balance and a dollar amount', () => {
    const form = lienReviewForm({ attestNeeded: false });
    expect(fieldErrors(form, { liens: [{ uuid: 'b', correcting: true, balance: ' ' }] })).toEqual({
      'liens.0.balance': 'Required',
    });
    expect(fieldErrors(form, { liens: [{ uuid: 'b', correcting: true, balance: 'lots' }] })).toEqual({
      'liens.0.balance': 'Enter the balance in dollars, e.g. 245,000',
    });
  });
  it('requires the inquiry attestation only when the status asks for it', () => {
    expect(
      fieldErrors(lienReviewForm({ attestNeeded: true }), { liens: [], inquiryAttestation: false }),
    ).toEqual({
      inquiryAttestation: 'Required',
    });
    expect(lienReviewForm({ attestNeeded: true }).parse({ liens: [], inquiryAttestation: true })).toEqual({
      corrections: [],
      inquiryAttestation: true,
    });
  });
});

describe('offerFigures', () => {
  it('is the fee, the amortised payment and the Regulation Z APR of the amount', () => {
    const terms = { rateBps: 950, originationFeeBps: 200, termYears: 10 };
    const feeCents = originationFeeCents(100_000_00, 200);
    expect(offerFigures(100_000_00, terms)).toEqual({
      feeCents,
      monthlyPaymentCents: monthlyPaymentCents(100_000_00, 950, 10),
      aprBps: aprBps({ amountCents: 100_000_00, feeCents, rateBps: 950, termYears: 10 }),
    });
    expect(feeCents).toBe(2_000_00);
    // The fee makes the APR higher than the note rate.
    expect(offerFigures(100_000_00, terms).aprBps).toBeGreaterThan(950);
    expect(offerFigures(100_000_00, { ...terms, originationFeeBps: 0 }).aprBps).toBe(950);
  });
});
