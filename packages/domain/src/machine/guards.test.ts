import { describe, expect, it } from 'vitest';
import { CLIENT_GUARDS, type TClientGuardName } from './guards';
import { toClientContext, type TApplicationSnapshot } from './snapshot';
import { snapshotAt, START_SNAPSHOT, withChanges, type TSnapshotChange } from './testing';

type Row = [label: string, snapshot: TApplicationSnapshot, expected: boolean];

const at = snapshotAt;
const change = (snapshot: TApplicationSnapshot, delta: TSnapshotChange) => withChanges(snapshot, delta);
const ID_FRONT = { uuid: '88888888-8888-4888-8888-888888888888', type: 'PASSPORT_FRONT' } as const;

/** One table per guard: each row a snapshot and the expected answer. */
const TABLES: Record<TClientGuardName, Row[]> = {
  hasBasicInfo: [
    ['blank profile', START_SNAPSHOT, false],
    ['name, dob, property and soft-credit consent', at('liens'), true],
    ['no profile', { ...at('liens'), profile: null }, false],
    ['no name', change(at('liens'), { profile: { name: null } }), false],
    ['no dob', change(at('liens'), { profile: { dob: null } }), false],
    ['no selected property', change(at('liens'), { application: { selectedPropertyUuid: null } }), false],
    [
      'only a hard-credit consent',
      change(at('liens'), { application: { consents: [{ type: 'HARD_CREDIT' }] } }),
      false,
    ],
  ],
  areLiensComplete: [
    ['liens open', at('liens'), false],
    ['liens complete', at('product'), true],
  ],
  hasUnderwritingDecision: [
    ['no decision', at('liens'), false],
    ['decision present', at('product'), true],
  ],
  needsInquiryAttestation: [
    ['not needed', at('liens'), false],
    ['needed, not done', change(at('liens'), { status: { inquiryAttestNeeded: true } }), true],
    [
      'needed and done',
      change(at('liens'), { status: { inquiryAttestNeeded: true, inquiryAttestComplete: true } }),
      false,
    ],
  ],
  hasNoTermAndRate: [
    ['nothing chosen', at('product'), true],
    ['offer chosen', at('moreProfile'), false],
    ['rate only', change(at('product'), { application: { rate: 900 } }), false],
  ],
  isVerifiedOfferSubDecision: [
    ['unverified offer', at('product'), false],
    ['verified offer', change(at('product'), { status: { uwSubDecision: 'VERIFIED_OFFER' } }), true],
  ],
  canUnderwrite: [
    ['nothing yet', at('liens'), false],
    ['liens complete', change(at('liens'), { status: { liensComplete: true } }), true],
    ['decision present', change(at('liens'), { status: { uwDecision: 'APPROVED' } }), true],
    [
      'liens complete, attestation needed',
      change(at('liens'), { status: { liensComplete: true, inquiryAttestNeeded: true } }),
      false,
    ],
    [
      'liens complete, attestation done',
      change(at('liens'), {
        status: { liensComplete: true, inquiryAttestNeeded: true, inquiryAttestComplete: true },
      }),
      true,
    ],
    [
      'term and rate 0 with VERIFIED_OFFER',
      change(at('liens'), { status: { uwSubDecision: 'VERIFIED_OFFER' } }),
      true,
    ],
    [
      'VERIFIED_OFFER but an offer is chosen',
      change(at('liens'), {
        status: { uwSubDecision: 'VERIFIED_OFFER' },
        application: { term: 10, rate: 900 },
      }),
      false,
    ],
  ],
  isInUnderwritingReview: [
    ['approved', at('product'), false],
    ['in review', change(at('liens'), { status: { uwDecision: 'REVIEW' } }), true],
  ],
  isCreditNoMatch: [
    ['in progress', at('liens'), false],
    ['CREDIT_NO_MATCH', change(at('liens'), { statusName: 'CREDIT_NO_MATCH' }), true],
    [
      'CREDIT_NO_MATCH_SSN is another outcome',
      change(at('liens'), { statusName: 'CREDIT_NO_MATCH_SSN' }),
      false,
    ],
  ],
  needsAssetDepletion: [
    ['unverified offer', at('product'), false],
    ['DTI limited', change(at('product'), { status: { uwSubDecision: 'UNVERIFIED_DTI_LIMITED' } }), true],
    [
      'DTI limited, assets collected',
      change(at('product'), {
        status: { uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
        application: { assetDepletion: { complete: true } },
      }),
      false,
    ],
  ],
  hasOffer: [
    ['nothing chosen', at('product'), false],
    ['term and amount', at('moreProfile'), true],
    ['term without amount', change(at('product'), { application: { term: 10 } }), false],
    ['amount without term', change(at('product'), { application: { amount: 50_000_00 } }), false],
  ],
  hasMoreInfo: [
    ['ownership, SSN and hard-credit consent missing', at('moreProfile'), false],
    ['all present', at('hmda'), true],
    ['no SSN', change(at('hmda'), { profile: { hasSsn: false } }), false],
    [
      'no hard-credit consent',
      change(at('hmda'), { application: { consents: [{ type: 'SOFT_CREDIT' }] } }),
      false,
    ],
    [
      'ownership on another address only',
      change(at('hmda'), { application: { selectedPropertyUuid: '99999999-9999-4999-8999-999999999999' } }),
      false,
    ],
    ['no profile', { ...at('hmda'), profile: null }, false],
  ],
  hasHmda: [
    ['not given', at('hmda'), false],
    ['given', at('waitSummary'), true],
  ],
  isSummaryReady: [
    ['generating', at('waitSummary'), false],
    ['ready', at('appSummary'), true],
  ],
  isSummaryComplete: [
    ['unsigned', at('appSummary'), false],
    ['signed', at('incomeReview'), true],
  ],
  isIncomeVerified: [
    ['unverified offer', at('incomeReview'), false],
    ['matched offer', at('ach'), true],
    ['final offer', change(at('incomeReview'), { status: { uwSubDecision: 'FINAL_OFFER' } }), true],
    [
      'verified offer is not income verification',
      change(at('incomeReview'), { status: { uwSubDecision: 'VERIFIED_OFFER' } }),
      false,
    ],
  ],
  hasSelfEmployedIncome: [
    ['full time', at('ach'), false],
    [
      'self-employed',
      change(at('incomeReview'), {
        application: { incomeSources: [{ uuid: ID_FRONT.uuid, employmentType: 'SELF_EMPLOYED' }] },
      }),
      true,
    ],
  ],
  isManualPaystubPending: [
    ['not asked', at('incomeReview'), false],
    ['asked', change(at('incomeReview'), { status: { manualPaystubUpload: true } }), true],
    [
      'asked and done',
      change(at('incomeReview'), { status: { manualPaystubUpload: true, manualPaystubTasksComplete: true } }),
      false,
    ],
  ],
  isPartialIncome: [
    ['not asked', at('incomeReview'), false],
    [
      'asked, employed',
      change(at('incomeReview'), {
        status: { manualPaystubUpload: true },
        application: { incomeSources: [{ uuid: ID_FRONT.uuid, employmentType: 'PART_TIME' }] },
      }),
      true,
    ],
    [
      'asked, self-employed',
      change(at('incomeReview'), {
        status: { manualPaystubUpload: true },
        application: { incomeSources: [{ uuid: ID_FRONT.uuid, employmentType: 'SELF_EMPLOYED' }] },
      }),
      false,
    ],
  ],
  needsAdHocDocuments: [
    ['not asked', at('incomeReview'), false],
    [
      'asked, self-employed',
      change(at('incomeReview'), {
        status: { manualPaystubUpload: true },
        application: { incomeSources: [{ uuid: ID_FRONT.uuid, employmentType: 'SELF_EMPLOYED' }] },
      }),
      true,
    ],
    ['asked, employed', change(at('incomeReview'), { status: { manualPaystubUpload: true } }), false],
  ],
  isWaitingForIncome: [
    ['in progress', at('incomeReview'), false],
    ['WAITING_FOR_INCOME', change(at('incomeReview'), { statusName: 'WAITING_FOR_INCOME' }), true],
  ],
  needsAutopay: [
    ['no accounts', at('ach'), false],
    [
      'disbursement account, no autopay',
      change(at('docVerify'), { application: { autopayAccount: null } }),
      true,
    ],
    [
      'manual payments',
      change(at('docVerify'), { application: { autopayAccount: null, payType: 'MANUAL' } }),
      false,
    ],
    ['both accounts', at('docVerify'), false],
  ],
  needsManualAutopay: [
    ['not crypto', at('ach'), false],
    ['crypto, no accounts', change(at('ach'), { application: { isCrypto: true } }), true],
    [
      'crypto, manual payments',
      change(at('ach'), { application: { isCrypto: true, payType: 'MANUAL' } }),
      false,
    ],
  ],
  isDisbursementComplete: [
    ['no accounts', at('ach'), false],
    ['autopay with account', at('docVerify'), true],
    [
      'manual pay',
      change(at('docVerify'), { application: { autopayAccount: null, payType: 'MANUAL' } }),
      true,
    ],
    ['autopay missing', change(at('docVerify'), { application: { autopayAccount: null } }), false],
    ['no pay type yet', change(at('docVerify'), { application: { payType: null } }), false],
    [
      'crypto with autopay',
      change(at('docVerify'), { application: { isCrypto: true, disburseAccount: null } }),
      true,
    ],
  ],
  hasIdFrontDocument: [
    ['none', at('docVerify'), false],
    ["driver's licence front", at('waitSign'), true],
    ['passport front', change(at('docVerify'), { application: { documents: [ID_FRONT] } }), true],
    [
      'a bank statement is no ID',
      change(at('docVerify'), {
        application: { documents: [{ uuid: ID_FRONT.uuid, type: 'BANK_STATEMENT' }] },
      }),
      false,
    ],
  ],
  isTexasProperty: [
    ['California', at('docVerify'), false],
    [
      'Texas',
      change(at('docVerify'), {
        application: {
          property: {
            uuid: ID_FRONT.uuid,
            state: 'TX',
            address: { street1: '1 Elm', city: 'Austin', state: 'TX', zip: '73301' },
          },
        },
      }),
      true,
    ],
  ],
  isBpoNotRequiredOrUnknown: [
    ['no status', at('docVerify'), true],
    ['UNKNOWN', change(at('docVerify'), { status: { bpoStatus: 'UNKNOWN' } }), true],
    ['NOT_REQUIRED', change(at('docVerify'), { status: { bpoStatus: 'NOT_REQUIRED' } }), true],
    ['COMPLETE', change(at('docVerify'), { status: { bpoStatus: 'COMPLETE' } }), true],
    ['ORDER_REQUIRED', change(at('docVerify'), { status: { bpoStatus: 'ORDER_REQUIRED' } }), false],
    ['ORDERED', change(at('docVerify'), { status: { bpoStatus: 'ORDERED' } }), false],
  ],
  isClosingReady: [
    ['generating', at('waitSign'), false],
    ['ready', at('sign'), true],
  ],
  isClosingComplete: [
    ['unsigned', at('sign'), false],
    ['signed', at('codeed'), true],
  ],
  isCoDeedComplete: [
    ['pending', at('codeed'), false],
    ['complete', at('waitNotary'), true],
    ['not required', change(at('codeed'), { application: { coDeedStatus: 'NOT_REQUIRED' } }), true],
  ],
  isNotaryReady: [
    ['generating', at('waitNotary'), false],
    ['ready', at('notary'), true],
  ],
  isPrimaryAcceptComplete: [
    ['not yet', at('notary'), false],
    ['accepted', at('insurance'), true],
  ],
  isManualDeedSigningComplete: [
    ['not yet', at('notary'), false],
    ['signed in person', change(at('notary'), { status: { manualDeedSigningComplete: true } }), true],
  ],
  isNotaryComplete: [
    ['not yet', at('notary'), false],
    ['eNotary accepted', at('insurance'), true],
    ['manual deed signing', change(at('notary'), { status: { manualDeedSigningComplete: true } }), true],
  ],
  isInsuranceComplete: [
    ['not uploaded', at('insurance'), false],
    ['uploaded', at('waitFund'), true],
  ],
  isFundingChecklistWithInsurance: [
    ['no checklist', at('waitFund'), false],
    [
      'rescission with insurance',
      change(at('waitFund'), { status: { checklistStatus: 'RESCISSION' } }),
      true,
    ],
    ['recording with insurance', change(at('waitFund'), { status: { checklistStatus: 'RECORDING' } }), true],
    ['fundable with insurance', change(at('waitFund'), { status: { checklistStatus: 'FUNDABLE' } }), true],
    [
      'rescission docs still generating',
      change(at('waitFund'), { status: { checklistStatus: 'GEN_RESCISSION' } }),
      false,
    ],
    [
      'fundable without insurance',
      change(at('insurance'), { status: { checklistStatus: 'FUNDABLE' } }),
      false,
    ],
  ],
  isFunded: [
    ['waiting', at('waitFund'), false],
    ['COMPLETE', at('complete'), true],
  ],
  isDeclined: [
    ['approved', at('product'), false],
    ['DECLINE decision', change(at('product'), { status: { uwDecision: 'DECLINE' } }), true],
    ['INELIGIBLE decision', change(at('product'), { status: { uwDecision: 'INELIGIBLE' } }), true],
    ['DECLINED status', change(at('product'), { statusName: 'DECLINED' }), true],
    ['inactive (CANCELLED)', change(at('product'), { statusName: 'CANCELLED' }), true],
  ],
  isDtiDeclined: [
    ['no', at('product'), false],
    ['yes', change(at('product'), { status: { dtiDecline: true } }), true],
  ],
  isCreditScoreDeclined: [
    ['no', at('product'), false],
    ['yes', change(at('product'), { status: { creditScoreDecline: true } }), true],
  ],
  isDelinquent: [
    ['no', at('product'), false],
    ['DELINQUENCY_REVIEW', change(at('liens'), { statusName: 'DELINQUENCY_REVIEW' }), true],
  ],
  isCreditLockedOrFrozen: [
    ['no', at('liens'), false],
    ['CREDIT_LOCKED', change(at('liens'), { statusName: 'CREDIT_LOCKED' }), true],
    ['CREDIT_FROZEN', change(at('liens'), { statusName: 'CREDIT_FROZEN' }), true],
    ['CREDIT_FROZEN sub-decision', change(at('liens'), { status: { uwSubDecision: 'CREDIT_FROZEN' } }), true],
    [
      'frozen with a PIN is not an error',
      change(at('liens'), { status: { uwSubDecision: 'CREDIT_FROZEN', creditFrozenWithPin: true } }),
      false,
    ],
  ],
  isIncorrectPin: [
    ['no', at('liens'), false],
    ['frozen with PIN', change(at('liens'), { status: { creditFrozenWithPin: true } }), true],
  ],
  hasNoCredit: [
    ['no', at('liens'), false],
    ['CREDIT_NO_MATCH_SSN', change(at('liens'), { statusName: 'CREDIT_NO_MATCH_SSN' }), true],
  ],
  hasNoPropertyMatch: [
    ['no', at('liens'), false],
    ['NO_PROPERTY', change(at('liens'), { statusName: 'NO_PROPERTY' }), true],
    ['MULTIPLE_PROPERTIES', change(at('liens'), { statusName: 'MULTIPLE_PROPERTIES' }), true],
  ],
  isDatatreeNoMatch: [
    ['no', at('liens'), false],
    ['yes', change(at('liens'), { status: { datatreeNoMatch: true } }), true],
  ],
  isBpoProcessing: [
    ['no', at('docVerify'), false],
    ['BPO status PROCESSING', change(at('docVerify'), { status: { bpoStatus: 'PROCESSING' } }), true],
    ['BPO_PROCESSING status', change(at('docVerify'), { statusName: 'BPO_PROCESSING' }), true],
  ],
  needsEmployerVerification: [
    ['no', at('incomeReview'), false],
    ['yes', change(at('incomeReview'), { status: { employmentVerificationNeeded: true } }), true],
  ],
};

describe.each(Object.entries(TABLES) as [TClientGuardName, Row[]][])('guard %s', (name, rows) => {
  it.each(rows)('%s → %s', (_label, snapshot, expected) => {
    expect(CLIENT_GUARDS[name](toClientContext(snapshot))).toBe(expected);
  });

  it('has a true and a false row', () => {
    expect(new Set(rows.map(([, , expected]) => expected))).toEqual(new Set([true, false]));
  });
});

describe('toClientContext', () => {
  it('keeps no personal data, only what the guards test', () => {
    const snapshot = snapshotAt('complete');
    const serialized = JSON.stringify(toClientContext(snapshot));
    for (const secret of [
      'Pat',
      'Example',
      '1980-04-02',
      'borrower@heloc.test',
      '1 Main St',
      '121000248',
      '6789',
    ]) {
      expect(serialized).not.toContain(secret);
    }
    expect(toClientContext(snapshot).profile).toMatchObject({ hasName: true, hasDob: true, hasSsn: true });
  });
});
