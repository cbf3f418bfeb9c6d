/**
 * Step-table tests: the application and profile a status is routed with, and the screen the browser
 * lands on for a status through the domain's own routing (routing table, then the client machine).
 * Each segment's test overrides only what its steps have recorded by then.
 */
import {
  EMPTY_APPLICATION_STATUS,
  newApplicationDefaults,
  resolveDestination,
  type TApplicationStatus,
  type THelocApplication,
  type TProfile,
} from '@heloc/domain';

const PROPERTY_UUID = '33333333-3333-4333-8333-333333333333';
const ADDRESS = {
  street1: '12 Oak Street',
  street2: null,
  city: 'Fresno',
  state: 'CA',
  zip: '93701',
} as const;

/** A new application with its home chosen and the soft-credit consent given; override what a step adds. */
export function stepApplication(overrides: Partial<THelocApplication> = {}): THelocApplication {
  return {
    ...newApplicationDefaults(),
    uuid: '11111111-1111-4111-8111-111111111111',
    loanNumber: '1000000001',
    selectedPropertyUuid: PROPERTY_UUID,
    property: { uuid: PROPERTY_UUID, address: ADDRESS, state: 'CA' },
    consents: [{ type: 'SOFT_CREDIT' }],
    auditFields: { createdDate: '2026-01-05T17:00:00.000Z' },
    ...overrides,
  };
}

/** The borrower who owns that home; `ownership` is how title is held (null until asked). */
export function stepProfile({
  ownership = null,
  hasSsn = false,
}: { ownership?: TProfile['addresses'][number]['ownership']; hasSsn?: boolean } = {}): TProfile {
  return {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: {
      uuid: '22222222-2222-4222-8222-222222222222',
      firstName: 'Ann',
      middleName: null,
      lastName: 'Example',
      suffix: null,
    },
    dob: '1980-02-29',
    email: 'ann@example.com',
    phoneNumbers: [],
    addresses: [{ uuid: PROPERTY_UUID, ...ADDRESS, ownership }],
    hasSsn,
    type: 'BORROWER',
    account: null,
    authorizedWallet: null,
  };
}

/** The screen the browser is sent to at `statusName`, with the engine's `flags` set alongside it. */
export function landingScreen(
  statusName: string,
  application: THelocApplication,
  profile: TProfile,
  flags: Partial<TApplicationStatus> = {},
): string {
  return resolveDestination({
    application,
    status: { ...EMPTY_APPLICATION_STATUS, ...flags },
    profile,
    statusName,
  });
}
