import { describe, expect, it } from 'vitest';
import { CLIENT_APPLICATION_STATES } from '../enums';
import { snapshotAt, withChanges } from '../machine/testing';
import { EMPTY_APPLICATION_STATUS, type TApplicationStatus } from '../schemas/application-status';
import type { TDisburseAccount } from '../schemas/application';
import { CLIENT_STATE_ROUTES } from './client-state-routes';
import { FALLBACK_DESTINATION, resolveDestination } from './resolve-destination';
import { ROUTING_TABLE, routeForStatus, type TRouteInput } from './routing-table';
import { isFinalStatus, isStatusName, isWaitingStatus, STATUS_NAMES } from './status-names';
import {
  applicationStepPath,
  signerScreenPath,
  STEP_ROUTES,
  type TDestination,
  type TSignerScreen,
  type TStepPath,
} from './step-paths';

/** The {uuid} routes of spec 1 §2 ('{type}' is any segment). */
const SPEC_ROUTES = [
  'bank/autopay',
  'bank/confirm',
  'bank/disburse',
  'bank/manual-disburse',
  'credit/social',
  'credit/error',
  'complete',
  'conditions',
  'conditions/upload-document',
  'conditions/phone-number',
  'document/disclosures',
  'error/decline',
  'error/credit',
  'error/income',
  'error/timeout',
  'error/flood-cert',
  'income/review',
  'income/link/{type}',
  'income/pointserv-callback',
  'income/upload/{type}',
  'income/employer-verification',
  'identity',
  'insurance/upload',
  'insurance/requirements',
  'liens',
  'notary/intro',
  'notary/schedule-manual',
  'notary/reserve-manual',
  'notary/session',
  'notary/error',
  'product/assets',
  'product/select',
  'product/prequal-winback',
  'signing/intro',
  'signing/sign',
  'signing/additional',
  'signing/support',
  'start/profile',
  'start/contact',
  'start/hmda',
  'start/app-summary',
  'review-app/incorrect-pin',
  'review-app/no-credit',
  'review-app/property',
  'review-app/uw',
  'review-app/delinquency',
  'review-app/incorrect-ownership',
  'review-app/datatree',
  'review-app/signdocs',
  'payoff/hold',
  'bpo/condition',
  'bpo/hold',
  'bpo/waiting',
  'bpo/estimate-value',
  'bpo/order-bpo',
];
const isSpecRoute = (route: string) =>
  route === '/' ||
  SPEC_ROUTES.some((spec) => new RegExp(`^${spec.replace('{type}', '[a-z-]+')}$`).test(route));

const DISBURSE: TDisburseAccount = {
  uuid: '55555555-5555-4555-8555-555555555555',
  routingNumber: '121000248',
  mask: '6789',
};

function input(
  statusName: string,
  change: Partial<Omit<TRouteInput, 'status'>> & { status?: Partial<TApplicationStatus> } = {},
): TRouteInput {
  return {
    statusName,
    application: change.application ?? { disburseAccount: DISBURSE },
    propertyState: change.propertyState ?? 'CA',
    isCrypto: change.isCrypto ?? false,
    status: { ...EMPTY_APPLICATION_STATUS, ...change.status },
  };
}

