import type { TEmploymentType } from '@heloc/domain';
import { describe, expect, it } from 'vitest';
import { ProviderInputError } from '../shared';
import type { IncomeDocument, LinkRequest } from './index';
import { createSandboxIncome } from './sandbox';

const income = createSandboxIncome();
const applicant = (lastName: string) => ({ firstName: 'Pat', lastName });

async function linkId(lastName: string, institutionId = 'sbx_ins_bank'): Promise<string> {
  const result = await income.link({
    applicant: applicant(lastName),
    institutionId,
    username: 'user_good',
    password: 'pass_good',
  });
  if (result.outcome !== 'LINKED') throw new Error(result.outcome);
  return result.linkId;
}

function doc(
  documentType: IncomeDocument['documentType'],
  n: number,
  contentType = 'application/pdf',
): IncomeDocument {
  return { documentUuid: `doc-${n}`, documentType, contentType, sizeBytes: 1024 };
}

describe('sandbox income: institutions and link', () => {
  it('lists Sandbox Bank and Sandbox Payroll', async () => {
    expect((await income.listInstitutions()).map((each) => each.name)).toEqual([
      'Sandbox Bank',
      'Sandbox Payroll',
    ]);
    expect(await income.listInstitutions('PAYROLL')).toEqual([
      { institutionId: 'sbx_ins_payroll', name: 'Sandbox Payroll', kind: 'PAYROLL' },
    ]);
  });

  it.each<[Omit<LinkRequest, 'applicant'>, string]>([
    [{ institutionId: 'sbx_ins_bank', username: 'user_good', password: 'pass_good' }, 'LINKED'],
    [{ institutionId: 'sbx_ins_payroll', username: 'user_good', password: 'pass_good' }, 'LINKED'],
    [{ institutionId: 'sbx_ins_bank', username: 'user_good', password: 'wrong' }, 'INVALID_CREDENTIALS'],
    [{ institutionId: 'sbx_ins_bank', username: 'user_bad', password: 'pass_good' }, 'INVALID_CREDENTIALS'],
    [{ institutionId: 'sbx_ins_bank', username: 'user_mfa', password: 'pass_good' }, 'MFA_REQUIRED'],
    [
      { institutionId: 'sbx_ins_bank', username: 'user_mfa', password: 'pass_good', mfaCode: '0000' },
      'MFA_INCORRECT',
    ],
    [
      { institutionId: 'sbx_ins_bank', username: 'user_mfa', password: 'pass_good', mfaCode: '1234' },
      'LINKED',
    ],
    [
      { institutionId: 'sbx_ins_payroll', username: 'user_mfa', password: 'pass_good', mfaCode: '1234' },
      'LINKED',
    ],
    [{ institutionId: 'nope', username: 'user_good', password: 'pass_good' }, 'UNKNOWN_INSTITUTION'],
  ])('%j → %s', async (request, outcome) => {
    expect((await income.link({ applicant: applicant('Smith'), ...request })).outcome).toBe(outcome);
  });

  it('link ids are deterministic; accounts carry masks only', async () => {
    expect(await linkId('Smith')).toBe(await linkId('smith '));
    const result = await income.link({
      applicant: applicant('Smith'),
      institutionId: 'sbx_ins_bank',
      username: 'user_good',
      password: 'pass_good',
    });
    if (result.outcome !== 'LINKED') throw new Error(result.outcome);
    for (const account of result.accounts) expect(account.mask).toMatch(/^\d{4}$/);
  });
});

