/**
 * Generated documents: one generator per document, each taking an explicit input object (the
 * borrower's numbers and the organisation, never the database) and returning PDF bytes plus the text
 * lines drawn. The registry maps the domain's DOCUMENT_TYPES to generators so the workflow can
 * generate by type; every entry returns a list because the notice of right to cancel is one document
 * per owner.
 * The adverse action notice is ADVERSE_ACTION_NOTICE (a decline's notice is listed with the
 * application's documents, so the owner can download it).
 */
import type { TDocumentType } from '@heloc/domain';
import { generateApplicationSummary, type TApplicationSummaryInput } from './application-summary';
import { generateAdverseActionNotice, type TAdverseActionNoticeInput } from './adverse-action-notice';
import { generateConsumerHelocBooklet, type TConsumerHelocBookletInput } from './consumer-heloc-booklet';
import { generateClosingDisclosure, type TClosingDisclosureInput } from './closing-disclosure';
import { generateDeedOfTrust, type TDeedOfTrustInput } from './deed-of-trust';
import { generateEarlyHelocDisclosure, type TEarlyHelocDisclosureInput } from './early-heloc-disclosure';
import { generateHelocAgreement, type THelocAgreementInput } from './heloc-agreement';
import type { TPdfDocument } from './layout';
import {
  generateNoticesOfRightToCancel,
  type TNoticesOfRightToCancelInput,
} from './notice-of-right-to-cancel';

export * from './adverse-action-notice';
export * from './application-summary';
export * from './closing-disclosure';
export * from './consumer-heloc-booklet';
export * from './deed-of-trust';
export * from './early-heloc-disclosure';
export * from './heloc-agreement';
export { PdfLayout, PRODUCER, type TDocumentSetup, type TKeyValueRow, type TPdfDocument } from './layout';
export * from './loan-terms';
export * from './notice-of-right-to-cancel';

/** The input each generated document type takes. */
export interface TDocumentInputs {
  APPLICATION_SUMMARY: TApplicationSummaryInput;
  EARLY_HELOC_DISCLOSURE: TEarlyHelocDisclosureInput;
  HELOC_AGREEMENT: THelocAgreementInput;
  DEED_OF_TRUST: TDeedOfTrustInput;
  NOTICE_OF_RIGHT_TO_CANCEL: TNoticesOfRightToCancelInput;
  CLOSING_DISCLOSURE: TClosingDisclosureInput;
  CONSUMER_HELOC_BOOKLET: TConsumerHelocBookletInput;
  ADVERSE_ACTION_NOTICE: TAdverseActionNoticeInput;
}

export type TGeneratedDocumentType = keyof TDocumentInputs;

/** One generated file; ownerName is set on per-owner documents (notice of right to cancel). */
export interface TGeneratedDocument {
  type: TGeneratedDocumentType;
  ownerName: string | null;
  document: TPdfDocument;
}

type TGenerators = {
  [K in TGeneratedDocumentType]: (input: TDocumentInputs[K]) => Promise<TGeneratedDocument[]>;
};

const single =
  <K extends TGeneratedDocumentType>(
    type: K,
    generate: (input: TDocumentInputs[K]) => Promise<TPdfDocument>,
  ) =>
  async (input: TDocumentInputs[K]): Promise<TGeneratedDocument[]> => [
    { type, ownerName: null, document: await generate(input) },
  ];

export const DOCUMENT_GENERATORS: TGenerators = {
  APPLICATION_SUMMARY: single('APPLICATION_SUMMARY', generateApplicationSummary),
  EARLY_HELOC_DISCLOSURE: single('EARLY_HELOC_DISCLOSURE', generateEarlyHelocDisclosure),
  HELOC_AGREEMENT: single('HELOC_AGREEMENT', generateHelocAgreement),
  DEED_OF_TRUST: single('DEED_OF_TRUST', generateDeedOfTrust),
  NOTICE_OF_RIGHT_TO_CANCEL: async (input) =>
    (await generateNoticesOfRightToCancel(input)).map((notice) => ({
      type: 'NOTICE_OF_RIGHT_TO_CANCEL' as const,
      ownerName: notice.ownerName,
      document: notice.document,
    })),
  CLOSING_DISCLOSURE: single('CLOSING_DISCLOSURE', generateClosingDisclosure),
  CONSUMER_HELOC_BOOKLET: single('CONSUMER_HELOC_BOOKLET', generateConsumerHelocBooklet),
  ADVERSE_ACTION_NOTICE: single('ADVERSE_ACTION_NOTICE', generateAdverseActionNotice),
};

// Compile-time check that every registry key is one of the domain's document types.
const _registryTypesAreDocumentTypes: readonly TDocumentType[] = Object.keys(
  DOCUMENT_GENERATORS,
) as TGeneratedDocumentType[];

export function isGeneratedDocumentType(type: TDocumentType): type is TGeneratedDocumentType {
  return Object.hasOwn(DOCUMENT_GENERATORS, type);
}

/** Generates the document(s) of `type`: one file, or one per owner for the notice of right to cancel. */
export function generateDocuments<K extends TGeneratedDocumentType>(
  type: K,
  input: TDocumentInputs[K],
): Promise<TGeneratedDocument[]> {
  const generate: (input: TDocumentInputs[K]) => Promise<TGeneratedDocument[]> = DOCUMENT_GENERATORS[type];
  return generate(input);
}

export const PDF_CONTENT_TYPE = 'application/pdf';
