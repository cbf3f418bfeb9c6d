/**
 * The contract of the closing segment (server: apps/server/src/engine/closing/routes.ts; web: the
 * income → funding screens): what the screens read, and one schema per form so the browser checks
 * with the same rules as the server (the routing-number checksum above all).
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../constants';
import { ESIGN_DISCLOSURE_VERSION } from '../disclosures';
import { ZApplicationStep, ZDocumentType, ZIdType } from '../enums';
import { parseDollarsToCents } from '../format/currency';
import { isValidAccountNumber, isValidRoutingNumber } from '../format/routing-number';
import { ZIsoDate, ZIsoDateTime, ZUuid, requiredString } from './common';
import { ZPhoneDigits } from './profile';

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/** Largest file the server accepts (10 MB); the browser checks first so nothing is sent in vain. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Documents: PDF or a photo. */
export const DOCUMENT_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Photos of an ID. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

const UPLOAD_TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** The accepted types as the borrower reads them ("PDF, JPEG, PNG"): the screens' hint and the server's error. */
export function uploadTypeNames(accepted: readonly string[]): string {
  return accepted.map((type) => UPLOAD_TYPE_NAMES[type] ?? type).join(', ');
}

/** Where each income document is uploaded (…/income/upload/{type}) and what it is stored as. */
export const INCOME_UPLOAD_DOCUMENT_TYPES = {
  paystub: 'USER_UPLOADED_PAYSTUB',
  w2: 'W2',
  'tax-return': 'TAX_RETURN',
  'bank-statement': 'BANK_STATEMENT',
} as const satisfies Record<string, z.infer<typeof ZDocumentType>>;
export type TIncomeUploadType = keyof typeof INCOME_UPLOAD_DOCUMENT_TYPES;
export const INCOME_UPLOAD_TYPES = Object.keys(INCOME_UPLOAD_DOCUMENT_TYPES) as [
  TIncomeUploadType,
  ...TIncomeUploadType[],
];

/** The upload path of an income document type the engine asks for (undefined: not uploaded there). */
export function incomeUploadTypeOf(documentType: string): TIncomeUploadType | undefined {
  return INCOME_UPLOAD_TYPES.find((type) => INCOME_UPLOAD_DOCUMENT_TYPES[type] === documentType);
}

export const UPLOAD_MESSAGES = {
  tooLarge: 'File too large',
  typeNotSupported: 'Type not supported',
} as const;

/** Why a file cannot be sent (null: it can). The server sniffs the content again. */
export function uploadProblem(
  file: { size: number; type: string },
  accepted: readonly string[],
  maxBytes = UPLOAD_MAX_BYTES,
): string | null {
  if (!accepted.includes(file.type)) return UPLOAD_MESSAGES.typeNotSupported;
  if (file.size > maxBytes) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const ZClosingDocumentView = z.object({
  uuid: ZUuid,
  type: ZDocumentType,
  label: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdDate: z.string(),
});
export type TClosingDocumentView = z.infer<typeof ZClosingDocumentView>;

export const ZIncomeView = z.object({
  status: ZApplicationStep,
  employmentType: z.string().nullable(),
  incomeSources: z.array(
    z.object({
      uuid: ZUuid,
      employmentType: z.string(),
      employerName: z.string().nullable(),
      annualIncomeCents: z.number().int().nullable(),
      verifiedBy: z.string(),
    }),
  ),
  requiredDocuments: z.array(z.object({ documentType: ZDocumentType, count: z.number().int() })),
  documents: z.array(ZClosingDocumentView),
});
export type TIncomeView = z.infer<typeof ZIncomeView>;

export const ZLinkKind = z.enum(['BANK', 'PAYROLL']);
export type TLinkKind = z.infer<typeof ZLinkKind>;

export const ZLinkTokenView = z.object({
  linkToken: z.string(),
  expiration: z.string(),
  institutions: z.array(z.object({ institutionId: z.string(), name: z.string(), kind: ZLinkKind })),
  sandboxCredentials: z.object({
    username: z.string(),
    password: z.string(),
    mfaUsername: z.string(),
    mfaCode: z.string(),
  }),
});
export type TLinkTokenView = z.infer<typeof ZLinkTokenView>;

export const ZLinkedAccount = z.object({
  accountId: z.string(),
  name: z.string(),
  mask: z.string(),
  type: z.string(),
});
export type TLinkedAccount = z.infer<typeof ZLinkedAccount>;

export const ZLinkAuthenticateResult = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('SUCCESS'),
    publicToken: z.string(),
    institutionName: z.string(),
    accounts: z.array(ZLinkedAccount),
  }),
  z.object({ outcome: z.enum(['MFA_REQUIRED', 'MFA_INCORRECT']), prompt: z.string() }),
]);
export type TLinkAuthenticateResult = z.infer<typeof ZLinkAuthenticateResult>;