/** One row per row of the spec's table, then the conditional branches. */
const TABLE: [string, TRouteInput, string][] = [
  ['credit no match', input('CREDIT_NO_MATCH'), 'credit/social'],
  ['credit no match ssn', input('CREDIT_NO_MATCH_SSN'), 'review-app/no-credit'],
  ['locked', input('CREDIT_LOCKED'), 'credit/error'],
  ['frozen', input('CREDIT_FROZEN'), 'credit/error'],
  ['no property', input('NO_PROPERTY'), 'review-app/property'],
  ['incorrect ownership', input('INCORRECT_OWNERSHIP'), 'review-app/incorrect-ownership'],
  ['multiple properties', input('MULTIPLE_PROPERTIES'), 'review-app/property'],
  ['declined', input('DECLINED'), 'error/decline'],
  ['declined: credit score', input('DECLINED', { status: { creditScoreDecline: true } }), 'error/credit'],
  ['declined: debt-to-income', input('DECLINED', { status: { dtiDecline: true } }), 'error/income'],
  ['collect additional info', input('COLLECT_ADDITIONAL_INFO'), 'start/contact'],
  ['hmda', input('HMDA'), 'start/hmda'],
  ['delinquency review', input('DELINQUENCY_REVIEW'), 'review-app/delinquency'],
  ['closing disclosure', input('CLOSING_DISCLOSURE'), 'review-app/signdocs'],
  [
    'closing disclosure, flood cert wait',
    input('CLOSING_DISCLOSURE', { status: { waitingOnFloodCert: true } }),
    'error/flood-cert',
  ],
  ['flood cert wait status', input('WAITING_FOR_FLOOD_CERT'), 'error/flood-cert'],
  ['note signing', input('NOTE_SIGNING'), 'signing/intro'],
  ['final offer', input('FINAL_OFFER'), 'signing/intro'],
  ['revised offer selection', input('REVISED_OFFER_SELECTION'), 'product/select'],
  ['offer selection', input('OFFER_SELECTION'), 'product/select'],
  ['summary', input('SUMMARY'), 'start/app-summary'],
  ['app submission', input('APP_SUBMISSION'), 'start/app-summary'],
  ['income verification', input('INCOME_VERIFICATION'), 'income/review'],
  ['identity verification', input('IDENTITY_VERIFICATION'), 'identity'],
  ['assets prequal', input('ASSETS_PREQUAL'), 'product/assets'],
  ['CLTV requalify', input('CLTV_REQUALIFY'), 'product/prequal-winback'],
  ['disbursement account', input('DISBURSEMENT_ACCOUNT'), 'bank/disburse'],
  [
    'autopay without routing, not crypto',
    input('AUTOPAY_ACCOUNT', { application: { disburseAccount: null } }),
    'bank/disburse',
  ],
  [
    'autopay without routing, crypto',
    input('AUTOPAY_ACCOUNT', { application: { disburseAccount: null }, isCrypto: true }),
    'bank/autopay',
  ],
  ['autopay', input('AUTOPAY_ACCOUNT'), 'bank/autopay'],
  ['no AVM', input('NO_AVM'), 'bpo/estimate-value'],
  ['estimate value', input('ESTIMATE_VALUE'), 'bpo/estimate-value'],
  ['payoff pending', input('PAYOFF_PENDING'), 'payoff/hold'],
  ['BPO order, Texas', input('BPO_ORDER', { propertyState: 'TX' }), 'bpo/condition'],
  ['BPO order, elsewhere', input('BPO_ORDER'), 'bpo/order-bpo'],
  [
    'BPO order, order required elsewhere',
    input('BPO_ORDER', { status: { bpoStatus: 'ORDER_REQUIRED' } }),
    'bpo/order-bpo',
  ],
  ['BPO order, already ordered', input('BPO_ORDER', { status: { bpoStatus: 'ORDERED' } }), 'bpo/hold'],
  [
    'BPO order, already ordered, Texas',
    input('BPO_ORDER', { propertyState: 'TX', status: { bpoStatus: 'ORDERED' } }),
    'bpo/hold',
  ],
  ['BPO processing', input('BPO_PROCESSING'), 'bpo/hold'],
  ['final title ordered', input('TITLE_FINAL_ORDERED'), 'bpo/hold'],
  ['final title review', input('TITLE_FINAL_REVIEW'), 'bpo/hold'],
  ['rescission', input('RESCISSION'), 'complete'],
  ['recording', input('RECORDING'), 'complete'],
  ['fundable', input('FUNDABLE'), 'complete'],
  ['debt payoff', input('DEBT_PAYOFF'), 'complete'],
  ['funding decision', input('FUNDING_DECISION'), 'complete'],
  ['unknown', input('UNKNOWN'), 'error/timeout'],
  ['credit error', input('CREDIT_ERROR'), 'error/timeout'],
  ['FACTA review', input('FACTA_REVIEW'), 'error/timeout'],
  ['credit minor', input('CREDIT_MINOR'), 'error/timeout'],
  ['polling gave up on note generation', input('GEN_NOTE_SIGNING'), 'error/timeout'],
  ['lien verification', input('LIEN_VERIFICATION'), 'liens'],
  ['co-deed', input('CO_DEED'), 'signing/additional'],
  ['notary disclosure', input('NOTARY_DISCLOSURE'), 'notary/intro'],
  ['attorney review', input('ATTORNEY_REVIEW'), 'notary/intro'],
  ['waiting period', input('NOTARY_WAITING_PERIOD'), 'notary/intro'],
  ['deed signing', input('DEED_SIGNING'), 'notary/intro'],
  ['manual deed signing', input('MANUAL_DEED_SIGNING'), 'notary/reserve-manual'],
  ['employment verification', input('EMPLOYMENT_VERIFICATION'), 'income/employer-verification'],
  ['complete', input('COMPLETE'), '/'],
  ['cancelled', input('CANCELLED'), '/'],
];

