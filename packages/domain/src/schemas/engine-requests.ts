/**
 * Request bodies of the engine's borrower writes (…/application/heloc/{uuid}/…), one schema per
 * endpoint, used by the Fastify routes (validation, OpenAPI) and by the web's typed calls
 * (`z.input` of the same schema: a body the server would refuse for its shape does not compile).
 * `ENGINE_WRITES` maps each action path to its body; the step and submission bodies live beside
 * their forms (borrower-steps.ts, submission.ts) and are listed here too.
 */
import { z } from 'zod';
import { MANUAL_NOTARY_FEE_CENTS, VALUATION_FEE_CENTS } from '../constants';
import { ESIGN_DISCLOSURE_VERSION } from '../disclosures';
import {
  ZAccountNumber,
  ZBankAccountType,
  ZEstimatedValueCents,
  ZLinkKind,
  ZRescindRequest,
  ZRoutingNumber,
  ZSigningLocation,
} from './closing';
import { ZUuid } from './common';
import { ZPhoneDigits } from './profile';
import {
  ZConfirmLiensBody,
  ZCreditPinForm,
  ZOfferChoice,
  ZProfileStepBody,
  ZSsnForm,
} from './borrower-steps';
import {
  ZAdditionalProfileInput,
  ZAssetDepletionInput,
  ZCltvRequalifyInput,
  ZContactInfoInput,
  ZHmdaInput,
  ZSubmitApplicationInput,
} from './submission';

/** Choose one of the properties found (MULTIPLE_PROPERTIES). */
export const ZChoosePropertyRequest = z.object({ propertyId: z.string().min(1).max(100) });

/** Start a bank or payroll link. */
export const ZLinkTokenRequest = z.object({ kind: ZLinkKind });

/** The sandbox link widget: institution credentials (and MFA code) → a public token. */
export const ZLinkAuthenticateRequest = z.object({
  linkToken: z.string().min(1).max(4096),
  institutionId: z.string().min(1).max(100),
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(100),
  mfaCode: z.string().max(20).nullish(),
});

/** Exchange a link's public token (income verification). */
export const ZIncomeLinkRequest = z.object({ publicToken: z.string().min(1).max(8192) });

/** The employer to verify employment with. */
export const ZEmployerVerificationRequest = z.object({
  employerName: z.string().trim().min(1, 'Required').max(200),
  employerPhone: z
    .string()
    .trim()
    .regex(/^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, 'Enter a 10-digit phone number')
    .nullish(),
});

/** Disburse to an account of a bank link. */
export const ZLinkedDisbursementRequest = z.object({
  publicToken: z.string().min(1).max(8192),
  accountId: z.string().min(1).max(200),
});

/** Disburse to an account of the bank already linked for income (issue 19: not linked twice). */
export const ZIncomeLinkDisbursementRequest = z.object({
  accountId: z.string().min(1).max(200),
});

/** Disburse to an account given by routing and account number. */
export const ZManualDisbursementRequest = z.object({
  routingNumber: ZRoutingNumber,
  accountNumber: ZAccountNumber,
  accountType: ZBankAccountType.default('CHECKING'),
});

/** Repayment: AUTOPAY (from the disbursement account unless another is given) or MANUAL payments. */
export const ZAutopayRequest = z.discriminatedUnion('payType', [
  z.object({ payType: z.literal('MANUAL') }),
  z.object({
    payType: z.literal('AUTOPAY'),
    /** Default: the disbursement account. */
    routingNumber: ZRoutingNumber.optional(),
    accountNumber: ZAccountNumber.optional(),
    accountType: ZBankAccountType.default('CHECKING'),
  }),
]);

/** The borrower's estimate of the home's value (no automated value). */
export const ZEstimateValueRequest = z.object({ estimatedValueCents: ZEstimatedValueCents });

/** The valuation order with its fee consented. */
export const ZValuationOrderRequest = z.object({
  feeConsent: z.literal(true),
  feeCents: z.literal(VALUATION_FEE_CENTS),
});