export const ZBankAccountView = z.object({
  uuid: ZUuid,
  source: z.enum(['LINKED', 'MANUAL']),
  accountType: z.enum(['CHECKING', 'SAVINGS']),
  routingNumber: z.string(),
  mask: z.string(),
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  verificationStatus: z.enum(['VERIFIED', 'PENDING_REVIEW']).nullable(),
});
export type TBankAccountView = z.infer<typeof ZBankAccountView>;

export const ZBankAccountsView = z.object({
  status: ZApplicationStep,
  disburseAccount: ZBankAccountView.nullable(),
  autopayAccount: ZBankAccountView.nullable(),
  payType: z.enum(['AUTOPAY', 'MANUAL']).nullable(),
});
export type TBankAccountsView = z.infer<typeof ZBankAccountsView>;

export const ZClosingDocumentsView = z.object({
  status: ZApplicationStep,
  /** The E-SIGN disclosure shown: the one version the sign route accepts (the web sends it back). */
  esignDisclosureVersion: z.literal(ESIGN_DISCLOSURE_VERSION),
  /**
   * When signing may not start yet (Texas: the 12-day notice has not run), the day it may and the
   * sentence to show; null when the borrower may sign now. The page disables Sign until then
   * rather than letting the borrower press it and answering 409.
   */
  signingNotBefore: z.object({ date: ZIsoDate, at: ZIsoDateTime, message: z.string() }).nullable(),
  documents: z.array(
    ZClosingDocumentView.extend({
      signingMethod: z.enum(['ESIGN', 'NOTARY']),
      signed: z.boolean(),
      signedDate: z.string().nullable(),
    }),
  ),
});
export type TClosingDocumentsView = z.infer<typeof ZClosingDocumentsView>;

/**
 * Where the signer was when they e-signed (the browser's geolocation, after the "Why We Need Your
 * Location" alert): recorded with each signature, as the alert tells them.
 */
export const ZSigningLocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The browser's accuracy radius in metres. */
  accuracyMeters: z.number().min(0).max(1_000_000).optional(),
});
export type TSigningLocation = z.infer<typeof ZSigningLocation>;

export const ZSignResult = z.object({
  status: ZApplicationStep,
  signed: z.number().int(),
  remaining: z.number().int(),
});

export const ZNotarySlotsView = z.object({
  status: ZApplicationStep,
  timeZone: z.literal('America/Los_Angeles'),
  feeCents: z.number().int(),
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
});
export type TNotarySlotsView = z.infer<typeof ZNotarySlotsView>;

export const ZNotaryReservation = z.object({
  status: ZApplicationStep,
  startsAt: z.string(),
  endsAt: z.string(),
});

export const ZNotarySessionView = z.object({
  status: ZApplicationStep,
  sessionId: z.string(),
  joinUrl: z.string(),
  expiresAt: z.string(),
  questions: z.array(z.object({ id: z.string(), prompt: z.string(), choices: z.array(z.string()) })),
  identityConfirmed: z.boolean(),
  deedReviewed: z.boolean(),
});
export type TNotarySessionView = z.infer<typeof ZNotarySessionView>;

export const ZInsuranceUploadType = z.enum(['hazard', 'flood', 'trust']);
export type TInsuranceUploadType = z.infer<typeof ZInsuranceUploadType>;

export const ZInsuranceRequirementsView = z.object({
  status: ZApplicationStep,
  complete: z.boolean(),
  requirements: z.array(
    z.object({
      type: z.string(),
      documentType: ZDocumentType,
      required: z.boolean(),
      uploaded: z.array(ZClosingDocumentView),
    }),
  ),
});
export type TInsuranceRequirementsView = z.infer<typeof ZInsuranceRequirementsView>;

