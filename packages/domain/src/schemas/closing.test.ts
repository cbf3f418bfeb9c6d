import { describe, expect, it } from 'vitest';
import {
  UPLOAD_MAX_BYTES,
  uploadProblem,
  uploadTypeNames,
  incomeUploadTypeOf,
  INCOME_UPLOAD_DOCUMENT_TYPES,
  INCOME_UPLOAD_TYPES,
  ZBankAccountForm,
  ZEmployerForm,
  ZEstimateValueForm,
} from './closing';

describe('uploadTypeNames', () => {
  it('names the accepted types the way the screens and the server errors both say them', () => {
    expect(uploadTypeNames(['application/pdf', 'image/jpeg', 'image/png'])).toBe('PDF, JPEG, PNG');
    expect(uploadTypeNames(['image/jpeg', 'image/png'])).toBe('JPEG, PNG');
    expect(uploadTypeNames(['text/csv'])).toBe('text/csv');
  });
});

describe('uploadProblem', () => {
  it.each([
    [{ size: 10, type: 'application/pdf' }, null],
    [{ size: UPLOAD_MAX_BYTES, type: 'image/png' }, null],
    [{ size: UPLOAD_MAX_BYTES + 1, type: 'image/png' }, 'File too large'],
    [{ size: 10, type: 'text/plain' }, 'Type not supported'],
    [{ size: 10, type: '' }, 'Type not supported'],
  ])('%o → %s', (file, problem) => {
    expect(uploadProblem(file, ['application/pdf', 'image/jpeg', 'image/png'])).toBe(problem);
  });
});

describe('ZBankAccountForm', () => {
  const base = { accountNumber: '12345678', confirmAccountNumber: '12345678', accountType: 'CHECKING' };
  it.each([
    ['021000021', true],
    ['021 000 021', true],
    ['021000022', false],
    ['000000000', false],
    ['12345678', false],
  ])('routing %s valid: %s', (routingNumber, valid) => {
    expect(ZBankAccountForm.safeParse({ ...base, routingNumber }).success).toBe(valid);
  });
  it('needs the account number twice, the same', () => {
    const result = ZBankAccountForm.safeParse({
      ...base,
      routingNumber: '021000021',
      confirmAccountNumber: '1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirmAccountNumber']);
  });
});

describe('ZEmployerForm and ZEstimateValueForm', () => {
  it('turns a blank phone into null and dollars into cents', () => {
    expect(ZEmployerForm.parse({ employerName: ' Acme ', employerPhone: '' })).toEqual({
      employerName: 'Acme',
      employerPhone: null,
    });
    expect(ZEstimateValueForm.parse({ estimatedValue: '$450,000' })).toEqual({ estimatedValue: 450_000_00 });
    expect(ZEstimateValueForm.safeParse({ estimatedValue: '49,999.99' }).success).toBe(false);
  });
});

describe('income upload types', () => {
  it('map each upload path to its document type and back', () => {
    for (const type of INCOME_UPLOAD_TYPES) {
      expect(incomeUploadTypeOf(INCOME_UPLOAD_DOCUMENT_TYPES[type])).toBe(type);
    }
    expect(incomeUploadTypeOf('TAX_RETURN')).toBe('tax-return');
    expect(incomeUploadTypeOf('DRIVERS_LICENSE_FRONT')).toBeUndefined();
  });
});
