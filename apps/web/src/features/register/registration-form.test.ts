import { describe, expect, it } from 'vitest';
import { EARNED_INCOME_ZERO_MESSAGE } from '@heloc/domain';
import {
  dollarsToCents,
  emptyValues,
  fieldOfPath,
  firstInvalidField,
  INCOME_FORMAT_MESSAGE,
  resolveStep,
  toRegistrationRequest,
  validateRegistration,
  visibleSteps,
} from './registration-form';
import type { RegisterValues, RegistrationContext } from './registration-form';

const context: RegistrationContext = { licensedStates: ['CA', 'TX'], companyName: 'Acme Lending, LLC' };

function validValues(overrides: Partial<RegisterValues> = {}): RegisterValues {
  return {
    ...emptyValues(),
    'property.street1': '742 Evergreen Terrace',
    'property.city': 'Sacramento',
    'property.state': 'CA',
    'property.zip': '95814',
    saleStatus: 'NOT_SELLING',
    'income.employmentType': 'FULL_TIME',
    'income.annualIncome': '120,000',
    'name.firstName': 'Marge',
    'name.lastName': 'Simpson',
    dob: '03/19/1980',
    email: 'marge@example.test',
    phoneNumber: '(555) 123-4567',
    password: 'Sturdy-pass-42',
    acceptedTerms: true,
    ...overrides,
  };
}

describe('validateRegistration', () => {
  it('finds nothing in a complete form and builds the request body', () => {
    expect(validateRegistration(validValues(), context)).toEqual({});
    expect(
      toRegistrationRequest(validValues(), {
        ...context,
        referrer: '5d1c2b3a-1111-4222-8333-944445555666',
        isCrypto: true,
      }),
    ).toEqual({
      property: { street1: '742 Evergreen Terrace', city: 'Sacramento', state: 'CA', zip: '95814' },
      saleStatus: 'NOT_SELLING',
      income: { employmentType: 'FULL_TIME', annualIncomeCents: 12_000_000 },
      name: { firstName: 'Marge', lastName: 'Simpson' },
      dob: '1980-03-19',
      email: 'marge@example.test',
      phoneNumber: '5551234567',
      password: 'Sturdy-pass-42',
      acceptedTerms: true,
      referrer: '5d1c2b3a-1111-4222-8333-944445555666',
      isCrypto: true,
    });
  });

  it('says "Required" under every empty required field, and nothing under optional ones', () => {
    const errors = validateRegistration(emptyValues(), context);
    for (const field of [
      'property.street1',
      'property.city',
      'property.state',
      'property.zip',
      'saleStatus',
      'income.employmentType',
      'income.annualIncome',
      'name.firstName',
      'name.lastName',
      'dob',
      'email',
      'phoneNumber',
      'password',
      'acceptedTerms',
    ] as const) {
      expect(errors[field], field).toBe('Required');
    }
    expect(errors['property.street2']).toBeUndefined();
    expect(errors['name.middleName']).toBeUndefined();
    expect(errors['name.suffix']).toBeUndefined();
  });

  it.each([
    [{ 'property.zip': '123' }, 'property.zip', 'Enter a 5-digit ZIP code'],
    [{ 'income.annualIncome': 'lots' }, 'income.annualIncome', INCOME_FORMAT_MESSAGE],
    [{ dob: '02/30/1980' }, 'dob', 'Please enter a valid date (MM/DD/YYYY)'],
    [{ dob: '1980-03-19' }, 'dob', 'Please enter a valid date (MM/DD/YYYY)'],
    [{ email: 'marge@' }, 'email', 'Please enter a valid email address'],
    [{ phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ password: 'short' }, 'password', 'Must be at least 10 characters'],
    [
      { password: 'alllowercaseletters' },
      'password',
      'Use at least three of: lowercase letters, uppercase letters, digits, symbols',
    ],
    [
      { password: 'Marge-1234-xyz', email: 'marge@example.test' },
      'password',
      'Must not contain your e-mail name',
    ],
    [{ 'property.state': 'NY' }, 'property.state', "Acme Lending, LLC can't finance homes in New York"],
    [{ 'name.firstName': 'x'.repeat(51) }, 'name.firstName', 'Must be at most 50 characters'],
  ] as const)('%o → %s: %s', (overrides, field, message) => {
    expect(validateRegistration(validValues(overrides), context)[field]).toBe(message);
  });

  it.each(['Full-time', 'Part-time', 'Self-employed'])(
    'refuses $0 from %s work (not from retirement)',
    (label) => {
      const type = { 'Full-time': 'FULL_TIME', 'Part-time': 'PART_TIME', 'Self-employed': 'SELF_EMPLOYED' }[
        label
      ]!;
      expect(
        validateRegistration(
          validValues({ 'income.employmentType': type, 'income.annualIncome': '0' }),
          context,
        )['income.annualIncome'],
      ).toBe(EARNED_INCOME_ZERO_MESSAGE);
      expect(
        validateRegistration(
          validValues({ 'income.employmentType': 'RETIRED', 'income.annualIncome': '0' }),
          context,
        )['income.annualIncome'],
      ).toBeUndefined();
    },
  );

  it('refuses a borrower under 18', () => {
    const year = new Date().getFullYear() - 10;
    expect(validateRegistration(validValues({ dob: `01/01/${year}` }), context).dob).toBe(
      'You must be at least 18 years old',
    );
  });
});

describe('steps', () => {
  it('skips Contact Info for a lead', () => {
    expect(visibleSteps(false)).toEqual(['property', 'income', 'personal', 'contact', 'login']);
    expect(visibleSteps(true)).toEqual(['property', 'income', 'personal', 'login']);
  });

  it('reads the step query value', () => {
    const all = visibleSteps(false);
    expect(resolveStep(null, all)).toBe('property');
    expect(resolveStep('nonsense', all)).toBe('property');
    expect(resolveStep('personal', all)).toBe('personal');
    expect(resolveStep('contact', visibleSteps(true))).toBe('login');
  });

  it('finds the first invalid field in form order among the shown steps', () => {
    expect(firstInvalidField({ dob: 'x', 'property.zip': 'y' }, visibleSteps(false))).toBe('property.zip');
    expect(firstInvalidField({ email: 'x', password: 'y' }, visibleSteps(true))).toBe('password');
    expect(firstInvalidField({}, visibleSteps(false))).toBeNull();
  });
});

describe('fieldOfPath', () => {
  it.each([
    ['body.property.state', 'property.state'],
    ['property.zip', 'property.zip'],
    ['body.income.annualIncomeCents', 'income.annualIncome'],
    ['body.dob', 'dob'],
    ['body.name', 'name.firstName'],
    ['body.referrer', null],
    ['', null],
  ])('%s → %s', (path, field) => {
    expect(fieldOfPath(path)).toBe(field);
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['85,000', 8_500_000],
    ['$85000.5', 8_500_050],
    [' 0 ', 0],
    ['12.345', null],
    ['-5', null],
    ['', null],
  ])('%s → %s', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });
});
