/** Provide More Info as services: more info, contact, additional profile, HMDA and the submission. */
import { HARD_CREDIT_DISCLOSURE_VERSION, type TActionResult } from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { recordEvent } from '../../../workflow/audit';
import {
  actionResult as result,
  alreadyDone,
  borrowerActor as borrower,
  outOfOrder,
} from '../../route-helpers';
import { moveApplication, recordConsent } from '../../store';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import { sealSsn, ssnContext } from '../secrets';
import { hasConsent } from '../../repository';
import {
  findAddressOwnership,
  findContactAndSsn,
  findPrimaryPhoneNumber,
  findSealedSsn,
  findSummaryDocument,
  hasEvent,
  hasPhoneNumber,
  isEmailUsedByAnother,
  saveContact,
  setAddressOwnership,
  updateApplication,
} from '../repository';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';

/** What the contact and additional-profile screens start from (the SSN as its last 4 only). */
export async function getMoreInfo(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application, identityUuid }: Own,
) {
  const row = await findContactAndSsn(tx, identityUuid);
  const phoneNumber = await findPrimaryPhoneNumber(tx, identityUuid);
  const ownership = application.selectedPropertyUuid
    ? await findAddressOwnership(tx, application.selectedPropertyUuid)
    : null;
  const hardCreditConsent = await hasConsent(tx, application.uuid, 'HARD_CREDIT');
  return {
    ...result(application),
    email: row?.email ?? '',
    phoneNumber,
    ownership: ownership as 'SOLE' | 'JOINT' | 'TRUST' | null,
    // Only a sealed SSN counts as on file: the hard pull needs all 9 digits.
    hasSsn: Boolean(row?.ssnEncrypted),
    ssnLast4: row?.ssnEncrypted ? (row.ssnLast4 ?? null) : null,
    hardCreditConsent,
  };
}

/** Saves the e-mail (also the sign-in name) and the primary phone the borrower is reached at. */
export async function saveContactInfo(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'contact'> },
): Promise<TActionResult> {
  const { phoneNumber } = body;
  const email = body.email.toLowerCase();
  if (application.step !== 'COLLECT_ADDITIONAL_INFO') {
    // A repeat after the borrower moved on answers the current status; anything else is out of order.
    const saved = await hasEvent(tx, application.uuid, 'SAVE_CONTACT');
    if (saved) return result(application);
    throw outOfOrder(application, 'SAVE_CONTACT');
  }
  const taken = await isEmailUsedByAnother(tx, email, identityUuid);
  if (taken) throw new AppError('CONFLICT', 'This e-mail address is already used by another account');
  await saveContact(tx, identityUuid, { email, phoneNumber });
  await recordEvent(tx, clock, {
    applicationUuid: application.uuid,
    actor: borrower(identityUuid),
    kind: 'ACTION',
    action: 'SAVE_CONTACT',
    // Which fields changed, not their values (no PII in the trail beyond what identifies the step).
    data: { phoneLast4: phoneNumber.slice(-4) },
  });
  return result(application);
}

/** Property ownership, the SSN when none is on file, and the hard-credit authorization; on to HMDA. */
export async function submitAdditionalProfile(
  tx: Executor,
  { clock, sealer }: Pick<EngineDeps, 'clock' | 'sealer'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'additional-profile'> },
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'SUBMIT_ADDITIONAL_PROFILE')) {
    return result(application);
  }
  const { ownership, ssn } = body;
  const sealedSsn = await findSealedSsn(tx, identityUuid);
  const phone = await hasPhoneNumber(tx, identityUuid);
  // Out of order first (409 changes nothing), then what the body lacks (400).
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_ADDITIONAL_PROFILE', {
    actor: borrower(identityUuid),
    data: { ownership, ssnProvided: ssn !== undefined },
  });
  if (!phone) {
    throw new AppError('BAD_REQUEST', 'Invalid request: body.phoneNumber: Please add a phone number first', [
      { path: 'body.phoneNumber', message: 'Please add a phone number first' },
    ]);
  }
  if (!sealedSsn) {
    if (!ssn) {
      throw new AppError('BAD_REQUEST', 'Invalid request: body.ssn: Required', [
        { path: 'body.ssn', message: 'Required' },
      ]);
    }
    await sealSsn(tx, sealer, identityUuid, ssn);
  } else if (ssn && sealer.open(sealedSsn, ssnContext(identityUuid)) !== ssn) {
    throw new AppError(
      'BAD_REQUEST',
      'Invalid request: body.ssn: This SSN does not match the one you gave before',
      [{ path: 'body.ssn', message: 'This SSN does not match the one you gave before' }],
    );
  }
  if (application.selectedPropertyUuid) {
    await setAddressOwnership(tx, identityUuid, application.selectedPropertyUuid, ownership);
  }
  await recordConsent(tx, clock, application.uuid, 'HARD_CREDIT', HARD_CREDIT_DISCLOSURE_VERSION);
  return result(moved);
}

/** Stores the HMDA answers for Regulation C reporting and has the application summary generated. */
export async function submitHmda(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'hmda'> },
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'SUBMIT_HMDA')) return result(application);
  // The answers are stored for Regulation C reporting, not copied into the audit trail.
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_HMDA', {
    actor: borrower(identityUuid),
    next: { kind: SUBMISSION_JOB_KINDS.appSummary, payload: {} },
  });
  await updateApplication(tx, application.uuid, { hmda: body, hasHmda: true });
  return result(moved);
}

/** Submits the application with the summary the borrower confirmed; starts the hard credit pull. */
export async function submitApplication(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: Own,
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'SUBMIT_APPLICATION')) return result(application);
  const summary = await findSummaryDocument(tx, application.uuid);
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_APPLICATION', {
    actor: borrower(identityUuid),
    // Which summary the borrower confirmed, by content hash.
    data: { summaryDocumentUuid: summary?.uuid ?? null, summarySha256: summary?.sha256 ?? null },
    next: { kind: SUBMISSION_JOB_KINDS.hardPull, payload: {} },
  });
  return result(moved);
}
