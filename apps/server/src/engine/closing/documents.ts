/**
 * The closing package from the borrower's numbers: HELOC agreement and note, deed of trust (or
 * mortgage), closing disclosure, and one notice of right to cancel per owner, through the generators
 * of src/documents, stored through the file storage and listed as application documents.
 *
 * Choices where the spec is silent (ours):
 * - Draw period 5 years; later draws at the Prime Rate of the prior month plus a 1.00% margin (plus the
 *   organisation's margin adjustment), capped at the organisation's maximum APR. The Prime Rate shown
 *   is an illustration value until a rate feed exists.
 * - First payment: the first day of the second month after the agreement date (a full billing cycle).
 * - Security instrument: a mortgage in the states that use one, a deed of trust elsewhere; the legal
 *   description is "See Exhibit A" until title work supplies it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { mergePricing, originationFeeCents, type TDocumentType, type TOrgData } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { Clock } from '../../lib/clock';
import {
  generateDocuments,
  PDF_CONTENT_TYPE,
  type TGeneratedDocument,
  type TLoanTerms,
} from '../../documents';
import type { PropertyAddress } from '../../providers/shared';
import type { FileStorage } from '../../storage';

const DRAW_PERIOD_YEARS = 5;
const VARIABLE_MARGIN_BPS = 100;
const ILLUSTRATION_PRIME_RATE_BPS = 750;

/** States whose home equity lending uses a mortgage rather than a deed of trust. */
const MORTGAGE_STATES = new Set([
  'CT',
  'DE',
  'FL',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MA',
  'NJ',
  'NY',
  'ND',
  'OH',
  'PA',
  'SC',
  'VT',
  'WI',
]);

/** The closing documents the borrower e-signs, in signing order; the deed is signed before the notary. */
export const E_SIGNED_TYPES: readonly TDocumentType[] = [
  'CLOSING_DISCLOSURE',
  'HELOC_AGREEMENT',
  'NOTICE_OF_RIGHT_TO_CANCEL',
];
export const CLOSING_PACKAGE_TYPES: readonly TDocumentType[] = [...E_SIGNED_TYPES, 'DEED_OF_TRUST'];

export type ClosingFacts = {
  org: TOrgData;
  loanNumber: string;
  owners: readonly string[];
  /**
   * The other owners on title the borrower named before the package was rendered (co-deed signers):
   * they grant the deed of trust with the borrower, though they are not borrowers on the line.
   */
  otherOwners: readonly string[];
  ownerIdentityUuid: string;
  address: PropertyAddress;
  lineAmountCents: number;
  rateBps: number;
  termYears: number;
  originationFeeBps: number;
  valuationFeeApplies: boolean;
  manualNotaryApplies: boolean;
};

export function loanTermsOf(facts: ClosingFacts, documentDate: string): TLoanTerms {
  const pricing = mergePricing(facts.org.orgPricingData);
  return {
    lineAmountCents: facts.lineAmountCents,
    initialDrawCents: facts.lineAmountCents,
    rateBps: facts.rateBps,
    termYears: facts.termYears,
    originationFeeCents: originationFeeCents(facts.lineAmountCents, facts.originationFeeBps),
    drawPeriodYears: DRAW_PERIOD_YEARS,
    variableRate: {
      marginBps: VARIABLE_MARGIN_BPS + pricing.marginAdjustmentBps,
      primeRateBps: ILLUSTRATION_PRIME_RATE_BPS,
      primeRateMonth: previousMonth(documentDate),
      maxRateBps: pricing.aprMaxBps,
    },
  };
}

function previousMonth(isoDate: string): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** First day of the second month after `isoDate`. */
export function firstPaymentDate(isoDate: string): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

function addYears(isoDate: string, count: number): string {
  return `${Number(isoDate.slice(0, 4)) + count}${isoDate.slice(4)}`;
}

