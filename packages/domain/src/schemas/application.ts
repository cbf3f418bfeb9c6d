/**
 * The HELOC application as the borrower's screens read it (spec 1 §3 "HELOC application", spec 2 §3).
 * Money is integer cents, the rate basis points, the term whole years; 0 means "not chosen yet".
 */
import { z } from 'zod';
import {
  ZAdditionalSignerVersion,
  ZApplicationStep,
  ZCoDeedStatus,
  ZConsentType,
  ZDocumentType,
  ZEmploymentType,
  ZPaymentMode,
} from '../enums';
import { ZUsStateCode } from '../organisation';
import { ZAddress, ZBps, ZIsoDateTime, ZNonNegativeCents, ZUuid } from './common';

export const ZApplicationProperty = z.object({
  uuid: ZUuid,
  address: ZAddress,
  /** Repeated from the address because state rules (Texas, New York) key on it. */
  state: ZUsStateCode,
});

export const ZApplicationConsent = z.object({
  type: ZConsentType,
  createdDate: ZIsoDateTime.optional(),
});

export const ZApplicationDocument = z.object({
  uuid: ZUuid,
  type: ZDocumentType,
  fileName: z.string().optional(),
  createdDate: ZIsoDateTime.optional(),
});
export type TApplicationDocument = z.infer<typeof ZApplicationDocument>;

export const ZIncomeSource = z.object({
  uuid: ZUuid,
  employmentType: ZEmploymentType,
  employerName: z.string().nullish(),
  /** Stated gross annual income, cents. */
  annualIncomeCents: ZNonNegativeCents.nullish(),
});
export type TIncomeSource = z.infer<typeof ZIncomeSource>;

export const ZDisburseAccount = z.object({
  uuid: ZUuid,
  routingNumber: z.string().regex(/^\d{9}$/),
  /** Last 4 characters of the account number. */
  mask: z.string().max(4),
  /** Never the full number in a response: the server sends it masked (e.g. "••••6789"). */
  accountNumber: z.string().optional(),
});
export type TDisburseAccount = z.infer<typeof ZDisburseAccount>;

export const ZHelocApplication = z.object({
  uuid: ZUuid,
  /** Shown to the borrower as "Application ID". */
  loanNumber: z.string(),
  /** Fixed term of the initial draw in years; 0 until an offer is selected. */
  term: z.number().int().min(0),
  /** Fixed rate of the selected offer in basis points (760 = 7.60%); 0 until selected. */
  rate: ZBps,
  /**
   * Origination fee of the selected offer in basis points of the draw; 0 until selected. With the
   * rate and term it gives the APR the borrower is shown (offerFigures), the same as on product/select.
   */
  originationFeeBps: ZBps.default(0),
  /** Selected line amount (initial draw), cents; 0 until selected. */
  amount: ZNonNegativeCents,
  /** Largest draw underwriting allows, cents. */
  uwCalculatedDrawAmount: ZNonNegativeCents.nullable(),
  /** Home value after adjustments (valuation, condition), cents. */
  adjustedHomeAmount: ZNonNegativeCents.nullable(),
  selectedPropertyUuid: ZUuid.nullable(),
  property: ZApplicationProperty.nullable(),
  consents: z.array(ZApplicationConsent),
  documents: z.array(ZApplicationDocument),
  incomeSources: z.array(ZIncomeSource),
  disburseAccount: ZDisburseAccount.nullable(),
  autopayAccount: z.object({ uuid: ZUuid }).nullable(),
  payType: ZPaymentMode.nullable(),
  hasHmda: z.boolean(),
  assetDepletion: z.object({ complete: z.boolean() }),
  insurance: z.object({ complete: z.boolean() }),
  coDeedStatus: ZCoDeedStatus,
  isCrypto: z.boolean(),
  /** Start of the manual notary appointment the borrower asked for. */
  requestedManualNotaryTime: ZIsoDateTime.nullable(),
  additionalSignerVersion: ZAdditionalSignerVersion,
  /** Additional signers (version v1). */
  helocSigners: z.array(z.object({ identityUuid: ZUuid })).default([]),
  referrer: z.object({ referrerUuid: ZUuid }).nullable(),
  auditFields: z.object({ createdDate: ZIsoDateTime }),
});
export type THelocApplication = z.infer<typeof ZHelocApplication>;
export type THelocApplicationInput = z.input<typeof ZHelocApplication>;

/** The fields of an application that only the engine's steps fill: everything but its identity. */
export type TApplicationProgress = Omit<THelocApplication, 'uuid' | 'loanNumber' | 'auditFields'>;

/**
 * A new application before any step recorded anything: no offer, no property chosen, no consents,
 * documents, income, accounts or signers. A function (not a constant) so no two applications ever
 * share a list. Tests and mocks build their applications from it; the server's view fills each
 * field from its tables.
 */
export function newApplicationDefaults(): TApplicationProgress {
  return {
    term: 0,
    rate: 0,
    originationFeeBps: 0,
    amount: 0,
    uwCalculatedDrawAmount: null,
    adjustedHomeAmount: null,
    selectedPropertyUuid: null,
    property: null,
    consents: [],
    documents: [],
    incomeSources: [],
    disburseAccount: null,
    autopayAccount: null,
    payType: null,
    hasHmda: false,
    assetDepletion: { complete: false },
    insurance: { complete: false },
    coDeedStatus: 'NOT_REQUIRED',
    isCrypto: false,
    requestedManualNotaryTime: null,
    additionalSignerVersion: 'v1',
    helocSigners: [],
    referrer: null,
  };
}

/** The offer box shows only when term, rate and amount are all above 0 (spec 1 §2). */
export function hasSelectedOffer(application: Pick<THelocApplication, 'term' | 'rate' | 'amount'>): boolean {
  return application.term > 0 && application.rate > 0 && application.amount > 0;
}

/**
 * An application as the application service answers it: the spec's fields plus the server
 * step (the dashboard's "current step") and the organisation it was made under.
 */
export const ZHelocApplicationView = ZHelocApplication.extend({
  step: ZApplicationStep,
  orgCode: z.string(),
  /**
   * A declined or cancelled application: the step it was at when it ended (the progress sidebar shows
   * what was done before it, not every step "not started"); absent otherwise.
   */
  endedFromStep: ZApplicationStep.nullable().optional(),
});
export type THelocApplicationView = z.infer<typeof ZHelocApplicationView>;