describe('routeForStatus', () => {
  it.each(TABLE)('%s', (_row, routeInput, destination) => {
    expect(routeForStatus(routeInput)).toBe(destination);
  });

  it('tests every status of every row, and every row answers only its own destinations', () => {
    const tested = new Set(TABLE.map(([, routeInput]) => routeInput.statusName));
    for (const row of ROUTING_TABLE) {
      for (const status of row.statuses) expect(tested).toContain(status);
    }
    const answered = new Set(TABLE.map(([, , destination]) => destination));
    expect([...new Set(ROUTING_TABLE.flatMap((row) => row.destinations))].sort()).toEqual(
      [...answered].sort(),
    );
  });

  it('leaves unrouted statuses to the client machine', () => {
    for (const status of [
      'IN_PROGRESS',
      'HARD_CREDIT_PULL',
      'TRUST_AND_INSURANCE',
      'TITLE_REVIEW',
      'WAITING_FOR_CREDIT',
      'GEN_CLOSING_DOCS',
      'SOMETHING_NEW',
    ]) {
      expect(routeForStatus(input(status))).toBeNull();
    }
  });

  it('only names routes of spec 1 §2', () => {
    expect(ROUTING_TABLE.flatMap((row) => row.destinations).filter((route) => !isSpecRoute(route))).toEqual(
      [],
    );
    expect(Object.values(CLIENT_STATE_ROUTES).filter((route) => !isSpecRoute(route))).toEqual([]);
  });
});

describe('CLIENT_STATE_ROUTES', () => {
  it('routes every state, with the examples of spec 1 §4', () => {
    expect(Object.keys(CLIENT_STATE_ROUTES).sort()).toEqual([...CLIENT_APPLICATION_STATES].sort());
    expect(CLIENT_STATE_ROUTES).toMatchObject({
      incomeReview: 'income/review',
      insurance: 'insurance/upload',
      waitFund: 'complete',
      dtiDeclined: 'error/income',
      creditScoreDeclined: 'error/credit',
    });
  });
});

describe('resolveDestination', () => {
  it.each([
    ['the table first', withChanges(snapshotAt('incomeReview'), { statusName: 'HMDA' }), 'start/hmda'],
    [
      'the table, Texas from the property',
      withChanges(snapshotAt('docVerify'), {
        statusName: 'BPO_ORDER',
        application: {
          property: {
            uuid: DISBURSE.uuid,
            state: 'TX',
            address: { street1: '1 Elm', city: 'Austin', state: 'TX', zip: '73301' },
          },
        },
      }),
      'bpo/condition',
    ],
    [
      'the table, crypto from the application',
      withChanges(snapshotAt('ach'), { statusName: 'AUTOPAY_ACCOUNT', application: { isCrypto: true } }),
      'bank/autopay',
    ],
    ['then the machine: insurance', snapshotAt('insurance'), 'insurance/upload'],
    ['then the machine: income review', snapshotAt('incomeReview'), 'income/review'],
    ['then the machine: waiting for funds', snapshotAt('waitFund'), 'complete'],
    [
      'then the machine: DTI decline',
      withChanges(snapshotAt('product'), { status: { dtiDecline: true } }),
      'error/income',
    ],
    [
      'then the machine: credit score decline',
      withChanges(snapshotAt('product'), { status: { creditScoreDecline: true } }),
      'error/credit',
    ],
    [
      'then the machine, for a waiting status',
      withChanges(snapshotAt('hmda'), { statusName: 'WAITING_FOR_CREDIT' }),
      'start/hmda',
    ],
    [
      'then the machine, for a status unknown to this build',
      withChanges(snapshotAt('sign'), { statusName: 'SOMETHING_NEW' }),
      'signing/intro',
    ],
    [
      'else /: no profile to place the borrower with',
      { ...snapshotAt('hmda'), profile: null },
      FALLBACK_DESTINATION,
    ],
  ] as const)('%s', (_why, snapshot, destination) => {
    expect(resolveDestination(snapshot)).toBe(destination);
  });

  it('ends at / for a finished application', () => {
    expect(resolveDestination(snapshotAt('complete'))).toBe('/');
    expect(resolveDestination(withChanges(snapshotAt('hmda'), { statusName: 'CANCELLED' }))).toBe('/');
  });
});

