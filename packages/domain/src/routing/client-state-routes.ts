/**
 * Where each state of the client application machine is shown: the second step of the fallback chain
 * (spec 1 §4: unmapped statuses fall back to the client machine's mapping, then to '/'). The spec
 * gives five (incomeReview, insurance, waitFund, dtiDeclined, creditScoreDeclined); the others are
 * chosen from the route list of spec 1 §2 by the screen that does the state's work, and agree with the
 * routing table wherever a status and a state mean the same thing.
 */
import type { TClientApplicationState } from '../enums';
import type { TDestination } from './step-paths';

export const CLIENT_STATE_ROUTES: Readonly<Record<TClientApplicationState, TDestination>> = {
  profile: 'start/profile',
  // Soft pull found no file: ask for the SSN (as status CREDIT_NO_MATCH).
  ssnCredit: 'credit/social',
  errorCredit: 'credit/error',
  incorrectPin: 'review-app/incorrect-pin',
  noCredit: 'review-app/no-credit',
  noProperty: 'review-app/property',
  datatreeError: 'review-app/datatree',
  uwReview: 'review-app/uw',
  assetDepletion: 'product/assets',
  liens: 'liens',
  // The inquiry attestation is part of the liens screen.
  lienAttestation: 'liens',
  product: 'product/select',
  // "Provide More Info": ownership, SSN and the hard-pull consent (as status COLLECT_ADDITIONAL_INFO).
  moreProfile: 'start/contact',
  hmda: 'start/hmda',
  // The summary screen shows its own wait while the summary package is generated.
  waitSummary: 'start/app-summary',
  appSummary: 'start/app-summary',
  incomeReview: 'income/review',
  // Waiting on the income provider after linking: the review screen shows the pending link.
  waitMerchant: 'income/review',
  manualPaystubUpload: 'income/upload/paystub',
  // Ad hoc document requests are conditions; the conditions dashboard lists and uploads them.
  documents: 'conditions',
  emplVerify: 'income/employer-verification',
  ach: 'bank/disburse',
  autopay: 'bank/autopay',
  manualAutopay: 'bank/autopay',
  docVerify: 'identity',
  // Only Texas escalates to bpo (the Texas branch of the BPO order row).
  bpo: 'bpo/condition',
  bpoProcessing: 'bpo/hold',
  // Closing documents are being generated (as status CLOSING_DISCLOSURE).
  waitSign: 'review-app/signdocs',
  sign: 'signing/intro',
  codeed: 'signing/additional',
  // The notary intro leads to the eNotary session or the manual scheduling, and waits for the package.
  waitNotary: 'notary/intro',
  notary: 'notary/intro',
  insurance: 'insurance/upload',
  waitFund: 'complete',
  complete: 'complete',
  declined: 'error/decline',
  dtiDeclined: 'error/income',
  creditScoreDeclined: 'error/credit',
  delinquency: 'review-app/delinquency',
};
