/**
 * Basic info and the soft pull, as services: the profile step, the SSN after no match, the freeze PIN,
 * a retry after a lifted freeze. Each runs in the application's locked transaction and answers the
 * action result; a repeat of an action already applied answers the current status.
 */
import { SOFT_CREDIT_DISCLOSURE_VERSION, type TActionResult } from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApplicationRow } from '../../workflow/step-machine';
import { JOB_KINDS, moveApplication, recordConsent } from '../store';
import { findOwnAddressUuid, hasConsent, setSelectedProperty, updateProfileNameAndDob } from '../repository';
import { actionResult as result, alreadyDone, borrowerActor as borrower } from '../route-helpers';
import { sealFreezePin, sealSsn } from '../submission/secrets';
import type { EngineDeps } from './deps';
import type { ParsedBody } from './parsed-body';

type Input<A extends 'profile' | 'ssn' | 'credit-pin'> = {
  application: ApplicationRow;
  identityUuid: string;
  body: ParsedBody<A>;
};

/** Name, birth date, property and the soft-credit consent; starts the soft pull. */
export async function submitProfile(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Input<'profile'>,
): Promise<TActionResult> {
  const { name, dob, propertyUuid } = body;
  const consented = await hasConsent(tx, application.uuid, 'SOFT_CREDIT');
  if (consented && application.step !== 'IN_PROGRESS') return result(application);

  const wanted = propertyUuid?.toLowerCase() ?? application.selectedPropertyUuid;
  if (!wanted) throw new AppError('BAD_REQUEST', 'A property is required');
  const ownPropertyUuid = await findOwnAddressUuid(tx, identityUuid, wanted);
  if (!ownPropertyUuid) throw new AppError('NOT_FOUND', 'Property not found');

  // Order matters: an out-of-order request must change nothing, so the transition (which
  // throws 409) comes before the profile and consent writes of the same transaction.
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_PROFILE', {
    actor: borrower(identityUuid),
    data: { propertyUuid: ownPropertyUuid },
    // A new attempt starts clean: a datatree miss or a freeze belongs to the previous one.
    flags: { datatreeNoMatch: false, creditFrozenWithPin: false },
    next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
  });
  await updateProfileNameAndDob(tx, identityUuid, { name, dob });
  await setSelectedProperty(tx, application.uuid, ownPropertyUuid);
  await recordConsent(tx, clock, application.uuid, 'SOFT_CREDIT', SOFT_CREDIT_DISCLOSURE_VERSION);
  return result(moved);
}

/** The SSN after a soft pull found no file: sealed at rest, and the soft pull runs again. */
export async function submitSsn(
  tx: Executor,
  { clock, sealer }: Pick<EngineDeps, 'clock' | 'sealer'>,
  { application, identityUuid, body }: Input<'ssn'>,
): Promise<TActionResult> {
  const ssnLast4 = body.ssn.replace(/\D/g, '').slice(-4);
  if (await alreadyDone(tx, application, 'SUBMIT_SSN', (data) => data.ssnLast4 === ssnLast4)) {
    return result(application);
  }
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_SSN', {
    actor: borrower(identityUuid),
    data: { ssnLast4 },
    // The SSN itself is sealed on the profile below; the soft pull opens it there.
    next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
  });
  await sealSsn(tx, sealer, identityUuid, body.ssn);
  return result(moved);
}

/** The bureau freeze PIN: sealed on the application, and the soft pull runs again with it. */
export async function submitCreditPin(
  tx: Executor,
  { clock, sealer }: Pick<EngineDeps, 'clock' | 'sealer'>,
  { application, identityUuid, body }: Input<'credit-pin'>,
): Promise<TActionResult> {
  // A wrong PIN lands on CREDIT_FROZEN_PIN again, where a new PIN is a new attempt.
  if (await alreadyDone(tx, application, 'SUBMIT_PIN')) return result(application);
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_PIN', {
    actor: borrower(identityUuid),
    // The PIN never travels in a job payload (nor the audit trail): it is sealed on the
    // application below and the job only says to use it.
    next: { kind: JOB_KINDS.creditSoftPull, payload: { withSealedFreezePin: true } },
  });
  // Sealed for this pull and for the hard pull at submission, which needs the freeze lifted again.
  await sealFreezePin(tx, sealer, application.uuid, body.pin);
  return result(moved);
}

/** Pulls credit again after the borrower lifted a freeze at the bureau. */
export async function retryCredit(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: { application: ApplicationRow; identityUuid: string },
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'RETRY_CREDIT')) return result(application);
  const moved = await moveApplication(tx, clock, application, 'RETRY_CREDIT', {
    actor: borrower(identityUuid),
    next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
  });
  return result(moved);
}
