/**
 * The one registry of the borrower's step screens (spec 1 §2): every path under /account/heloc/{uuid}/.
 * The routing table, the client machine's mapping, the web's step routes and its navigation, and the
 * server's notification links all name a screen by these types, so a path that is no screen fails to
 * compile. `:type` is a route parameter: any segment when navigating ('income/upload/paystub').
 */
import { ROUTER_BASE_PATH, SIGNER_BASE_PATH } from '../constants';

export const STEP_ROUTES = [
  // Basic info to the offer choice.
  'start/profile',
  'credit/social',
  'credit/error',
  'review-app/incorrect-pin',
  'review-app/no-credit',
  'review-app/property',
  'review-app/uw',
  'review-app/delinquency',
  'review-app/incorrect-ownership',
  'review-app/datatree',
  'review-app/signdocs',
  'liens',
  'product/select',
  // After the offer choice: more info, HMDA, summary, declines.
  'product/assets',
  'product/prequal-winback',
  'start/contact',
  // Spec 1 §2 names the additional-profile screen without its path; the second half of start/contact.
  'start/additional-profile',
  'start/hmda',
  'start/app-summary',
  'document/disclosures',
  'error/decline',
  'error/credit',
  'error/income',
  'error/timeout',
  // Income verification to funding.
  'income/review',
  'income/link/:type',
  'income/pointserv-callback',
  'income/upload/:type',
  'income/employer-verification',
  'identity',
  'bank/disburse',
  'bank/manual-disburse',
  'bank/confirm',
  'bank/autopay',
  'signing/intro',
  'signing/sign',
  'signing/additional',
  'signing/support',
  'notary/intro',
  'notary/reserve-manual',
  'notary/schedule-manual',
  'notary/session',
  'notary/error',
  'insurance/upload',
  'insurance/requirements',
  'bpo/condition',
  'bpo/order-bpo',
  'bpo/estimate-value',
  'bpo/waiting',
  'bpo/hold',
  'payoff/hold',
  'error/flood-cert',
  'conditions',
  'conditions/upload-document',
  'conditions/phone-number',
  'complete',
] as const;

/** A step route as the router declares it (with its `:type` parameter). */
export type TStepRoute = (typeof STEP_ROUTES)[number];

type Filled<Route extends string> = Route extends `${infer Head}/:${string}` ? `${Head}/${string}` : Route;

/** A step screen to go to: a step route with its parameter filled in. */
export type TStepPath = Filled<TStepRoute>;

/** The app index (/account/heloc/): it sends the borrower on to the dashboard. */
export const APP_INDEX_DESTINATION = '/';

/** Where the routing sends a borrower: a step screen, or the app index. */
export type TDestination = TStepPath | typeof APP_INDEX_DESTINATION;

/** The absolute path of a step screen, for links from outside the app (notifications, e-mails). */
export function applicationStepPath(applicationUuid: string, step: TStepPath): string {
  return `${ROUTER_BASE_PATH}/${applicationUuid}/${step}`;
}

/**
 * The additional signer's screens under /account/heloc/heloc-signer/ (spec 1 §2, §6): the web's signer
 * routes and links, where a signer's progress sends them (signerScreenFor) and the invitation e-mail's link.
 */
export const SIGNER_SCREENS = [
  'resume',
  'login',
  'cancelled',
  'identity',
  'intro',
  'error',
  'sign',
  'documents',
  'conditions',
  'conditions/upload-document',
  'conditions/identity',
] as const;

export type TSignerScreen = (typeof SIGNER_SCREENS)[number];

/** The absolute path of a signer screen, for links from outside the app (the invitation e-mail). */
export function signerScreenPath(screen: TSignerScreen): string {
  return `${ROUTER_BASE_PATH}${SIGNER_BASE_PATH}/${screen}`;
}
