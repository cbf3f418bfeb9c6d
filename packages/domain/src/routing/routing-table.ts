/**
 * The routing table of spec 1 §4 ("Routing from the authoritative server status"), as data: each row
 * names the spec's status column word for word, the status names it covers and the destinations it can answer.
 * Destinations are step paths relative to /account/heloc/{uuid}/ (the registry: step-paths.ts), except
 * '/' (the app index) for complete and cancelled applications. Rows are tried in order; a row whose condition does not hold answers
 * null and the next row is tried (AUTOPAY_ACCOUNT is in two rows).
 */
import type { TBpoStatus } from '../enums';
import type { THelocApplication } from '../schemas/application';
import type { TApplicationStatus } from '../schemas/application-status';
import type { TStatusName } from './status-names';
import type { TDestination } from './step-paths';

export interface TRouteInput {
  statusName: string;
  status: TApplicationStatus;
  application: Pick<THelocApplication, 'disburseAccount'>;
  /** USPS code of the property's state, null when unknown. */
  propertyState: string | null;
  isCrypto: boolean;
}

export interface TRoutingRow {
  /** The spec's wording of the row. */
  row: string;
  statuses: readonly TStatusName[];
  /** Every destination the row can answer. */
  destinations: readonly TDestination[];
  route: (input: TRouteInput) => TDestination | null;
}

/** The valuation has been ordered (or is past that): the borrower waits instead of ordering. */
const BPO_ORDER_PLACED: readonly TBpoStatus[] = ['ORDERED', 'PROCESSING', 'COMPLETE'];

const fixed = (destination: TDestination) => () => destination;

