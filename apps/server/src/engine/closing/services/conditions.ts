/** Conditions the borrower clears, as services: a missing phone number and document requests. */
import {
  CONDITION_UPLOAD_DOCUMENT_TYPES,
  type TActionResult,
  type TConditionCategory,
  type TDocumentType,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { setPrimaryPhoneNumber } from '../../../modules/profile/repository';
import type { receiveUpload } from '../../../uploads';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { actionResult as result, borrowerActor as borrower } from '../../route-helpers';
import type { EngineDeps } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { conditionCounted, openConditionOf } from '../conditions-store';
import { documentsOfType } from '../documents';
import { findCondition, updateCondition } from '../repository';
import { documentView } from '../../submission/documents';
import { storeOnce } from './stored-documents';
import { recordAction } from '../store';

type Upload = Awaited<ReturnType<typeof receiveUpload>>;

/** One of the application's open conditions, or 404. */
async function openCondition(tx: Executor, applicationUuid: string, conditionUuid: string) {
  const condition = await findCondition(tx, applicationUuid, conditionUuid.toLowerCase());
  if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
  return condition;
}

/** Saves the missing phone number as the borrower's primary number and clears the condition. */
export async function savePhoneNumberCondition(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  {
    application,
    identityUuid,
    conditionUuid,
    body,
  }: {
    application: ApplicationRow;
    identityUuid: string;
    conditionUuid: string;
    body: ParsedBody<'conditions/phone-number'>;
  },
): Promise<TActionResult> {
  const condition = await openCondition(tx, application.uuid, conditionUuid);
  if (condition.category !== 'MISSING_PHONE_NUMBER') {
    throw new AppError('BAD_REQUEST', 'This condition does not ask for a phone number');
  }
  if (condition.clearedAt) return result(application);
  const number = body.phoneNumber;
  await setPrimaryPhoneNumber(tx, identityUuid, number);
  await updateCondition(tx, condition.uuid, { clearedAt: clock.now() });
  await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_PHONE_NUMBER', {
    conditionUuid: condition.uuid,
  });
  return result(application);
}

/**
 * The document types an open condition takes (the first is the default), checked before the upload
 * is read so a wrong id costs no upload: 404 for no such open condition, 409 when no upload clears it.
 */
export async function openConditionForUpload(
  db: Executor,
  _deps: Pick<EngineDeps, never>,
  { applicationUuid, conditionUuid }: { applicationUuid: string; conditionUuid: string },
): Promise<readonly TDocumentType[]> {
  const condition = await openConditionOf(db, applicationUuid, conditionUuid);
  const allowedTypes = CONDITION_UPLOAD_DOCUMENT_TYPES[condition.category as TConditionCategory] ?? [];
  if (allowedTypes.length === 0) {
    throw new AppError('CONFLICT', 'This condition is not cleared by uploading a document', {
      category: condition.category,
    });
  }
  return allowedTypes;
}

/**
 * The upload's document type (the form's `documentType`, else the condition's default; 400 when the
 * condition does not take it) and the file's digest, worked out before the application's lock.
 */
export async function prepareConditionUpload(
  _deps: Pick<EngineDeps, never>,
  { allowedTypes, upload }: { allowedTypes: readonly TDocumentType[]; upload: Upload },
) {
  const asked = upload.fields.documentType ?? allowedTypes[0]!;
  const type = allowedTypes.find((each) => each === asked);
  if (!type) {
    throw new AppError('BAD_REQUEST', 'Invalid request', [
      { path: 'body.documentType', message: `Must be one of ${allowedTypes.join(', ')}` },
    ]);
  }
  const { sha256Hex } = await import('../../../storage');
  const digest = sha256Hex(upload.bytes);
  return { type, digest };
}

/**
 * Stores the condition's document and lowers the count still asked for (the last one leaves nothing
 * for the borrower until the lender reviews it); the same file again is the same document and counts once.
 */
export async function uploadConditionDocument(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'storage'>,
  {
    application,
    identityUuid,
    conditionUuid,
    type,
    digest,
    upload,
  }: {
    application: ApplicationRow;
    identityUuid: string;
    conditionUuid: string;
    type: TDocumentType;
    digest: string;
    upload: Upload;
  },
) {
  const { clock } = deps;
  // Re-read under the lock: a concurrent upload may have lowered the count or a job cleared it.
  const current = await openConditionOf(tx, application.uuid, conditionUuid);
  const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
    (doc) => doc.sha256 === digest,
  );
  let document = existing;
  let updated: typeof current | undefined = current;
  if (!existing || !(await conditionCounted(tx, application.uuid, conditionUuid, existing.uuid))) {
    document = existing ?? (await storeOnce(tx, deps, { application, type, upload, identityUuid }));
    const remaining = current.numDocsRequired - 1;
    updated = await updateCondition(
      tx,
      conditionUuid,
      remaining >= 1
        ? { numDocsRequired: remaining }
        : // Everything asked for is in: nothing left for the borrower until the lender reviews it.
          { actionNeeded: false },
    );
    await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_DOCUMENT_UPLOADED', {
      conditionUuid,
      category: current.category,
      documentUuid: document.uuid,
      type,
    });
  }
  return {
    ...result(application),
    condition: {
      uuid: updated!.uuid,
      categoryEnum: updated!.category as TConditionCategory,
      actionNeeded: updated!.actionNeeded,
      xtraData: { numDocsRequired: updated!.numDocsRequired },
    },
    document: documentView(document!),
  };
}
