/** The property and its liens: choosing among several properties of record, the liens found and their confirmation. */
import type { TActionResult } from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApplicationRow } from '../../workflow/step-machine';
import { JOB_KINDS, moveApplication } from '../store';
import {
  confirmLiens,
  insertAddress,
  listLiens,
  listPropertyCandidates,
  setSelectedProperty,
} from '../repository';
import { actionResult as result, alreadyDone, borrowerActor as borrower } from '../route-helpers';
import type { EngineDeps, OwnApplication as Own } from './deps';
import type { ParsedBody } from './parsed-body';

/** The properties of record to choose from when several matched. */
export async function getProperties(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  return { ...result(application), properties: await listPropertyCandidates(tx, application.uuid) };
}

/** Chooses one of several properties of record; it becomes the application's property and is looked up again. */
export async function chooseProperty(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'property'> },
): Promise<TActionResult> {
  const { propertyId } = body;
  if (await alreadyDone(tx, application, 'CHOOSE_PROPERTY', (data) => data.propertyId === propertyId)) {
    return result(application);
  }
  const candidate = (await listPropertyCandidates(tx, application.uuid)).find(
    (each) => each.propertyId === propertyId,
  );
  if (application.step === 'MULTIPLE_PROPERTIES' && !candidate) {
    throw new AppError('BAD_REQUEST', 'Not one of the properties found');
  }
  const moved = await moveApplication(tx, clock, application, 'CHOOSE_PROPERTY', {
    actor: borrower(identityUuid),
    data: { propertyId },
    next: { kind: JOB_KINDS.propertyLookup, payload: { propertyId } },
  });
  // The chosen home becomes the application's property (one of the borrower's addresses),
  // so the valuation, the Texas rules and the screens all see the same address.
  const addressUuid = await insertAddress(tx, identityUuid, candidate!);
  await setSelectedProperty(tx, application.uuid, addressUuid);
  return result(moved);
}

/** The liens found on the property (and the borrower's corrections). */
export async function getLiens(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  return {
    ...result(application),
    inquiryAttestNeeded: application.statusFlags.inquiryAttestNeeded === true,
    liens: await listLiens(tx, application.uuid),
  };
}

/** Confirms the liens (with corrected balances, and the inquiry attestation when asked); starts underwriting. */
export async function confirmFoundLiens(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'liens/confirm'> },
): Promise<TActionResult> {
  const { corrections = [], inquiryAttestation = false } = body ?? {};
  if (await alreadyDone(tx, application, 'CONFIRM_LIENS')) return result(application);
  const attestNeeded =
    application.statusFlags.inquiryAttestNeeded === true &&
    application.statusFlags.inquiryAttestComplete !== true;
  if (attestNeeded && !inquiryAttestation) {
    throw new AppError('BAD_REQUEST', 'Please confirm the recent credit inquiries');
  }
  const found = new Set((await listLiens(tx, application.uuid)).map((lien) => lien.uuid));
  const unknown = corrections.find((each) => !found.has(each.uuid.toLowerCase()));
  if (unknown) throw new AppError('BAD_REQUEST', 'Not one of the liens found');
  // Order matters: the transition (which throws 409 out of order) before the lien writes.
  const moved = await moveApplication(tx, clock, application, 'CONFIRM_LIENS', {
    actor: borrower(identityUuid),
    data: { corrections: corrections.length },
    flags: { liensComplete: true, ...(attestNeeded && { inquiryAttestComplete: true }) },
    next: { kind: JOB_KINDS.underwritingPrice, payload: {} },
  });
  await confirmLiens(tx, application.uuid, corrections);
  return result(moved);
}
