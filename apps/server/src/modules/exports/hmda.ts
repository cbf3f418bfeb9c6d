/**
 * The HMDA LAR export of one organisation for a year or a quarter: the reportable applications'
 * facts from the database (repository.ts), made into rows and checked with the domain's edits
 * (packages/domain/src/hmda). Nothing is invented: a fact the platform lacks becomes the field's
 * NA code (LAR_FIELDS says which and why) or, where HMDA has none, fails an edit.
 */
import {
  buildLarRow,
  buildTransmittalSheet,
  HMDA_ACTION,
  hmdaPeriodRange,
  larFileText,
  runHmdaEdits,
  type THmdaAction,
  type THmdaAnswers,
  type THmdaApplicationFacts,
  type THmdaEditFailure,
  type THmdaPeriod,
  type TOrgData,
  ZOrgHmda,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import {
  selectApplicationsWithLiens,
  selectEventsOf,
  selectReportableApplications,
  type ReportableRow,
} from './repository';

export const NO_HMDA_SETTINGS =
  'This organisation has no HMDA reporter settings (LEI, tax id, agency, contact)';

type Event = Awaited<ReturnType<typeof selectEventsOf>>[number];

/** The newest number an audit entry's data holds under `key` (credit score, DTI, CLTV, value). */
function newestNumber(events: readonly Event[], key: string): number | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const value = events[i]!.data[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function actionOf(row: ReportableRow, final: Event | undefined): THmdaAction {
  if (row.step === 'COMPLETE') return HMDA_ACTION.ORIGINATED;
  if (row.step === 'DECLINED') return HMDA_ACTION.DENIED;
  // A cancellation: the borrower's own is a withdrawal; the lender's (staff, system: expiry,
  // abandonment) closes the file for incompleteness.
  return final?.actorType === 'BORROWER' ? HMDA_ACTION.WITHDRAWN : HMDA_ACTION.CLOSED_INCOMPLETE;
}

function hmdaAnswers(value: Record<string, unknown> | null): THmdaAnswers | null {
  if (!value) return null;
  const answer = (key: string) => {
    const raw = value[key] as { declined?: unknown; values?: unknown } | undefined;
    return {
      declined: raw?.declined === true,
      values: Array.isArray(raw?.values) ? raw.values.filter((v): v is string => typeof v === 'string') : [],
    };
  };
  return { ethnicity: answer('ethnicity'), race: answer('race'), sex: answer('sex') };
}

/** One reportable application's facts, from its row and its audit entries (oldest first). */
export function factsOf(
  row: ReportableRow,
  events: readonly Event[],
  hasLien: boolean,
): THmdaApplicationFacts {
  const final = [...events]
    .reverse()
    .find((event) => event.kind === 'STEP_CHANGE' && event.toStep === row.step);
  const action = actionOf(row, final);
  const reasons = Array.isArray(final?.data.reasons)
    ? final.data.reasons.filter((r): r is string => typeof r === 'string')
    : (final?.reason ?? '').split(',').filter(Boolean);
  const line = row.amountCents > 0 ? row.amountCents : (row.uwCalculatedDrawAmountCents ?? 0);
  return {
    loanNumber: row.loanNumber,
    applicationDate: isoDay(row.submittedAt ?? row.createdAt),
    action,
    actionDate: isoDay(new Date(row.finalAt)),
    lineCents: line,
    property: { street: row.street1 ?? '', city: row.city ?? '', state: row.state ?? '', zip: row.zip ?? '' },
    hmda: hmdaAnswers(row.hmda),
    dateOfBirth: row.dob,
    statedAnnualIncomeCents: row.statedAnnualIncomeCents,
    hasExistingLien: hasLien,
    creditScore: newestNumber(events, 'score'),
    denialReasons: action === HMDA_ACTION.DENIED ? reasons : [],
    otherDenialReason: typeof final?.data.otherReason === 'string' ? final.data.otherReason : null,
    rateBps: row.rateBps > 0 ? row.rateBps : null,
    termYears: row.termYears > 0 ? row.termYears : null,
    dtiBps: newestNumber(events, 'dtiBps'),
    cltvBps: newestNumber(events, 'cltvBps'),
    propertyValueCents: newestNumber(events, 'valueCents'),
    originatorNmls: row.originatorNmls && /^\d{1,12}$/.test(row.originatorNmls) ? row.originatorNmls : null,
    uwDecision: typeof row.statusFlags.uwDecision === 'string' ? row.statusFlags.uwDecision : null,
  };
}

export type HmdaExport = {
  fileName: string;
  text: string;
  rows: number;
  failures: THmdaEditFailure[];
  testLei: boolean;
};

/** Builds the organisation's LAR for the period and runs the edits over it. */
export async function exportHmdaLar(db: Executor, org: TOrgData, period: THmdaPeriod): Promise<HmdaExport> {
  if (!org.orgMetaData.hmda) throw new AppError('CONFLICT', NO_HMDA_SETTINGS);
  const parsed = ZOrgHmda.safeParse(org.orgMetaData.hmda);
  if (!parsed.success)
    throw new AppError(
      'CONFLICT',
      'This organisation’s HMDA reporter settings are invalid',
      parsed.error.issues,
    );
  const settings = parsed.data;
  const company = org.orgMetaData.companyInfo;
  const range = hmdaPeriodRange(period);
  const applications = await selectReportableApplications(
    db,
    org.orgCode,
    new Date(`${range.from}T00:00:00Z`),
    new Date(`${range.to}T00:00:00Z`),
  );
  const uuids = applications.map((row) => row.uuid);
  const [events, liens] = await Promise.all([
    selectEventsOf(db, uuids),
    selectApplicationsWithLiens(db, uuids),
  ]);
  const eventsByApplication = new Map<string, Event[]>();
  for (const event of events) {
    const list = eventsByApplication.get(event.applicationUuid) ?? [];
    list.push(event);
    eventsByApplication.set(event.applicationUuid, list);
  }
  const rows = applications.map((row) =>
    buildLarRow(settings.lei, factsOf(row, eventsByApplication.get(row.uuid) ?? [], liens.has(row.uuid))),
  );
  const ts = buildTransmittalSheet(
    {
      institutionName: company.companyName,
      lei: settings.lei,
      taxId: settings.taxId,
      agencyCode: settings.agencyCode,
      contact: {
        name: settings.contactName,
        phone: settings.contactPhone,
        email: settings.contactEmail,
        street: [company.companyAddress.street1, company.companyAddress.street2].filter(Boolean).join(' '),
        city: company.companyAddress.city,
        state: company.companyAddress.state,
        zip: company.companyAddress.zip,
      },
    },
    period,
    rows.length,
  );
  const suffix = period.quarter === null ? `${period.year}` : `${period.year}-Q${period.quarter}`;
  return {
    fileName: `${settings.lei}-${suffix}-LAR.txt`,
    text: larFileText(ts, rows),
    rows: rows.length,
    failures: runHmdaEdits(period, ts, rows),
    testLei: settings.testLei,
  };
}
