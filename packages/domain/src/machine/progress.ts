/**
 * The progress sidebar for a client machine state (spec 1 §4 "Step progress"). The spec names the
 * steps and codes, not which state belongs to which; the machine's flow order decides it:
 * everything before the offer is Basic Info, the offer and asset collection Select Offer, the
 * additional profile through the application summary Provide More Info, income and bank accounts Link
 * Income Sources, the ID upload and the Texas valuation it may trigger Verify Identity, closing
 * documents and co-deed Sign Documents, the notary wait and session the notary step, and insurance,
 * funding and completion COMPLETE (every step done). A declined application is on no step.
 * progress.ts does the same for server steps; both build the list with progressSteps/progressItems.
 */
import type { TClientApplicationState, TProgressCode } from '../enums';
import { progressSteps } from '../enums';
import { progressItems, type TProgressItem } from '../progress';

/** NOTARY stands for ENOTARY or MANUAL_NOTARY, picked by the application's manualNotary flag. */
type TStateProgress = Exclude<TProgressCode, 'ENOTARY' | 'MANUAL_NOTARY'> | 'NOTARY' | null;

export const CLIENT_STATE_PROGRESS: Readonly<Record<TClientApplicationState, TStateProgress>> = {
  profile: 'INITIAL',
  ssnCredit: 'INITIAL',
  errorCredit: 'INITIAL',
  incorrectPin: 'INITIAL',
  noCredit: 'INITIAL',
  noProperty: 'INITIAL',
  datatreeError: 'INITIAL',
  uwReview: 'INITIAL',
  liens: 'INITIAL',
  lienAttestation: 'INITIAL',
  delinquency: 'INITIAL',
  product: 'PRODUCT_SELECT',
  assetDepletion: 'PRODUCT_SELECT',
  moreProfile: 'MORE_INFO',
  hmda: 'MORE_INFO',
  waitSummary: 'MORE_INFO',
  appSummary: 'MORE_INFO',
  incomeReview: 'LINK_INCOME',
  waitMerchant: 'LINK_INCOME',
  manualPaystubUpload: 'LINK_INCOME',
  documents: 'LINK_INCOME',
  emplVerify: 'LINK_INCOME',
  ach: 'LINK_INCOME',
  autopay: 'LINK_INCOME',
  manualAutopay: 'LINK_INCOME',
  docVerify: 'ID_UPLOAD',
  bpo: 'ID_UPLOAD',
  bpoProcessing: 'ID_UPLOAD',
  waitSign: 'SIGNING',
  sign: 'SIGNING',
  codeed: 'SIGNING',
  waitNotary: 'NOTARY',
  notary: 'NOTARY',
  insurance: 'COMPLETE',
  waitFund: 'COMPLETE',
  complete: 'COMPLETE',
  declined: null,
  dtiDeclined: null,
  creditScoreDeclined: null,
};

export interface TProgress {
  /** null: declined, on no step. */
  code: TProgressCode | null;
  /** Index of the current step in `steps`; steps.length when COMPLETE, -1 when on no step. */
  currentIndex: number;
  steps: TProgressItem[];
}

export function progressCodeForClientState(
  state: TClientApplicationState,
  manualNotary: boolean,
): TProgressCode | null {
  const code = CLIENT_STATE_PROGRESS[state];
  if (code === 'NOTARY') return manualNotary ? 'MANUAL_NOTARY' : 'ENOTARY';
  return code;
}

export function progressFor(state: TClientApplicationState, manualNotary: boolean): TProgress {
  const code = progressCodeForClientState(state, manualNotary);
  const list = progressSteps(manualNotary);
  const currentIndex =
    code === 'COMPLETE' ? list.length : code === null ? -1 : list.findIndex((step) => step.code === code);
  return { code, currentIndex, steps: progressItems(list, code) };
}