describe('sandbox income: verification', () => {
  it.each<[string, TEmploymentType, string, Record<string, unknown>]>([
    ['Smith', 'FULL_TIME', 'sbx_ins_bank', { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 }],
    ['Smith', 'FULL_TIME', 'sbx_ins_payroll', { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 }],
    ['Highdebt', 'FULL_TIME', 'sbx_ins_bank', { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 }],
    [
      'Paystub',
      'FULL_TIME',
      'sbx_ins_bank',
      {
        outcome: 'PARTIAL',
        verifiedAnnualIncomeCents: 9_000_000,
        manualPaystubUpload: { numDocsRequired: 1 },
      },
    ],
    [
      'Assets',
      'FULL_TIME',
      'sbx_ins_bank',
      { outcome: 'UNVERIFIED', reason: 'NO_RECURRING_INCOME', assetsBalanceCents: 124_000_000 },
    ],
    [
      'Selfemployed',
      'FULL_TIME',
      'sbx_ins_bank',
      {
        outcome: 'DOCUMENTS_REQUIRED',
        reason: 'SELF_EMPLOYED',
        requiredDocuments: [{ documentType: 'TAX_RETURN', count: 2 }],
      },
    ],
    ['Smith', 'SELF_EMPLOYED', 'sbx_ins_bank', { outcome: 'DOCUMENTS_REQUIRED', reason: 'SELF_EMPLOYED' }],
  ])('%s (%s, %s) → %j', async (lastName, employmentType, institutionId, expected) => {
    const result = await income.verifyIncome({
      applicant: applicant(lastName),
      linkId: await linkId(lastName, institutionId),
      employmentType,
    });
    expect(result).toMatchObject(expected);
  });

  it('rejects an unknown link id', async () => {
    await expect(
      income.verifyIncome({
        applicant: applicant('Smith'),
        linkId: 'plaid-123',
        employmentType: 'FULL_TIME',
      }),
    ).rejects.toBeInstanceOf(ProviderInputError);
  });

  it.each<[string, TEmploymentType, string, string]>([
    ['Smith', 'FULL_TIME', 'Acme Corp', 'VERIFIED'],
    ['Smith', 'PART_TIME', 'Acme Corp', 'VERIFIED'],
    ['Smith', 'FULL_TIME', '  ', 'UNABLE_TO_VERIFY'],
    ['Selfemployed', 'FULL_TIME', 'Own Shop LLC', 'NOT_APPLICABLE'],
    ['Smith', 'SELF_EMPLOYED', 'Own Shop LLC', 'NOT_APPLICABLE'],
    ['Smith', 'RETIRED', '', 'NOT_APPLICABLE'],
  ])('employment: %s (%s, %j) → %s', async (lastName, employmentType, employerName, outcome) => {
    expect(
      (await income.verifyEmployment({ applicant: applicant(lastName), employerName, employmentType }))
        .outcome,
    ).toBe(outcome);
  });
});

describe('sandbox income: document upload path', () => {
  it.each<[string, TEmploymentType, IncomeDocument[], Record<string, unknown>]>([
    [
      'Paystub',
      'FULL_TIME',
      [],
      {
        outcome: 'MORE_DOCUMENTS_REQUIRED',
        requiredDocuments: [{ documentType: 'USER_UPLOADED_PAYSTUB', count: 1 }],
      },
    ],
    [
      'Paystub',
      'FULL_TIME',
      [doc('USER_UPLOADED_PAYSTUB', 1, 'text/plain')],
      { outcome: 'MORE_DOCUMENTS_REQUIRED' },
    ],
    [
      'Paystub',
      'FULL_TIME',
      [doc('USER_UPLOADED_PAYSTUB', 1)],
      { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 },
    ],
    [
      'Selfemployed',
      'SELF_EMPLOYED',
      [doc('TAX_RETURN', 1)],
      {
        outcome: 'MORE_DOCUMENTS_REQUIRED',
        requiredDocuments: [{ documentType: 'TAX_RETURN', count: 1 }],
      },
    ],
    [
      'Selfemployed',
      'SELF_EMPLOYED',
      [doc('TAX_RETURN', 1), doc('TAX_RETURN', 2, 'image/png')],
      { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 },
    ],
  ])('%s (%s) with %j → %j', async (lastName, employmentType, documents, expected) => {
    expect(
      await income.reviewDocuments({ applicant: applicant(lastName), employmentType, documents }),
    ).toMatchObject(expected);
  });
});
