/** Notary as services: the choice (eNotary or manual), the manual slots and the reservation. */
import { isOpenAt, MANUAL_NOTARY_FEE_CENTS, type TActionResult } from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { weeklyHours } from '../../../modules/operating-hours/service';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { actionResult as result, borrowerActor as borrower, requireStep } from '../../route-helpers';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { stepsAllowing } from '../../steps';
import { CLOSING_JOBS, latestEvent, loadClosingSubject, moveClosing, updateClosing } from '../store';

/** Chooses eNotary or a manual notary appointment (with its fee); a repeat of the same choice answers the status. */
export async function chooseNotary(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'notary/choice'> },
): Promise<TActionResult> {
  const manual = body.method === 'MANUAL';
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
}

/** Manual slots: the notary network's, inside the organisation's phone hours (Pacific), so a closer can confirm. */
async function manualSlots(
  db: Executor,
  { orgs, providers }: Pick<EngineDeps, 'orgs' | 'providers'>,
  application: ApplicationRow,
) {
  const subject = await loadClosingSubject({ db, orgs }, application.uuid);
  // The weekly rows: slots lie in later weeks, which this week's holidays say nothing about.
  const hours = await weeklyHours(db, 'OPS_PHONE', application.orgCode);
  const slots = await providers.notary.listManualSlots({
    applicationUuid: application.uuid,
    address: subject.address,
  });
  return slots.filter(
    (slot) => isOpenAt(hours, slot.startsAt) && isOpenAt(hours, slot.endsAt.getTime() - 60_000),
  );
}

/**
 * The manual notary slots for the next two weeks (Pacific time) and the fee; a read outside the
 * application's lock (`db` is the database, not a transaction), as before.
 */
export async function getManualNotarySlots(
  db: Executor,
  deps: Pick<EngineDeps, 'orgs' | 'providers'>,
  { application }: { application: ApplicationRow },
) {
  requireStep(application, ['MANUAL_DEED_SIGNING', 'NOTARY_DISCLOSURE'], 'Scheduling a notary');
  return {
    ...result(application),
    timeZone: 'America/Los_Angeles' as const,
    feeCents: MANUAL_NOTARY_FEE_CENTS,
    slots: (await manualSlots(db, deps, application)).map((slot) => ({
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
    })),
  };
}

/** Books one of the manual slots with the notary network; the appointment's end moves the closing on. */
export async function reserveNotary(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs' | 'providers'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'notary/reserve'> },
) {
  const { clock, orgs, providers } = deps;
  const startsAt = new Date(body.startsAt);
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
    !(await manualSlots(tx, deps, application)).some((slot) => slot.startsAt.getTime() === startsAt.getTime())
  ) {
    throw new AppError('BAD_REQUEST', 'This time is no longer available. Please choose another.');
  }
  const subject = await loadClosingSubject({ db: tx, orgs }, application.uuid);
  const booked = await providers.notary.bookManualAppointment({
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
}