export const ROUTING_TABLE: readonly TRoutingRow[] = [
  {
    row: 'credit no match',
    statuses: ['CREDIT_NO_MATCH'],
    destinations: ['credit/social'],
    route: fixed('credit/social'),
  },
  {
    row: 'credit no match ssn',
    statuses: ['CREDIT_NO_MATCH_SSN'],
    destinations: ['review-app/no-credit'],
    route: fixed('review-app/no-credit'),
  },
  {
    row: 'locked or frozen',
    statuses: ['CREDIT_LOCKED', 'CREDIT_FROZEN'],
    destinations: ['credit/error'],
    route: fixed('credit/error'),
  },
  {
    row: 'no or multiple properties',
    statuses: ['NO_PROPERTY', 'MULTIPLE_PROPERTIES'],
    destinations: ['review-app/property'],
    route: fixed('review-app/property'),
  },
  {
    // Not a row of spec 1 §4's table: the incorrect-ownership screen of spec 1 §2 needs a status,
    // and no flag or client state names it.
    row: 'incorrect ownership',
    statuses: ['INCORRECT_OWNERSHIP'],
    destinations: ['review-app/incorrect-ownership'],
    route: fixed('review-app/incorrect-ownership'),
  },
  {
    row: 'declined',
    statuses: ['DECLINED'],
    destinations: ['error/decline', 'error/credit', 'error/income'],
    // The spec's decline variants (spec 1 §2) ride on the same status: a credit-score or DTI decline
    // shows its own screen (DESIGN.md §7 Lowscore → error/credit, Highdebt → error/income).
    route: ({ status }) =>
      status.creditScoreDecline ? 'error/credit' : status.dtiDecline ? 'error/income' : 'error/decline',
  },
  {
    row: 'collect additional info',
    statuses: ['COLLECT_ADDITIONAL_INFO'],
    destinations: ['start/contact'],
    route: fixed('start/contact'),
  },
  { row: 'hmda', statuses: ['HMDA'], destinations: ['start/hmda'], route: fixed('start/hmda') },
  {
    row: 'delinquency review',
    statuses: ['DELINQUENCY_REVIEW'],
    destinations: ['review-app/delinquency'],
    route: fixed('review-app/delinquency'),
  },
  {
    // The flood certificate wait may also be reported as its own waiting status.
    row: 'closing disclosure',
    statuses: ['CLOSING_DISCLOSURE', 'WAITING_FOR_FLOOD_CERT'],
    destinations: ['review-app/signdocs', 'error/flood-cert'],
    route: ({ statusName, status }) =>
      status.waitingOnFloodCert || statusName === 'WAITING_FOR_FLOOD_CERT'
        ? 'error/flood-cert'
        : 'review-app/signdocs',
  },
  {
    row: 'note signing or final offer',
    statuses: ['NOTE_SIGNING', 'FINAL_OFFER'],
    destinations: ['signing/intro'],
    route: fixed('signing/intro'),
  },
  {
    row: 'revised or normal offer selection',
    statuses: ['REVISED_OFFER_SELECTION', 'OFFER_SELECTION'],
    destinations: ['product/select'],
    route: fixed('product/select'),
  },
  {
    row: 'summary or app submission',
    statuses: ['SUMMARY', 'APP_SUBMISSION'],
    destinations: ['start/app-summary'],
    route: fixed('start/app-summary'),
  },
  {
    row: 'income verification',
    statuses: ['INCOME_VERIFICATION'],
    destinations: ['income/review'],
    route: fixed('income/review'),
  },
  {
    row: 'identity verification',
    statuses: ['IDENTITY_VERIFICATION'],
    destinations: ['identity'],
    route: fixed('identity'),
  },
  {
    row: 'assets prequal',
    statuses: ['ASSETS_PREQUAL'],
    destinations: ['product/assets'],
    route: fixed('product/assets'),
  },
  {
    row: 'CLTV requalify',
    statuses: ['CLTV_REQUALIFY'],
    destinations: ['product/prequal-winback'],
    route: fixed('product/prequal-winback'),
  },
  {
    // Autopay needs the disbursement account first, unless the line is disbursed to a crypto wallet.
    row: 'disbursement account (or autopay without routing and not crypto)',
    statuses: ['DISBURSEMENT_ACCOUNT', 'AUTOPAY_ACCOUNT'],
    destinations: ['bank/disburse'],
    route: ({ statusName, application, isCrypto }) =>
      statusName === 'DISBURSEMENT_ACCOUNT' || (!application.disburseAccount?.routingNumber && !isCrypto)
        ? 'bank/disburse'
        : null,
  },
  {
    row: 'autopay',
    statuses: ['AUTOPAY_ACCOUNT'],
    destinations: ['bank/autopay'],
    route: fixed('bank/autopay'),
  },
  {
    row: 'no AVM or estimate statuses',
    statuses: ['NO_AVM', 'ESTIMATE_VALUE'],
    destinations: ['bpo/estimate-value'],
    route: fixed('bpo/estimate-value'),
  },
  {
    row: 'payoff pending',
    statuses: ['PAYOFF_PENDING'],
    destinations: ['payoff/hold'],
    route: fixed('payoff/hold'),
  },
  {
    // Until the valuation is ordered: Texas asks about the home's condition, elsewhere the borrower
    // orders it; once ordered ("otherwise") the borrower waits.
    row: 'BPO order',
    statuses: ['BPO_ORDER'],
    destinations: ['bpo/condition', 'bpo/order-bpo', 'bpo/hold'],
    route: ({ status, propertyState }) => {
      if (status.bpoStatus !== null && BPO_ORDER_PLACED.includes(status.bpoStatus)) return 'bpo/hold';
      return propertyState === 'TX' ? 'bpo/condition' : 'bpo/order-bpo';
    },
  },
  {
    row: 'BPO processing, final title statuses',
    statuses: ['BPO_PROCESSING', 'TITLE_FINAL_ORDERED', 'TITLE_FINAL_REVIEW'],
    destinations: ['bpo/hold'],
    route: fixed('bpo/hold'),
  },
  {
    row: 'rescission, recording, fundable, debt payoff, funding decision',
    statuses: ['RESCISSION', 'RECORDING', 'FUNDABLE', 'DEBT_PAYOFF', 'FUNDING_DECISION'],
    destinations: ['complete'],
    route: fixed('complete'),
  },
  {
    // GEN_NOTE_SIGNING is what polling answers when it gives up during note generation (spec 1 §4).
    row: 'unknown, credit error, FACTA review, credit minor',
    statuses: ['UNKNOWN', 'CREDIT_ERROR', 'FACTA_REVIEW', 'CREDIT_MINOR', 'GEN_NOTE_SIGNING'],
    destinations: ['error/timeout'],
    route: fixed('error/timeout'),
  },
  {
    row: 'lien verification',
    statuses: ['LIEN_VERIFICATION'],
    destinations: ['liens'],
    route: fixed('liens'),
  },
  {
    row: 'co-deed',
    statuses: ['CO_DEED'],
    destinations: ['signing/additional'],
    route: fixed('signing/additional'),
  },
  {
    row: 'notary disclosure, attorney review, waiting period, deed signing',
    statuses: ['NOTARY_DISCLOSURE', 'ATTORNEY_REVIEW', 'NOTARY_WAITING_PERIOD', 'DEED_SIGNING'],
    destinations: ['notary/intro'],
    route: fixed('notary/intro'),
  },
  {
    row: 'manual deed signing',
    statuses: ['MANUAL_DEED_SIGNING'],
    destinations: ['notary/reserve-manual'],
    route: fixed('notary/reserve-manual'),
  },
  {
    row: 'employment verification',
    statuses: ['EMPLOYMENT_VERIFICATION'],
    destinations: ['income/employer-verification'],
    route: fixed('income/employer-verification'),
  },
  {
    row: 'complete or cancelled',
    statuses: ['COMPLETE', 'CANCELLED'],
    destinations: ['/'],
    route: fixed('/'),
  },
];

/**
 * The destination the routing table gives a status, or null when no row covers it (the caller then
 * falls back to the client machine: resolveDestination).
 */
export function routeForStatus(input: TRouteInput): TDestination | null {
  for (const row of ROUTING_TABLE) {
    if (!(row.statuses as readonly string[]).includes(input.statusName)) continue;
    const destination = row.route(input);
    if (destination !== null) return destination;
  }
  return null;
}
