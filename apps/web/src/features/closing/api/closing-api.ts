/**
 * The closing segment's calls (engine/closing/routes.ts on the server), typed with the domain's
 * schemas. Reads are query options; writes answer `{ status }`, after which a screen calls advance()
 * so the status flow moves the borrower on. Uploads go through uploadForm (progress).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZBankAccountsView,
  ZIncomeLinkView,
  ZClosingDocumentView,
  ZClosingDocumentsView,
  ZClosingSummary,
  ZCondition,
  ZActionResult,
  ZIncomeView,
  ZInsuranceRequirementsView,
  ZLinkAuthenticateResult,
  ZLinkTokenView,
  ZNotaryReservation,
  ZNotarySessionView,
  ZNotarySlotsView,
  ZSignResult,
  type TIdType,
  type TInsuranceUploadType,
  type TLinkKind,
  type TEngineWriteBody,
  type TSigningLocation,
  type TIncomeUploadType,
} from '@heloc/domain';
import { api, uploadForm } from '@/lib/api-client';
import { engineCommand, engineWrite } from '@/lib/engine-client';

export const closingBase = (uuid: string) =>
  `/service-application/api/v1/application/heloc/${encodeURIComponent(uuid)}`;
const key = (uuid: string, what: string) => ['application', uuid.toLowerCase(), what] as const;

const read =
  <S extends z.ZodType>(what: string, path: string, schema: S) =>
  (uuid: string) =>
    queryOptions({
      queryKey: key(uuid, what),
      queryFn: ({ signal }) =>
        api.get(`${closingBase(uuid)}/${path}`, { schema, signal }) as Promise<z.output<S>>,
    });

export const incomeQueryOptions = read('income', 'income', ZIncomeView);
export const bankAccountsQueryOptions = read('bank-accounts', 'bank/accounts', ZBankAccountsView);
/** The bank linked for income, offered again on bank/disburse (no second link). */
export const incomeLinkQueryOptions = read('income-link', 'bank/income-link', ZIncomeLinkView);
export const closingDocumentsQueryOptions = read(
  'closing-documents',
  'closing-documents',
  ZClosingDocumentsView,
);
export const notarySlotsQueryOptions = read('notary-slots', 'notary/slots', ZNotarySlotsView);
export const insuranceQueryOptions = read('insurance', 'insurance/requirements', ZInsuranceRequirementsView);
export const closingSummaryQueryOptions = read('closing-summary', 'closing-summary', ZClosingSummary);

export const conditionsPath = (uuid: string) =>
  `/service-conditions/external/api/v1/applications/${encodeURIComponent(uuid)}/conditions/external-applicants`;
export const conditionsQueryKey = (uuid: string) => key(uuid, 'conditions');
export const conditionsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: conditionsQueryKey(uuid),
    queryFn: ({ signal }) => api.get(conditionsPath(uuid), { schema: z.array(ZCondition), signal }),
  });

/** The path the PDF viewer and downloads read a document's bytes from. */
export const closingDocumentPath = (uuid: string, documentUuid: string) =>
  `${closingBase(uuid)}/closing-documents/${encodeURIComponent(documentUuid)}`;

