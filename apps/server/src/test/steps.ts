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
/** The sandbox's happy-path home, and its Texas one (valuation order, 80% CLTV cap). */
export const STEP_HOMES = {
  CA: { street1: '12 Oak Street', street2: null, city: 'Fresno', state: 'CA', zip: '93701' },
  TX: { street1: '400 Congress Avenue', street2: null, city: 'Austin', state: 'TX', zip: '78701' },
} as const;
type Home = keyof typeof STEP_HOMES;

/** A new application with its home chosen and the soft-credit consent given; override what a step adds. */
export function stepApplication(
  overrides: Partial<THelocApplication> = {},
  home: Home = 'CA',
): THelocApplication {
  return {
    ...newApplicationDefaults(),
    uuid: '11111111-1111-4111-8111-111111111111',
    loanNumber: '1000000001',
    selectedPropertyUuid: PROPERTY_UUID,
    property: { uuid: PROPERTY_UUID, address: STEP_HOMES[home], state: home },
    consents: [{ type: 'SOFT_CREDIT' }],
    auditFields: { createdDate: '2026-01-05T17:00:00.000Z' },
    ...overrides,
  };
}

/** The borrower who owns that home; `ownership` is how title is held (null until asked). */
export function stepProfile({
  ownership = null,
  hasSsn = false,
  home = 'CA',
}: {
  ownership?: TProfile['addresses'][number]['ownership'];
  hasSsn?: boolean;
  home?: Home;
} = {}): TProfile {
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
    addresses: [{ uuid: PROPERTY_UUID, ...STEP_HOMES[home], ownership }],
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