/** Renders the whole closing package dated `documentDate`. */
export async function renderClosingPackage(
  facts: ClosingFacts,
  documentDate: string,
): Promise<TGeneratedDocument[]> {
  const terms = loanTermsOf(facts, documentDate);
  const state = facts.address.state.toUpperCase();
  const propertyAddress = { ...facts.address, street2: facts.address.street2 ?? null };
  const borrowers = facts.owners;
  return [
    ...(await generateDocuments('CLOSING_DISCLOSURE', {
      org: facts.org,
      documentDate,
      loanNumber: facts.loanNumber,
      borrowers,
      propertyAddress,
      terms,
      valuationFeeApplies: facts.valuationFeeApplies,
      manualNotaryApplies: facts.manualNotaryApplies,
    })),
    ...(await generateDocuments('HELOC_AGREEMENT', {
      org: facts.org,
      agreementDate: documentDate,
      loanNumber: facts.loanNumber,
      borrowers,
      propertyAddress,
      terms,
      firstPaymentDate: firstPaymentDate(documentDate),
    })),
    ...(await renderNotices(facts, documentDate)),
    ...(await generateDocuments('DEED_OF_TRUST', {
      org: facts.org,
      instrumentDate: documentDate,
      loanNumber: facts.loanNumber,
      kind: MORTGAGE_STATES.has(state) ? 'MORTGAGE' : 'DEED_OF_TRUST',
      trustee: MORTGAGE_STATES.has(state)
        ? null
        : {
            name: `${facts.org.orgMetaData.companyInfo.companyNameShort} Trustee Services`,
            address: facts.org.orgMetaData.companyInfo.companyAddress,
          },
      borrowers: [...borrowers, ...facts.otherOwners],
      propertyAddress,
      county: `County of ${propertyAddress.city}`,
      legalDescription: 'See Exhibit A',
      parcelNumber: null,
      lineAmountCents: facts.lineAmountCents,
      maturityDate: addYears(documentDate, DRAW_PERIOD_YEARS + facts.termYears),
    })),
  ];
}

/** The notices of right to cancel, one per owner, for a transaction dated `transactionDate`. */
export function renderNotices(facts: ClosingFacts, transactionDate: string): Promise<TGeneratedDocument[]> {
  return generateDocuments('NOTICE_OF_RIGHT_TO_CANCEL', {
    org: facts.org,
    transactionDate,
    loanNumber: facts.loanNumber,
    owners: facts.owners,
    propertyAddress: { ...facts.address, street2: facts.address.street2 ?? null },
    lineAmountCents: facts.lineAmountCents,
  });
}

/**
 * Writes the files (outside any transaction: a crash leaves unreferenced files, never a row without
 * its bytes) and answers the rows to insert. Keys carry a batch id so a re-run never overwrites a
 * document someone may already have signed.
 */
export async function storeGenerated(
  storage: FileStorage,
  clock: Clock,
  applicationUuid: string,
  /** The primary's identity, or every owner's in the order of `facts.owners` (one notice each). */
  ownerIdentityUuids: string | readonly string[],
  batch: string,
  generated: readonly TGeneratedDocument[],
) {
  const owners = typeof ownerIdentityUuids === 'string' ? [ownerIdentityUuids] : ownerIdentityUuids;
  let notice = 0;
  const rows: (typeof schema.applicationDocuments.$inferInsert)[] = [];
  for (const [index, each] of generated.entries()) {
    // Per-owner documents come in the owners' order (renderNotices keeps it).
    const ownerIdentityUuid = each.ownerName ? (owners[notice++] ?? owners[0]!) : null;
    const slug = each.type.toLowerCase().replace(/_/g, '-');
    const key = `applications/${applicationUuid}/closing/${batch}/${index}-${slug}.pdf`;
    const stored = await storage.put(key, each.document.bytes, PDF_CONTENT_TYPE);
    rows.push({
      applicationUuid,
      type: each.type,
      // Notices are addressed to one owner; every other closing document to the application.
      ownerIdentityUuid,
      fileKey: key,
      fileName: `${slug}${each.ownerName ? `-${index}` : ''}.pdf`,
      contentType: PDF_CONTENT_TYPE,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      createdAt: clock.now(),
    });
  }
  return rows;
}

export type DocumentRow = typeof schema.applicationDocuments.$inferSelect;

/**
 * The current closing documents: the latest generation of each type (a notice re-issued with the
 * actual transaction date replaces the earlier one).
 */
export async function currentClosingDocuments(db: Executor, applicationUuid: string): Promise<DocumentRow[]> {
  const rows = await db
    .select()
    .from(schema.applicationDocuments)
    .where(eq(schema.applicationDocuments.applicationUuid, applicationUuid))
    .orderBy(asc(schema.applicationDocuments.createdAt), asc(schema.applicationDocuments.fileKey));
  const closing = rows.filter((row) => CLOSING_PACKAGE_TYPES.includes(row.type as TDocumentType));
  const latestBatch = new Map<string, string>();
  for (const row of closing) latestBatch.set(row.type, batchOf(row.fileKey));
  return closing.filter((row) => latestBatch.get(row.type) === batchOf(row.fileKey));
}

function batchOf(fileKey: string): string {
  return fileKey.split('/').slice(0, -1).join('/');
}

export async function documentsOfType(
  db: Executor,
  applicationUuid: string,
  types: readonly TDocumentType[],
) {
  const rows = await db
    .select()
    .from(schema.applicationDocuments)
    .where(and(eq(schema.applicationDocuments.applicationUuid, applicationUuid)))
    .orderBy(asc(schema.applicationDocuments.createdAt));
  return rows.filter((row) => types.includes(row.type as TDocumentType));
}

/** Transaction date → "yyyy-mm-dd" batch-friendly id. */
export const batchId = (label: string, at: Date) => `${label}-${at.getTime()}`;
