/**
 * Snapshot builders for tests of the machine, the routing and anything that consumes them: a
 * consistent application at each stage of the happy path, and a way to vary it. Not exported from the
 * package root (tests import it by path), so it never ships in a bundle.
 */
import type { TClientApplicationState } from '../enums';
import { newApplicationDefaults, type THelocApplication } from '../schemas/application';
import { EMPTY_APPLICATION_STATUS, type TApplicationStatus } from '../schemas/application-status';
import type { TProfile } from '../schemas/profile';
import type { TApplicationSnapshot } from './snapshot';

const APPLICATION_UUID = '11111111-1111-4111-8111-111111111111';
const PROFILE_UUID = '22222222-2222-4222-8222-222222222222';
const PROPERTY_UUID = '33333333-3333-4333-8333-333333333333';
const CREATED = '2026-01-05T15:00:00.000Z';

export const BLANK_APPLICATION: THelocApplication = {
  ...newApplicationDefaults(),
  uuid: APPLICATION_UUID,
  loanNumber: 'HEL-000001',
  // An additional signer by default, so the codeed step is visible on the happy path.
  coDeedStatus: 'PENDING',
  auditFields: { createdDate: CREATED },
};

export const BLANK_PROFILE: TProfile = {
  uuid: PROFILE_UUID,
  name: null,
  dob: null,
  email: 'borrower@heloc.test',
  phoneNumbers: [],
  addresses: [],
  hasSsn: false,
  type: 'BORROWER',
  account: null,
  authorizedWallet: null,
};

export interface TSnapshotChange {
  application?: Partial<THelocApplication>;
  status?: Partial<TApplicationStatus>;
  profile?: Partial<TProfile>;
  statusName?: string;
}

/** A snapshot with the given parts changed (shallow per part). */
export function withChanges(snapshot: TApplicationSnapshot, change: TSnapshotChange): TApplicationSnapshot {
  return {
    application: { ...snapshot.application, ...change.application },
    status: { ...snapshot.status, ...change.status },
    profile:
      snapshot.profile === null && change.profile === undefined
        ? null
        : { ...(snapshot.profile ?? BLANK_PROFILE), ...change.profile },
    statusName: change.statusName ?? snapshot.statusName,
  };
}

export const START_SNAPSHOT: TApplicationSnapshot = {
  application: BLANK_APPLICATION,
  status: EMPTY_APPLICATION_STATUS,
  profile: BLANK_PROFILE,
  // IN_PROGRESS has no routing row, so these snapshots exercise the machine.
  statusName: 'IN_PROGRESS',
};

const HOME_ADDRESS = {
  street1: '1 Main St',
  street2: null,
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
} as const;

/** The happy-path states in flow order and what the server records to move past each one. */
export const HAPPY_PATH: readonly { state: TClientApplicationState; leave: TSnapshotChange }[] = [
  {
    state: 'profile',
    leave: {
      profile: {
        name: { uuid: PROFILE_UUID, firstName: 'Pat', middleName: null, lastName: 'Example', suffix: null },
        dob: '1980-04-02',
        addresses: [{ uuid: PROPERTY_UUID, ...HOME_ADDRESS, ownership: null }],
      },
      application: {
        selectedPropertyUuid: PROPERTY_UUID,
        property: { uuid: PROPERTY_UUID, address: HOME_ADDRESS, state: 'CA' },
        consents: [{ type: 'SOFT_CREDIT' }],
      },
    },
  },
  {
    state: 'liens',
    leave: { status: { liensComplete: true, uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_OFFER' } },
  },
  { state: 'product', leave: { application: { term: 10, rate: 1000, amount: 100_000_00 } } },
  {
    state: 'moreProfile',
    leave: {
      profile: { hasSsn: true, addresses: [{ uuid: PROPERTY_UUID, ...HOME_ADDRESS, ownership: 'SOLE' }] },
      application: { consents: [{ type: 'SOFT_CREDIT' }, { type: 'HARD_CREDIT' }] },
    },
  },
  { state: 'hmda', leave: { application: { hasHmda: true } } },
  { state: 'waitSummary', leave: { status: { disclosurelistSummaryReady: true } } },
  { state: 'appSummary', leave: { status: { disclosurelistSummaryComplete: true } } },
  {
    state: 'incomeReview',
    leave: {
      status: { uwSubDecision: 'VERIFIED_INCOME_MATCHED_OFFER' },
      application: {
        incomeSources: [{ uuid: '44444444-4444-4444-8444-444444444444', employmentType: 'FULL_TIME' }],
      },
    },
  },
  {
    state: 'ach',
    leave: {
      application: {
        disburseAccount: {
          uuid: '55555555-5555-4555-8555-555555555555',
          routingNumber: '121000248',
          mask: '6789',
        },
        payType: 'AUTOPAY',
        autopayAccount: { uuid: '66666666-6666-4666-8666-666666666666' },
      },
    },
  },
  {
    state: 'docVerify',
    leave: {
      application: {
        documents: [{ uuid: '77777777-7777-4777-8777-777777777777', type: 'DRIVERS_LICENSE_FRONT' }],
      },
    },
  },
  { state: 'waitSign', leave: { status: { disclosurelistClosingReady: true } } },
  { state: 'sign', leave: { status: { disclosurelistClosingComplete: true } } },
  { state: 'codeed', leave: { application: { coDeedStatus: 'COMPLETE' } } },
  { state: 'waitNotary', leave: { status: { disclosurelistNotaryReady: true } } },
  {
    state: 'notary',
    leave: { status: { primaryParticipantAcceptComplete: true, disclosurelistNotaryComplete: true } },
  },
  { state: 'insurance', leave: { application: { insurance: { complete: true } } } },
  { state: 'waitFund', leave: { statusName: 'COMPLETE' } },
  { state: 'complete', leave: {} },
];

/** A consistent snapshot whose borrower rests in the given happy-path state. */
export function snapshotAt(
  state: TClientApplicationState,
  change: TSnapshotChange = {},
): TApplicationSnapshot {
  const index = HAPPY_PATH.findIndex((stage) => stage.state === state);
  if (index === -1) throw new Error(`${state} is not on the happy path`);
  const reached = HAPPY_PATH.slice(0, index).reduce(
    (snapshot, stage) => withChanges(snapshot, stage.leave),
    START_SNAPSHOT,
  );
  return withChanges(reached, change);
}