describe('status names', () => {
  it('are the application steps, SCREAMING_SNAKE, unique', () => {
    expect(new Set(STATUS_NAMES).size).toBe(STATUS_NAMES.length);
    expect(STATUS_NAMES.every((name) => /^[A-Z][A-Z0-9_]*$/.test(name))).toBe(true);
    expect(isStatusName('OFFER_SELECTION')).toBe(true);
    expect(isStatusName('offer_selection')).toBe(false);
  });

  it.each([
    ['WAITING_FOR_CREDIT', true, false],
    ['GEN_NOTE_SIGNING', true, false],
    ['OFFER_SELECTION', false, false],
    ['COMPLETE', false, true],
    ['CANCELLED', false, true],
    ['DECLINED', false, true],
    ['SOMETHING_NEW', false, false],
  ])('%s: waiting %s, final %s', (name, waiting, final) => {
    expect(isWaitingStatus(name)).toBe(waiting);
    expect(isFinalStatus(name)).toBe(final);
  });
});

describe('the step path registry', () => {
  it('holds the {uuid} routes of spec 1 §2, and the additional-profile screen the spec names without a path', () => {
    expect([...STEP_ROUTES].sort()).toEqual(
      [...SPEC_ROUTES.map((route) => route.replace('{type}', ':type')), 'start/additional-profile'].sort(),
    );
    expect(new Set(STEP_ROUTES).size).toBe(STEP_ROUTES.length);
  });

  it('has every destination of the routing table and the client machine', () => {
    const registered = (destination: string) =>
      destination === '/' ||
      STEP_ROUTES.some((route) => new RegExp(`^${route.replace(':type', '[a-z-]+')}$`).test(destination));
    const destinations = [
      ...ROUTING_TABLE.flatMap((row) => row.destinations),
      ...Object.values(CLIENT_STATE_ROUTES),
    ];
    expect(destinations.filter((destination) => !registered(destination))).toEqual([]);
  });

  it('builds the absolute path of a step for links from outside the app', () => {
    expect(applicationStepPath('11111111-1111-4111-8111-111111111111', 'conditions')).toBe(
      '/account/heloc/11111111-1111-4111-8111-111111111111/conditions',
    );
  });

  it('builds the absolute path of a signer screen (the invitation link)', () => {
    expect(signerScreenPath('resume')).toBe('/account/heloc/heloc-signer/resume');
    // @ts-expect-error a borrower step is no signer screen
    const wrong: TSignerScreen = 'income/review';
    expect(wrong).toBe('income/review');
  });

  it('makes a path that is no screen a compile error (tsc checks the expectations below)', () => {
    const good: TStepPath[] = ['income/review', 'income/upload/paystub', 'conditions/phone-number'];
    // @ts-expect-error a misspelt screen is no step path
    const misspelt: TStepPath = 'income/reveiw';
    // @ts-expect-error a section without its screen is no step path
    const section: TStepPath = 'income';
    // @ts-expect-error the app index is a destination, never a screen to go to
    const index: TStepPath = '/';
    const destination: TDestination = '/';
    expect([...good, misspelt, section, index, destination]).toHaveLength(7);
  });
});
