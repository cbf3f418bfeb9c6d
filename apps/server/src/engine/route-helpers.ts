/**
 * What the borrower's engine routes share (profile to offer, submission, closing): the path and its
 * parameter, the error answers, the action result, and how a call reaches the caller's own
 * application — locked, 404 when foreign, 409 out of order, the same answer on a repeat.
 */
import { z } from 'zod';
import { ZApiErrorBody, ZUuid, type TActionResult, type TApplicationStep } from '@heloc/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db';
import { AppError } from '../lib/errors';
import { authOf } from '../plugins/auth';
import { withApplicationLock, type ApplicationRow } from '../workflow/step-machine';
import { latestEvent } from './closing/store';
import { stepsAllowing, type EngineAction } from './steps';
import { findOwnApplicationUuid } from './repository';

export const APPLICATION_BASE = '/service-application/api/v1/application/heloc/:uuid';
export const applicationParams = z.object({ uuid: ZUuid });
export const applicationErrors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  404: ZApiErrorBody,
  409: ZApiErrorBody,
};

export const actionResult = (application: ApplicationRow): TActionResult => ({
  status: application.step as TApplicationStep,
});

export const borrowerActor = (identityUuid: string) => ({ type: 'BORROWER', uuid: identityUuid }) as const;

/** The id of the caller's own application named in the path; a foreign or unknown id is 404. */
export async function ownApplicationUuid(
  db: Executor,
  request: { params: { uuid: string } },
  identityUuid: string,
): Promise<string> {
  const uuid = request.params.uuid.toLowerCase();
  const owned = await findOwnApplicationUuid(db, identityUuid, uuid);
  if (!owned) throw new AppError('NOT_FOUND', 'Application not found');
  return uuid;
}

/** Runs `work` on the caller's own application, locked; a foreign or unknown id is 404. */
export async function onOwnApplication<T>(
  db: Database,
  request: { params: { uuid: string } },
  work: (tx: Executor, application: ApplicationRow, identityUuid: string) => Promise<T>,
): Promise<T> {
  const { identityUuid } = authOf(request as FastifyRequest);
  const uuid = await ownApplicationUuid(db, request, identityUuid);
  return withApplicationLock(db, uuid, (tx, application) => work(tx, application, identityUuid));
}

/** 409 with the current step, for an action the application's step does not allow. */
export function outOfOrder(application: ApplicationRow, what: string): AppError {
  return new AppError('CONFLICT', `${what} is not possible while the application is at ${application.step}`, {
    step: application.step,
  });
}

/** 409 with the current step unless the application is at one of `steps`. */
export function requireStep(application: ApplicationRow, steps: readonly string[], what: string): void {
  if (!steps.includes(application.step)) throw outOfOrder(application, what);
}

/**
 * True when `action` was already applied (with the same input, `sameInput` compares the recorded
 * data) and the application has moved past the steps the engine's step table allows it from: a repeat
 * answers the current status instead of an error.
 */
export async function alreadyDone(
  tx: Executor,
  application: ApplicationRow,
  action: EngineAction,
  sameInput: (data: Record<string, unknown>) => boolean = () => true,
): Promise<boolean> {
  if (stepsAllowing(action).includes(application.step as TApplicationStep)) return false;
  const event = await latestEvent(tx, application.uuid, action);
  return event !== null && sameInput(event.data);
}
