/** The console's application file (with the providers' facts) and one of its documents. */
import type { FastifyRequest } from 'fastify';
import { maskAccount, maskSsn, type TApplicationFile } from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { consoleCondition } from './conditions';
import { selectApplicationFile, selectDocument, type ApplicationFileRows } from './repository';
import { APPLICATION_NOT_FOUND, authorizeApplication, fullName, loanOfficerOf, stepFields } from './service';

// ---------------------------------------------------------------------------------------------
// Application file
// ---------------------------------------------------------------------------------------------

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The newest value of `key` among the audit entries (newest first) whose data holds one. */
function latest(events: ApplicationFileRows['events'], key: string, where?: (action: string) => boolean) {
  for (const event of events) {
    if (where && !where(event.action)) continue;
    const value = num(event.data[key]);
    if (value !== null) return { value, event };
  }
  return null;
}

function providerFacts(rows: ApplicationFileRows) {
  const { events, head } = rows;
  const creditAction = (action: string) => action === 'CREDIT_MATCHED' || action.startsWith('HARD_PULL_');
  const score = latest(events, 'score', creditAction);
  const credit = score
    ? {
        score: score.value,
        monthlyDebtCents: num(score.event.data.monthlyDebtCents),
        kind: score.event.data.kind === 'HARD' ? ('HARD' as const) : ('SOFT' as const),
        pulledAt:
          typeof score.event.data.pulledAt === 'string'
            ? score.event.data.pulledAt
            : score.event.at.toISOString(),
      }
    : null;
  const value = latest(events, 'valueCents');
  const valuation = value
    ? {
        valueCents: value.value,
        condition: typeof value.event.data.condition === 'string' ? value.event.data.condition : null,
        // The underwriting job names its value's source (an override's, a BPO's, the AVM's).
        source:
          typeof value.event.data.valueSource === 'string'
            ? value.event.data.valueSource
            : value.event.action === 'STAFF_VALUATION_OVERRIDE'
              ? `Manual: ${String(value.event.data.source ?? 'staff override')}`
              : value.event.action.startsWith('BPO')
                ? 'Valuation order (BPO)'
                : 'Automated valuation (AVM)',
        at: value.event.at.toISOString(),
      }
    : null;
  const cltv = latest(events, 'cltvBps');
  const dti = latest(events, 'dtiBps');
  const maxLine = latest(events, 'maxLineCents');
  const newest = [cltv, dti, maxLine]
    .flatMap((fact) => (fact ? [fact.event] : []))
    .sort((x, y) => y.id - x.id)[0];
  const declined = events.find((event) => Array.isArray(event.data.reasons));
  const underwriting = newest
    ? {
        cltvBps: cltv?.value ?? null,
        dtiBps: dti?.value ?? null,
        maxLineCents: maxLine?.value ?? head.application.uwCalculatedDrawAmountCents ?? null,
        decision: head.application.statusFlags.uwDecision ?? null,
        reasons: declined ? (declined.data.reasons as unknown[]).map(String) : [],
        at: newest.at.toISOString(),
      }
    : null;
  return { credit, valuation, underwriting };
}

export async function applicationFile(
  db: Executor,
  request: FastifyRequest,
  uuid: string,
  now: Date,
): Promise<TApplicationFile> {
  await authorizeApplication(db, request, uuid);
  const rows = await selectApplicationFile(db, uuid);
  if (!rows) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  const { head } = rows;
  const application = head.application;
  const offer = rows.offers[0];
  return {
    uuid: application.uuid,
    orgCode: application.orgCode,
    loanNumber: application.loanNumber,
    ...stepFields(application.step, application.stepChangedAt, now),
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
    submittedAt: application.submittedAt?.toISOString() ?? null,
    loanOfficer: loanOfficerOf(head),
    borrower: {
      name: fullName({
        firstName: head.profile?.firstName ?? null,
        middleName: head.profile?.middleName ?? null,
        lastName: head.profile?.lastName ?? null,
        suffix: head.profile?.suffix ?? null,
      }),
      email: head.email,
      dob: head.profile?.dob ?? null,
      phoneNumbers: rows.phones.map((phone) => phone.number),
      ssnMasked: maskSsn(head.profile?.ssnLast4 ?? null),
      statedAnnualIncomeCents: application.statedAnnualIncomeCents,
      employmentType: application.employmentType,
    },
    coOwners: rows.coOwners.map((signer) => ({
      uuid: signer.uuid,
      name: `${signer.firstName} ${signer.lastName}`,
      email: signer.email,
      status: signer.status,
      invitedAt: signer.invitedAt.toISOString(),
      signedAt: signer.signedAt?.toISOString() ?? null,
    })),
    property: head.property
      ? {
          street1: head.property.street1,
          street2: head.property.street2,
          city: head.property.city,
          state: head.property.state,
          zip: head.property.zip,
          ownership: head.property.ownership,
        }
      : null,
    liens: rows.liens.map((lien) => ({
      position: lien.position,
      lenderName: lien.lenderName,
      balanceCents: lien.balanceCents,
      monthlyPaymentCents: lien.monthlyPaymentCents,
      source: lien.source,
      confirmed: lien.confirmed,
    })),
    ...providerFacts(rows),
    incomeSources: rows.income.map((source) => ({
      employmentType: source.employmentType,
      employerName: source.employerName,
      annualIncomeCents: source.annualIncomeCents,
      verifiedBy: source.verifiedBy,
    })),
    offer:
      offer || application.amountCents > 0
        ? {
            amountCents: application.amountCents,
            termYears: application.termYears,
            rateBps: application.rateBps,
            originationFeeBps: application.originationFeeBps,
            maxLineCents: offer?.maxLineCents ?? null,
          }
        : null,
    consents: rows.consents.map((consent) => ({
      type: consent.type,
      disclosureVersion: consent.disclosureVersion,
      at: consent.createdAt.toISOString(),
    })),
    accounts: rows.accounts.map((account) => ({
      purpose: account.purpose,
      bankName: account.bankName,
      accountType: account.accountType,
      accountMasked: maskAccount(account.mask),
      verificationStatus: account.verificationStatus,
    })),
    conditions: rows.conditions.map(consoleCondition),
    documents: rows.documents.map((document) => ({
      uuid: document.uuid,
      type: document.type,
      fileName: document.fileName,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      createdAt: document.createdAt.toISOString(),
      downloadPath: `/service-ops/api/v1/applications/${application.uuid}/documents/${document.uuid}/file`,
    })),
  };
}

export async function applicationDocument(
  db: Executor,
  request: FastifyRequest,
  uuid: string,
  documentUuid: string,
) {
  await authorizeApplication(db, request, uuid);
  const document = await selectDocument(db, uuid, documentUuid);
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  return document;
}
