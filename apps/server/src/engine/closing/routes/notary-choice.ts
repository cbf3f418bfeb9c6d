/**
 * Notary: the choice (eNotary or manual), the manual slots and the reservation.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENGINE_WRITES,
  isOpenAt,
  MANUAL_NOTARY_FEE_CENTS,
  ZNotaryReservation,
  ZNotarySlotsView,
  ZActionResult,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { weeklyHours } from '../../../modules/operating-hours/service';
import { withApplicationLock, type ApplicationRow } from '../../../workflow/step-machine';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
  requireStep,
} from '../../route-helpers';
import { CLOSING_JOBS, latestEvent, loadClosingSubject, moveClosing, updateClosing } from '../store';
import { tags } from './shared';
import { findApplication } from '../../repository';
import { stepsAllowing } from '../../steps';

export const notaryChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.post(
    `${BASE}/notary/choice`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'eNotary (online session) or a manual notary appointment ($300 fee, consent required)',
        params,
        body: ENGINE_WRITES['notary/choice'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const manual = request.body.method === 'MANUAL';
        if (
          (manual && application.step === 'MANUAL_DEED_SIGNING') ||
          (!manual && application.step === 'DEED_SIGNING')
        ) {
          return result(application);
        }
        const moved = await moveClosing(
          tx,
          clock,
          application,
          manual ? 'CHOOSE_MANUAL_NOTARY' : 'CHOOSE_ENOTARY',
          {
            actor: borrower(identityUuid),
            data: manual ? { feeCents: MANUAL_NOTARY_FEE_CENTS } : {},
            flags: { manualNotary: manual },
          },
        );
        await updateClosing(tx, clock, application.uuid, { notaryMethod: manual ? 'MANUAL' : 'ENOTARY' });
        return result(moved);
      }),
  );

  /** Manual slots: the notary network's, inside the organisation's phone hours (Pacific), so a closer can confirm. */
  async function manualSlots(db: Executor, application: ApplicationRow) {
    const subject = await loadClosingSubject({ db, orgs: app.orgs }, application.uuid);
    // The weekly rows: slots lie in later weeks, which this week's holidays say nothing about.
    const hours = await weeklyHours(db, 'OPS_PHONE', application.orgCode);
    const slots = await app.providers.notary.listManualSlots({
      applicationUuid: application.uuid,
      address: subject.address,
    });
    return slots.filter(
      (slot) => isOpenAt(hours, slot.startsAt) && isOpenAt(hours, slot.endsAt.getTime() - 60_000),
    );
  }

  app.get(
    `${BASE}/notary/slots`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Manual notary appointment slots for the next two weeks (Pacific time)',
        params,
        response: {
          200: ZNotarySlotsView,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const application = await findApplication(app.db, uuid);
      requireStep(application!, ['MANUAL_DEED_SIGNING', 'NOTARY_DISCLOSURE'], 'Scheduling a notary');
      return {
        ...result(application!),
        timeZone: 'America/Los_Angeles' as const,
        feeCents: MANUAL_NOTARY_FEE_CENTS,
        slots: (await manualSlots(app.db, application!)).map((slot) => ({
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    `${BASE}/notary/reserve`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Reserve a manual notary appointment slot',
        params,
        body: ENGINE_WRITES['notary/reserve'],
        response: {
          200: ZNotaryReservation,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const startsAt = new Date(request.body.startsAt);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        const reserved = await latestEvent(tx, application.uuid, 'RESERVE_NOTARY');
        if (
          application.step !== 'MANUAL_DEED_SIGNING' &&
          reserved &&
          reserved.data.startsAt === startsAt.toISOString()
        ) {
          return {
            ...result(application),
            startsAt: String(reserved.data.startsAt),
            endsAt: String(reserved.data.endsAt),
          };
        }
        requireStep(application, stepsAllowing('RESERVE_NOTARY'), 'Reserving a notary');
        if (
          !(await manualSlots(tx, application)).some((slot) => slot.startsAt.getTime() === startsAt.getTime())
        ) {
          throw new AppError('BAD_REQUEST', 'This time is no longer available. Please choose another.');
        }
        const subject = await loadClosingSubject({ db: tx, orgs: app.orgs }, application.uuid);
        const booked = await app.providers.notary.bookManualAppointment({
          applicationUuid: application.uuid,
          address: subject.address,
          startsAt,
        });
        if (booked.outcome !== 'BOOKED')
          throw new AppError('BAD_REQUEST', 'This time is no longer available. Please choose another.');
        await updateClosing(tx, clock, application.uuid, { requestedManualNotaryTime: booked.startsAt });
        const moved = await moveClosing(tx, clock, application, 'RESERVE_NOTARY', {
          actor: borrower(identityUuid),
          data: {
            appointmentId: booked.appointmentId,
            startsAt: booked.startsAt.toISOString(),
            endsAt: booked.endsAt.toISOString(),
            feeCents: booked.feeCents,
          },
          next: {
            kind: CLOSING_JOBS.notaryAppointmentDone,
            payload: { appointmentId: booked.appointmentId, endsAt: booked.endsAt.toISOString() },
            runAfter: booked.endsAt,
          },
        });
        return {
          ...result(moved),
          startsAt: booked.startsAt.toISOString(),
          endsAt: booked.endsAt.toISOString(),
        };
      });
    },
  );
};
