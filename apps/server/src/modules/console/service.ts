/**
 * The lender console's service: who sees what (the staff policy: organisation through
 * staffOrgFilter/authorizeStaff; a member without APPLICATIONS_READ sees only the applications their
 * own originator record referred), the keyset cursor, and the shapes the routes answer.
 */
import type { FastifyRequest } from 'fastify';
import {
  ZApplicationStep,
  maskAccount,
  maskSsn,
  pipelineStepGroup,
  stepInWords,
  timelineKind,
  wholeDaysBetween,
  type TApplicationFile,
  type TPipelineItem,
  type TPipelinePage,
  type TPipelineQuery,
  type TPipelineSort,
  type TTimeline,
  type TTimelineKind,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { authorizeStaff, staffCan, staffOf, staffOrgFilter } from '../staff/policy';
import { consoleCondition } from './conditions';
import {
  selectApplicationFile,
  selectApplicationScope,
  selectDocument,
  selectPipelinePage,
  selectTimeline,
  type ApplicationFileRows,
  type Keyset,
  type PipelineRow,
  type PipelineScope,
} from './repository';

export const APPLICATION_NOT_FOUND = 'Application not found';

// ---------------------------------------------------------------------------------------------
// Cursor: base64url JSON of the sort, its direction, the last row's sort value and uuid. A cursor of
// another sort or direction (or a forged one) answers 400 rather than a wrong page.
// ---------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(sort: TPipelineSort, dir: 'asc' | 'desc', keyset: Keyset): string {
  return Buffer.from(JSON.stringify([sort, dir, keyset.value, keyset.uuid])).toString('base64url');
}

const SORT_VALUE: Record<TPipelineSort, RegExp> = {
  updatedAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  createdAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  stepChangedAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  amount: /^-?\d{1,10}$/,
  loanNumber: /^[0-9A-Za-z-]{1,40}$/,
};

export function decodeCursor(cursor: string, sort: TPipelineSort, dir: 'asc' | 'desc'): Keyset {
  const invalid = () =>
    new AppError('BAD_REQUEST', 'Invalid cursor: start again from the first page', [
      { path: 'querystring.cursor', message: 'Invalid cursor' },
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [cursorSort, cursorDir, value, uuid] = parsed as unknown[];
  if (cursorSort !== sort || cursorDir !== dir) throw invalid();
  if (typeof value !== 'string' || !SORT_VALUE[sort].test(value)) throw invalid();
  if (typeof uuid !== 'string' || !UUID.test(uuid)) throw invalid();
  return { value, uuid };
}

// ---------------------------------------------------------------------------------------------
// Who sees what
// ---------------------------------------------------------------------------------------------

/** The console's routes ask for APPLICATIONS_READ_ASSIGNED; APPLICATIONS_READ widens it to every borrower. */
function assignedOnly(request: FastifyRequest): string | 'NONE' | null {
  const staff = staffOf(request);
  if (staffCan(staff, 'APPLICATIONS_READ')) return null;
  return staff.loanOriginatorUuid ?? 'NONE';
}

/**
 * The application a staff member may open: another organisation's, and for a loan officer one
 * referred by someone else, answers 404 as if it did not exist.
 */
export async function authorizeApplication(db: Executor, request: FastifyRequest, uuid: string) {
  const scope = await selectApplicationScope(db, uuid);
  await authorizeStaff(request, 'APPLICATIONS_READ_ASSIGNED', scope?.orgCode, APPLICATION_NOT_FOUND);
  const assigned = assignedOnly(request);
  if (assigned !== null && scope?.referrerUuid !== assigned)
    throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  return scope!;
}

// ---------------------------------------------------------------------------------------------
// Pipeline
// ---------------------------------------------------------------------------------------------

function fullName(parts: {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  suffix: string | null;
}): string {
  const name = [parts.firstName, parts.middleName, parts.lastName, parts.suffix]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(' ');
  return name || 'No name yet';
}

function loanOfficerOf(row: {
  loanOfficerUuid: string | null;
  loanOfficerName: string | null;
  loanOfficerBroker: string | null;
}) {
  return row.loanOfficerUuid
    ? { uuid: row.loanOfficerUuid, name: row.loanOfficerName ?? row.loanOfficerBroker }
    : null;
}

function stepFields(step: string, stepChangedAt: Date, now: Date) {
  const parsed = ZApplicationStep.safeParse(step);
  return {
    step,
    stepLabel: stepInWords(step),
    // An unknown step (a step removed from the code) shows with the basic-info group.
    stepGroup: parsed.success ? pipelineStepGroup(parsed.data) : ('BASIC_INFO' as const),
    stepChangedAt: stepChangedAt.toISOString(),
    daysInStep: wholeDaysBetween(stepChangedAt, now),
  };
}

function pipelineItem(row: PipelineRow, now: Date): TPipelineItem {
  return {
    uuid: row.uuid,
    orgCode: row.orgCode,
    loanNumber: row.loanNumber,
    borrowerName: fullName(row),
    email: row.email,
    propertyState: row.propertyState,
    propertyCity: row.propertyCity,
    amountCents: row.amountCents,
    ...stepFields(row.step, row.stepChangedAt, now),
    loanOfficer: loanOfficerOf(row),
    openConditions: row.openConditions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPipeline(
  db: Executor,
  request: FastifyRequest,
  query: TPipelineQuery,
  now: Date,
): Promise<TPipelinePage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, query.dir) : null;
  const scope: PipelineScope = {
    orgCode: await staffOrgFilter(request, 'APPLICATIONS_READ_ASSIGNED', query.orgCode),
    assignedTo: assignedOnly(request),
  };
  const rows = await selectPipelinePage(db, scope, query, after, now);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => pipelineItem(row, now)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(query.sort, query.dir, { value: last.sortValue, uuid: last.uuid })
        : null,
  };
}

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

// ---------------------------------------------------------------------------------------------
// Timeline
// ---------------------------------------------------------------------------------------------

const ACTOR_WORDS: Record<string, string> = {
  BORROWER: 'Borrower',
  CO_DEEDER: 'Co-owner',
  STAFF: 'Staff',
  SYSTEM: 'System',
  PROVIDER: 'Provider',
};

export async function applicationTimeline(
  db: Executor,
  request: FastifyRequest,
  uuid: string,
  kinds: readonly TTimelineKind[] | undefined,
): Promise<TTimeline> {
  await authorizeApplication(db, request, uuid);
  const rows = await selectTimeline(db, uuid);
  const items = rows
    .map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: timelineKind(row),
      action: row.action,
      actorType: row.actorType,
      actor: row.actorEmail ?? ACTOR_WORDS[row.actorType] ?? row.actorType,
      fromStep: row.fromStep,
      toStep: row.toStep,
      // An action repeats the step it happened at: only a step change has a from → to.
      fromStepLabel: row.kind === 'STEP_CHANGE' && row.fromStep ? stepInWords(row.fromStep) : null,
      toStepLabel: row.kind === 'STEP_CHANGE' && row.toStep ? stepInWords(row.toStep) : null,
      // Staff actions keep their reason in the entry's data (a waiver, a reopening).
      reason: row.reason ?? (typeof row.data.reason === 'string' ? row.data.reason : null),
      data: row.data,
    }))
    .filter((item) => !kinds?.length || kinds.includes(item.kind));
  return { items };
}
