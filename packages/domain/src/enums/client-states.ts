/** The browser's side (spec 1 §4): client machine states, step progress, registration steps. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Client-side application machine (spec 1 §4)
// ---------------------------------------------------------------------------------------------

export const CLIENT_APPLICATION_STATES = [
  'profile',
  'ssnCredit',
  'errorCredit',
  'incorrectPin',
  'noCredit',
  'noProperty',
  'datatreeError',
  'uwReview',
  'assetDepletion',
  'liens',
  'product',
  'moreProfile',
  'hmda',
  'waitSummary',
  'appSummary',
  'docVerify',
  'documents',
  'manualPaystubUpload',
  'incomeReview',
  'emplVerify',
  'waitMerchant',
  'lienAttestation',
  'autopay',
  'manualAutopay',
  'ach',
  'waitSign',
  'sign',
  'codeed',
  'waitNotary',
  'notary',
  'insurance',
  'waitFund',
  'declined',
  'dtiDeclined',
  'creditScoreDeclined',
  'delinquency',
  'complete',
  'bpo',
  'bpoProcessing',
] as const;
export const ZClientApplicationState = z.enum(CLIENT_APPLICATION_STATES);
export type TClientApplicationState = z.infer<typeof ZClientApplicationState>;
export const CLIENT_APPLICATION_START_STATE: TClientApplicationState = 'profile';

// ---------------------------------------------------------------------------------------------
// Progress (spec 1 §4 "Step progress")
// ---------------------------------------------------------------------------------------------

export const PROGRESS_CODES = [
  'INITIAL',
  'PRODUCT_SELECT',
  'MORE_INFO',
  'ID_UPLOAD',
  'LINK_INCOME',
  'SIGNING',
  'ENOTARY',
  'MANUAL_NOTARY',
  'COMPLETE',
] as const;
export const ZProgressCode = z.enum(PROGRESS_CODES);
export type TProgressCode = z.infer<typeof ZProgressCode>;

/** Sidebar labels; COMPLETE has none (every step is then done). */
export const PROGRESS_STEP_LABELS: Record<Exclude<TProgressCode, 'COMPLETE'>, string> = {
  INITIAL: 'Basic Info',
  PRODUCT_SELECT: 'Select Offer',
  MORE_INFO: 'Provide More Info',
  LINK_INCOME: 'Link Income Sources',
  ID_UPLOAD: 'Verify Identity',
  SIGNING: 'Sign Documents',
  MANUAL_NOTARY: 'Schedule Notary Session',
  ENOTARY: 'Talk to eNotary',
};

export interface TProgressStep {
  code: Exclude<TProgressCode, 'COMPLETE'>;
  label: string;
}

/**
 * The sidebar steps in flow order (income is linked before identity is verified, as in the state
 * machine); the last step is the manual notary session or the eNotary, never both.
 */
export function progressSteps(manualNotary: boolean): TProgressStep[] {
  const codes = [
    'INITIAL',
    'PRODUCT_SELECT',
    'MORE_INFO',
    'LINK_INCOME',
    'ID_UPLOAD',
    'SIGNING',
    manualNotary ? 'MANUAL_NOTARY' : 'ENOTARY',
  ] as const;
  return codes.map((code) => ({ code, label: PROGRESS_STEP_LABELS[code] }));
}

/**
 * Registration steps, picked by the `step` query value (the values are ours: the spec names only the
 * steps). Contact Info is skipped when e-mail and phone already exist.
 */
export const REGISTRATION_STEPS = ['property', 'income', 'personal', 'contact', 'login'] as const;
export const ZRegistrationStep = z.enum(REGISTRATION_STEPS);
export type TRegistrationStep = z.infer<typeof ZRegistrationStep>;

export const REGISTRATION_STEP_DETAILS: Record<
  TRegistrationStep,
  { label: string; fields: readonly string[] }
> = {
  property: { label: 'Property Info', fields: ['Address', 'Sale Status'] },
  income: { label: 'Income Info', fields: [] },
  personal: { label: 'Personal Info', fields: ['Name', 'Birthdate'] },
  contact: { label: 'Contact Info', fields: [] },
  login: { label: 'Login Info', fields: [] },
};
