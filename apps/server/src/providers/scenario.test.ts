/**
 * The scenario table end to end: for every last name of DESIGN.md §7, the provider that decides it
 * answers as the table says, through the `createSandboxProviders` factory the workflow will use.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { createSandboxProviders, type Providers } from './index';
import { dtiWithAssetsBps } from '@heloc/domain';
import { SANDBOX_SCENARIOS, SANDBOX_VALUES, scenarioForLastName, type SandboxScenario } from './scenario';
import { ProviderTimeoutError, type PropertyAddress } from './shared';

const address: PropertyAddress = { street1: '1 Main St', city: 'Sacramento', state: 'CA', zip: '95814' };
const clock = new ManualClock('2026-03-02T18:00:00.000Z');
const providers = createSandboxProviders({ clock, creditTimeoutDelayMs: 1, sleep: async () => {} });

describe('scenarioForLastName', () => {
  it.each<[string | null | undefined, SandboxScenario]>([
    ['Nomatch', 'NOMATCH'],
    ['  PINFROZEN ', 'PINFROZEN'],
    ['selfEmployed', 'SELFEMPLOYED'],
    ['Smith', 'HAPPY'],
    ['Nomatchy', 'HAPPY'],
    ['toString', 'HAPPY'],
    ['', 'HAPPY'],
    [null, 'HAPPY'],
    [undefined, 'HAPPY'],
  ])('%j → %s', (lastName, scenario) => expect(scenarioForLastName(lastName)).toBe(scenario));

  it('every scenario but HAPPY has exactly one last name, spelled as its scenario', () => {
    for (const scenario of SANDBOX_SCENARIOS.filter((each) => each !== 'HAPPY')) {
      expect(scenarioForLastName(scenario.charAt(0) + scenario.slice(1).toLowerCase())).toBe(scenario);
    }
  });
});

async function softPull(p: Providers, lastName: string, extra: { ssn?: string; freezePin?: string } = {}) {
  return p.creditBureau.pull({
    kind: 'SOFT',
    applicant: { firstName: 'Pat', lastName },
    address,
    consentedAt: clock.now(),
    ...extra,
  });
}

async function verifiedIncome(lastName: string) {
  const link = await providers.income.link({
    applicant: { firstName: 'Pat', lastName },
    institutionId: 'sbx_ins_bank',
    username: 'user_good',
    password: 'pass_good',
  });
  if (link.outcome !== 'LINKED') throw new Error(link.outcome);
  return providers.income.verifyIncome({
    applicant: { firstName: 'Pat', lastName },
    linkId: link.linkId,
    employmentType: 'FULL_TIME',
  });
}

const applicant = (lastName: string) => ({ firstName: 'Pat', lastName });
const subject = (lastName: string) => ({ applicant: applicant(lastName), propertyId: 'sbx_prop_1', address });

describe('DESIGN.md §7, row by row', () => {
  it.each<[string, () => Promise<unknown>, unknown]>([
    [
      'Smith (happy): FICO 760',
      () => softPull(providers, 'Smith'),
      { outcome: 'REPORT', score: SANDBOX_VALUES.ficoScore },
    ],
    [
      'Smith (happy): AVM $650,000 GOOD',
      () => providers.valuation.automatedValue(subject('Smith')),
      { valueCents: 65_000_000, condition: 'GOOD' },
    ],
    [
      'Smith (happy): one $250,000 lien',
      () => providers.propertyData.findProperties({ applicant: applicant('Smith'), address }),
      { outcome: 'FOUND', property: { existingLiensCents: 25_000_000 } },
    ],
    [
      'Smith (happy): income $150,000',
      () => verifiedIncome('Smith'),
      { outcome: 'VERIFIED', annualIncomeCents: 15_000_000 },
    ],
    [
      'Smith (happy): no flood zone',
      () => providers.flood.determine({ ...subject('Smith') }),
      { outcome: 'DETERMINED', insuranceRequired: false },
    ],
    ['Nomatch', () => softPull(providers, 'Nomatch'), { outcome: 'NO_MATCH' }],
    [
      'Nomatch + SSN …0000',
      () => softPull(providers, 'Nomatch', { ssn: '123450000' }),
      { outcome: 'NO_SCORE' },
    ],
    [
      'Nomatch + other SSN',
      () => softPull(providers, 'Nomatch', { ssn: '123451234' }),
      { outcome: 'REPORT' },
    ],
    ['Frozen', () => softPull(providers, 'Frozen'), { outcome: 'FROZEN' }],
    [
      'Pinfrozen',
      () => softPull(providers, 'Pinfrozen'),
      { outcome: 'FROZEN_PIN_REQUIRED', pinRejected: false },
    ],
    [
      'Pinfrozen + 1234',
      () => softPull(providers, 'Pinfrozen', { freezePin: '1234' }),
      { outcome: 'REPORT' },
    ],
    [
      'Pinfrozen + 4321',
      () => softPull(providers, 'Pinfrozen', { freezePin: '4321' }),
      { outcome: 'FROZEN_PIN_REQUIRED', pinRejected: true },
    ],
    ['Thinfile', () => softPull(providers, 'Thinfile'), { outcome: 'NO_SCORE' }],
    ['Lowscore', () => softPull(providers, 'Lowscore'), { outcome: 'REPORT', score: 580 }],
    [
      'Highdebt',
      () => softPull(providers, 'Highdebt'),
      { outcome: 'REPORT', monthlyDebtCents: SANDBOX_VALUES.highDebtMonthlyDebtCents },
    ],
    ['Delinquent', () => softPull(providers, 'Delinquent'), { outcome: 'REPORT', mortgageDelinquency: true }],
    [
      'Noproperty',
      () => providers.propertyData.findProperties({ applicant: applicant('Noproperty'), address }),
      { outcome: 'NOT_FOUND' },
    ],
    [
      'Manyproperty',
      () => providers.propertyData.findProperties({ applicant: applicant('Manyproperty'), address }),
      { outcome: 'MULTIPLE' },
    ],
    [
      'Notowner',
      () => providers.propertyData.findProperties({ applicant: applicant('Notowner'), address }),
      { outcome: 'FOUND', property: { applicantIsOwner: false } },
    ],
    [
      'Nodatatree',
      () => providers.propertyData.findProperties({ applicant: applicant('Nodatatree'), address }),
      { outcome: 'DATATREE_NO_MATCH' },
    ],
    [
      'Secondlien: a $40,000 home equity line in second position behind the $250,000 mortgage',
      () => providers.propertyData.findProperties({ applicant: applicant('Secondlien'), address }),
      {
        outcome: 'FOUND',
        property: {
          existingLiensCents: 29_000_000,
          liens: [
            expect.objectContaining({ position: 1, type: 'MORTGAGE', balanceCents: 25_000_000 }),
            expect.objectContaining({ position: 2, type: 'HELOC', balanceCents: 4_000_000 }),
          ],
        },
      },
    ],
    [
      'Noavm',
      () => providers.valuation.automatedValue(subject('Noavm')),
      { outcome: 'NO_VALUE', valuationFeeCents: 18_000 },
    ],
    [
      'Poorcondition',
      () => providers.valuation.automatedValue(subject('Poorcondition')),
      { outcome: 'VALUE', condition: 'POOR' },
    ],
    ['Assets', () => verifiedIncome('Assets'), { outcome: 'UNVERIFIED' }],
    [
      'Paystub',
      () => verifiedIncome('Paystub'),
      { outcome: 'PARTIAL', manualPaystubUpload: { numDocsRequired: 1 } },
    ],
    [
      'Selfemployed',
      () => verifiedIncome('Selfemployed'),
      { outcome: 'DOCUMENTS_REQUIRED', reason: 'SELF_EMPLOYED' },
    ],
    [
      'Flood',
      () => providers.flood.determine({ ...subject('Flood'), firstRequestedAt: clock.now() }),
      { outcome: 'PENDING' },
    ],
    [
      'Declined',
      () => softPull(providers, 'Declined'),
      { outcome: 'REPORT', declineIndicators: ['BANKRUPTCY'] },
    ],
    [
      'Texas: BPO required, AVM still answers',
      () => providers.valuation.automatedValue({ ...subject('Smith'), address: { ...address, state: 'TX' } }),
      { outcome: 'VALUE', valueCents: 65_000_000, bpoRequired: true },
    ],
    [
      'New York: property found',
      () =>
        providers.propertyData.findProperties({
          applicant: applicant('Smith'),
          address: { ...address, state: 'NY', city: 'Buffalo', zip: '14202' },
        }),
      { outcome: 'FOUND' },
    ],
  ])('%s', async (_, call, expected) => {
    expect(await call()).toMatchObject(expected as Record<string, unknown>);
  });

  it('Timeout: the bureau rejects with a timeout error', async () => {
    await expect(softPull(providers, 'Timeout')).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('Highdebt DTI is 62% with the sandbox income', () => {
    expect(
      dtiWithAssetsBps({
        monthlyDebtCents: SANDBOX_VALUES.highDebtMonthlyDebtCents,
        statedAnnualIncomeCents: SANDBOX_VALUES.annualIncomeCents,
      }),
    ).toBe(SANDBOX_VALUES.highDebtDtiBps);
  });

  it('the factory exposes all twelve providers', () => {
    expect(Object.keys(createSandboxProviders()).sort()).toEqual([
      'bankAccount',
      'creditBureau',
      'eSignature',
      'flood',
      'funding',
      'identityDocument',
      'income',
      'notary',
      'propertyData',
      'recording',
      'title',
      'valuation',
    ]);
  });
});