// The bodies are typed by the server's own schemas (engineWrite): a wrong body does not compile.
export const closingApi = {
  linkToken: (uuid: string, kind: TLinkKind) =>
    engineWrite(uuid, 'income/link-token', { kind }, ZLinkTokenView),
  authenticateLink: (uuid: string, body: TEngineWriteBody<'income/link/authenticate'>) =>
    engineWrite(uuid, 'income/link/authenticate', body, ZLinkAuthenticateResult),
  linkIncome: (uuid: string, publicToken: string) =>
    engineWrite(uuid, 'income/link', { publicToken }, ZActionResult),
  submitIncomeDocuments: (uuid: string) => engineCommand(uuid, 'income/documents/submit', ZActionResult),
  employer: (uuid: string, body: TEngineWriteBody<'income/employer-verification'>) =>
    engineWrite(uuid, 'income/employer-verification', body, ZActionResult),
  disburseLinked: (uuid: string, body: TEngineWriteBody<'bank/disburse'>) =>
    engineWrite(uuid, 'bank/disburse', body, ZActionResult),
  disburseIncomeLink: (uuid: string, body: TEngineWriteBody<'bank/disburse-income-link'>) =>
    engineWrite(uuid, 'bank/disburse-income-link', body, ZActionResult),
  disburseManual: (uuid: string, body: TEngineWriteBody<'bank/manual-disburse'>) =>
    engineWrite(uuid, 'bank/manual-disburse', body, ZActionResult),
  autopay: (uuid: string, body: TEngineWriteBody<'bank/autopay'>) =>
    engineWrite(uuid, 'bank/autopay', body, ZActionResult),
  estimateValue: (uuid: string, estimatedValueCents: number) =>
    engineWrite(uuid, 'bpo/estimate', { estimatedValueCents }, ZActionResult),
  orderBpo: (uuid: string, feeCents: TEngineWriteBody<'bpo/order'>['feeCents']) =>
    engineWrite(uuid, 'bpo/order', { feeConsent: true, feeCents }, ZActionResult),
  sign: (
    uuid: string,
    body: Pick<TEngineWriteBody<'signing/sign'>, 'documentUuid' | 'esignDisclosureVersion'> & {
      location: TSigningLocation;
    },
  ) =>
    engineWrite(uuid, 'signing/sign', { ...body, esignConsent: true, scrolledToBottom: true }, ZSignResult),
  notaryChoice: (uuid: string, body: TEngineWriteBody<'notary/choice'>) =>
    engineWrite(uuid, 'notary/choice', body, ZActionResult),
  reserveNotary: (uuid: string, startsAt: string) =>
    engineWrite(uuid, 'notary/reserve', { startsAt }, ZNotaryReservation),
  startSession: (uuid: string) => engineCommand(uuid, 'notary/session', ZNotarySessionView),
  answerSession: (uuid: string, answers: Record<string, string>) =>
    engineWrite(uuid, 'notary/session/identity', { answers }, ZNotarySessionView),
  reviewDeed: (uuid: string, documentUuid: string) =>
    engineWrite(uuid, 'notary/session/review', { documentUuid, scrolledToBottom: true }, ZNotarySessionView),
  signDeed: (uuid: string) => engineWrite(uuid, 'notary/session/sign', { esignConsent: true }, ZActionResult),
  /** "Cancel my line" during the right-to-cancel period. */
  rescind: (uuid: string) => engineWrite(uuid, 'rescind', { confirm: true }, ZActionResult),
};

/** What an upload hands the shared upload component: the file, progress and cancellation. */
export type UploadSender<T> = (
  file: File,
  progress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<T>;

const ZIncomeUploadResult = z.object({
  status: ZActionResult.shape.status,
  document: ZClosingDocumentView,
});

function formWith(file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

const ZConditionUploadResult = z.object({
  status: ZActionResult.shape.status,
  /** The condition after this document: how many are still asked for, and whether any action is left. */
  condition: z.object({
    actionNeeded: z.boolean(),
    xtraData: z.object({ numDocsRequired: z.number().int() }),
  }),
  document: ZClosingDocumentView,
});

export const conditionPhoneNumber = (uuid: string, conditionUuid: string, phoneNumber: string) =>
  engineWrite(uuid, 'conditions/phone-number', { phoneNumber }, ZActionResult, { conditionUuid });

export const uploads = {
  condition:
    (uuid: string, conditionUuid: string): UploadSender<z.output<typeof ZConditionUploadResult>> =>
    (file, onProgress, signal) =>
      uploadForm(
        `${closingBase(uuid)}/conditions/${encodeURIComponent(conditionUuid)}/upload`,
        formWith(file),
        {
          schema: ZConditionUploadResult,
          onProgress,
          signal,
        },
      ),
  income:
    (uuid: string, type: TIncomeUploadType): UploadSender<z.output<typeof ZIncomeUploadResult>> =>
    (file, onProgress, signal) =>
      uploadForm(`${closingBase(uuid)}/income/upload/${type}`, formWith(file), {
        schema: ZIncomeUploadResult,
        onProgress,
        signal,
      }),
  identity:
    (uuid: string, idType: TIdType): UploadSender<z.output<typeof ZActionResult>> =>
    (file, onProgress, signal) =>
      uploadForm(`${closingBase(uuid)}/identity`, formWith(file, { idType }), {
        schema: ZActionResult,
        onProgress,
        signal,
      }),
  insurance:
    (uuid: string, type: TInsuranceUploadType): UploadSender<z.output<typeof ZActionResult>> =>
    (file, onProgress, signal) =>
      uploadForm(`${closingBase(uuid)}/insurance/upload/${type}`, formWith(file), {
        schema: ZActionResult,
        onProgress,
        signal,
      }),
};