export const ZClosingSummary = z.object({
  status: ZApplicationStep,
  lineAmountCents: z.number().int(),
  monthlyPaymentCents: z.number().int(),
  firstPaymentDate: ZIsoDate.nullable(),
  rescissionStartDate: ZIsoDate.nullable(),
  rescissionDeadline: ZIsoDate.nullable(),
  /** The instant the right to cancel ends (midnight Pacific ending the deadline day). */
  rescissionEndsAt: ZIsoDateTime.nullable(),
  fundingDate: ZIsoDate.nullable(),
  funded: z.boolean(),
  disburseAccountMask: z.string().nullable(),
  /** The signed-in owner may cancel the line now (right of rescission, until `rescissionEndsAt`). */
  canRescind: z.boolean(),
});
export type TClosingSummary = z.infer<typeof ZClosingSummary>;

/** "Cancel my line" during the right-to-cancel period: the owner confirms on purpose. */
export const ZRescindRequest = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to cancel' }),
});
export type TRescindRequest = z.infer<typeof ZRescindRequest>;

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

export const BANK_MESSAGES = {
  routingNumber: 'Please enter a valid 9-digit routing number',
  accountNumber: 'Please enter a valid account number (4 to 17 digits)',
  accountNumbersDiffer: 'The account numbers do not match',
} as const;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** An ABA routing number as typed (spaces and hyphens dropped), checksum checked: form and server. */
export const ZRoutingNumber = requiredString()
  .transform(digitsOnly)
  .refine(isValidRoutingNumber, BANK_MESSAGES.routingNumber);
/** A bank account number as typed (spaces and hyphens dropped), 4 to 17 digits: form and server. */
export const ZAccountNumber = requiredString()
  .transform(digitsOnly)
  .refine(isValidAccountNumber, BANK_MESSAGES.accountNumber);
export const ZBankAccountType = z.enum(['CHECKING', 'SAVINGS'], { error: REQUIRED_MESSAGE });

/** bank/manual-disburse and the other account of bank/autopay: the ABA checksum is checked here too. */
export const ZBankAccountForm = z
  .object({
    routingNumber: ZRoutingNumber,
    accountNumber: ZAccountNumber,
    confirmAccountNumber: requiredString().transform(digitsOnly),
    accountType: ZBankAccountType,
  })
  .refine((form) => form.accountNumber === form.confirmAccountNumber, {
    path: ['confirmAccountNumber'],
    message: BANK_MESSAGES.accountNumbersDiffer,
  });
export type TBankAccountFormInput = z.input<typeof ZBankAccountForm>;

export const ZEmployerForm = z.object({
  employerName: requiredString().pipe(z.string().max(200)),
  /** Optional: blank is none. */
  employerPhone: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(ZPhoneDigits.nullable()),
});
export type TEmployerFormInput = z.input<typeof ZEmployerForm>;

/** The home values a borrower may estimate on bpo/estimate-value: the form and the server check both. */
export const ESTIMATED_VALUE_MIN_CENTS = 50_000_00;
export const ESTIMATED_VALUE_MAX_CENTS = 50_000_000_00;
export const ESTIMATE_MESSAGES = { range: 'Please enter a value between $50,000 and $50,000,000' } as const;
/** The server's body field: whole cents within the same bounds, with the form's message. */
export const ZEstimatedValueCents = z
  .number()
  .int()
  .min(ESTIMATED_VALUE_MIN_CENTS, ESTIMATE_MESSAGES.range)
  .max(ESTIMATED_VALUE_MAX_CENTS, ESTIMATE_MESSAGES.range);

/** bpo/estimate-value: dollars as typed ("450,000") → cents. */
export const ZEstimateValueForm = z.object({
  estimatedValue: requiredString().transform((value, context) => {
    const cents = parseDollarsToCents(value);
    if (cents === null || !ZEstimatedValueCents.safeParse(cents).success) {
      context.addIssue({ code: 'custom', message: ESTIMATE_MESSAGES.range });
      return z.NEVER;
    }
    return cents;
  }),
});
export type TEstimateValueFormInput = z.input<typeof ZEstimateValueForm>;

export const ZIdentityForm = z.object({
  idType: z.union([ZIdType, z.literal('')]).refine((value) => value !== '', REQUIRED_MESSAGE),
});

export const ZPhoneNumberForm = z.object({ phoneNumber: requiredString().pipe(ZPhoneDigits) });
export type TPhoneNumberFormInput = z.input<typeof ZPhoneNumberForm>;