/** E-sign one closing document: E-SIGN consent (current disclosure) and the scroll acknowledgement. */
export const ZSignDocumentRequest = z.object({
  documentUuid: ZUuid,
  esignConsent: z.literal(true),
  esignDisclosureVersion: z.literal(ESIGN_DISCLOSURE_VERSION),
  scrolledToBottom: z.literal(true),
  /** Where the borrower signs (the web app asks the browser after the location alert). */
  location: ZSigningLocation.optional(),
});

/** eNotary, or a manual notary appointment with its fee consented. */
export const ZNotaryChoiceRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('ENOTARY') }),
  z.object({
    method: z.literal('MANUAL'),
    feeConsent: z.literal(true),
    feeCents: z.literal(MANUAL_NOTARY_FEE_CENTS),
  }),
]);

/** A manual notary appointment slot. */
export const ZNotaryReserveRequest = z.object({ startsAt: z.iso.datetime({ offset: true }) });

/** The notary session's identity answers, by question id. */
export const ZNotaryIdentityRequest = z.object({
  answers: z.record(z.string().max(40), z.string().max(200)),
});

/** The deed reviewed with the notary. */
export const ZNotaryReviewRequest = z.object({ documentUuid: ZUuid, scrolledToBottom: z.literal(true) });

/** The deed signed before the notary. */
export const ZNotarySignRequest = z.object({ esignConsent: z.literal(true) });

/** A missing phone number (condition MISSING_PHONE_NUMBER). */
export const ZConditionPhoneRequest = z.object({ phoneNumber: ZPhoneDigits });

/**
 * Every JSON write of the engine's borrower endpoints, by its path under the application
 * (conditions/{conditionUuid}/phone-number as `conditions/phone-number`). Uploads are multipart and
 * not listed; the writes without a body are `ENGINE_COMMANDS`.
 */
export const ENGINE_WRITES = {
  profile: ZProfileStepBody,
  ssn: ZSsnForm,
  'credit-pin': ZCreditPinForm,
  property: ZChoosePropertyRequest,
  'liens/confirm': ZConfirmLiensBody.nullish(),
  offer: ZOfferChoice,
  'asset-depletion': ZAssetDepletionInput,
  requalify: ZCltvRequalifyInput,
  contact: ZContactInfoInput,
  'additional-profile': ZAdditionalProfileInput,
  hmda: ZHmdaInput,
  submit: ZSubmitApplicationInput,
  'income/link-token': ZLinkTokenRequest,
  'income/link/authenticate': ZLinkAuthenticateRequest,
  'income/link': ZIncomeLinkRequest,
  'income/employer-verification': ZEmployerVerificationRequest,
  'bank/disburse': ZLinkedDisbursementRequest,
  'bank/disburse-income-link': ZIncomeLinkDisbursementRequest,
  'bank/manual-disburse': ZManualDisbursementRequest,
  'bank/autopay': ZAutopayRequest,
  'bpo/estimate': ZEstimateValueRequest,
  'bpo/order': ZValuationOrderRequest,
  'signing/sign': ZSignDocumentRequest,
  'notary/choice': ZNotaryChoiceRequest,
  'notary/reserve': ZNotaryReserveRequest,
  'notary/session/identity': ZNotaryIdentityRequest,
  'notary/session/review': ZNotaryReviewRequest,
  'notary/session/sign': ZNotarySignRequest,
  'conditions/phone-number': ZConditionPhoneRequest,
  rescind: ZRescindRequest,
} as const satisfies Record<string, z.ZodType>;

export type TEngineWrite = keyof typeof ENGINE_WRITES;
/** What a caller sends to `action` (the schema's input: defaults may be left out). */
export type TEngineWriteBody<A extends TEngineWrite> = z.input<(typeof ENGINE_WRITES)[A]>;

/** The engine's borrower writes that take no body. */
export const ENGINE_COMMANDS = ['credit-retry', 'income/documents/submit', 'notary/session'] as const;
export type TEngineCommand = (typeof ENGINE_COMMANDS)[number];
