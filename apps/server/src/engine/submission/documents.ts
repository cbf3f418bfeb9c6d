/**
 * Generated documents of an application: rendered (documents/), stored through the FileStorage
 * interface, and listed in application_documents with the domain's document types. Rendering and the
 * storage write happen outside the application lock (slow work must not hold the row); the row is
 * inserted by the caller inside its locked transaction, so a document is listed only once its step
 * change commits. A re-run job writes a new object under a new key and the stale one is never listed.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  DOCUMENT_TYPE_LABELS,
  mergePricing,
  originationFeeCents,
  type TApplicationDocumentItem,
  type TDocumentType,
  type TOrgData,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import {
  generateDocuments,
  PDF_CONTENT_TYPE,
  type TDocumentInputs,
  type TGeneratedDocumentType,
  type TLoanTerms,
} from '../../documents';
import type { FileStorage } from '../../storage';

export type StoredDocument = {
  uuid: string;
  type: TDocumentType;
  fileKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
};

/** Renders `type` and stores each file; returns rows for the caller to insert under its lock. */
export async function renderAndStore<K extends TGeneratedDocumentType>(
  storage: FileStorage,
  applicationUuid: string,
  type: K,
  input: TDocumentInputs[K],
): Promise<StoredDocument[]> {
  const generated = await generateDocuments(type, input);
  const stored: StoredDocument[] = [];
  for (const each of generated) {
    const uuid = randomUUID();
    const slug = type.toLowerCase().replace(/_/g, '-');
    const key = `applications/${applicationUuid}/${slug}-${uuid}.pdf`;
    const object = await storage.put(key, each.document.bytes, PDF_CONTENT_TYPE);
    stored.push({
      uuid,
      type,
      fileKey: object.key,
      fileName: `${slug}.pdf`,
      contentType: PDF_CONTENT_TYPE,
      sizeBytes: object.size,
      sha256: object.sha256,
    });
  }
  return stored;
}

export async function documentsOf(
  db: Executor,
  applicationUuid: string,
): Promise<TApplicationDocumentItem[]> {
  const rows = await db
    .select()
    .from(schema.applicationDocuments)
    .where(eq(schema.applicationDocuments.applicationUuid, applicationUuid))
    .orderBy(desc(schema.applicationDocuments.createdAt), schema.applicationDocuments.type);
  return rows.map(documentView);
}

/** A stored document as the borrower's screens list it (the documents list, uploads' answers). */
export function documentView(row: typeof schema.applicationDocuments.$inferSelect): TApplicationDocumentItem {
  return {
    uuid: row.uuid,
    type: row.type as TDocumentType,
    label: DOCUMENT_TYPE_LABELS[row.type as TDocumentType] ?? row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdDate: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The borrower's loan terms for documents
// ---------------------------------------------------------------------------------------------

/**
 * Prime Rate used to illustrate the variable rate of later draws (spec 1 §1: the Prime Rate of the
 * prior calendar month plus a fixed margin). A production build reads the published rate from a
 * rates feed; the sandbox holds it constant.
 */
export const ILLUSTRATIVE_PRIME_RATE_BPS = 750;
/** Margin over Prime of later draws before the organisation's own adjustment. */
export const BASE_DRAW_MARGIN_BPS = 100;
/** Years during which further draws may be taken. */
export const DRAW_PERIOD_YEARS = 5;

/** yyyy-MM of the calendar month before `isoDate` (yyyy-MM-dd). */
export function priorMonth(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The selected offer as document terms: the line drawn 100% at origination (spec 1 §1), the fixed rate
 * and term of the initial draw, the origination fee of the chosen fee option.
 */
export function loanTermsFor(
  org: TOrgData,
  selected: { amountCents: number; rateBps: number; termYears: number; originationFeeBps: number },
  documentDate: string,
): TLoanTerms {
  const pricing = mergePricing(org.orgPricingData);
  return {
    lineAmountCents: selected.amountCents,
    initialDrawCents: selected.amountCents,
    rateBps: selected.rateBps,
    termYears: selected.termYears,
    originationFeeCents: originationFeeCents(selected.amountCents, selected.originationFeeBps),
    drawPeriodYears: DRAW_PERIOD_YEARS,
    variableRate: {
      marginBps: BASE_DRAW_MARGIN_BPS + pricing.marginAdjustmentBps,
      primeRateBps: ILLUSTRATIVE_PRIME_RATE_BPS,
      primeRateMonth: priorMonth(documentDate),
      maxRateBps: pricing.aprMaxBps,
    },
  };
}
