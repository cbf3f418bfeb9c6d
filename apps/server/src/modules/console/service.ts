/**
 * The lender console's service: who sees what (the staff policy: organisation through
 * staffOrgFilter/authorizeStaff; a member without APPLICATIONS_READ sees only the applications their
 * own originator record referred) and the pipeline's page. The keyset cursor: cursor.ts; the
 * application file: file.ts; the timeline: timeline.ts.
 */
import type { FastifyRequest } from 'fastify';
import {
  ZApplicationStep,
  pipelineStepGroup,
  stepInWords,
  wholeDaysBetween,
  type TPipelineItem,
  type TPipelinePage,
  type TPipelineQuery,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { authorizeStaff, staffCan, staffOf, staffOrgFilter } from '../staff/policy';
import {
  selectApplicationScope,
  selectPipelinePage,
  type PipelineRow,
  type PipelineScope,
} from './repository';
import { decodeCursor, encodeCursor } from './cursor';

export const APPLICATION_NOT_FOUND = 'Application not found';

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

export function fullName(parts: {
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

export function loanOfficerOf(row: {
  loanOfficerUuid: string | null;
  loanOfficerName: string | null;
  loanOfficerBroker: string | null;
}) {
  return row.loanOfficerUuid
    ? { uuid: row.loanOfficerUuid, name: row.loanOfficerName ?? row.loanOfficerBroker }
    : null;
}

export function stepFields(step: string, stepChangedAt: Date, now: Date) {
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
