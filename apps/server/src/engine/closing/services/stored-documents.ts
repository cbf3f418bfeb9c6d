/** What the closing services share about the borrower's documents: storing an upload once. */
import type { TDocumentType } from '@heloc/domain';
import type { Executor } from '../../../db';
import { sha256Hex } from '../../../storage';
import { storeApplicationDocument, type receiveUpload } from '../../../uploads';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { borrowerActor as borrower } from '../../route-helpers';
import type { EngineDeps } from '../../services/deps';

import { documentsOfType } from '../documents';
import { recordAction } from '../store';

/** The same bytes uploaded twice as the same type are one document (a retried upload). */
export async function storeOnce(
  tx: Executor,
  { storage, clock }: Pick<EngineDeps, 'storage' | 'clock'>,
  {
    application,
    type,
    upload,
    identityUuid,
  }: {
    application: ApplicationRow;
    type: TDocumentType;
    upload: Awaited<ReturnType<typeof receiveUpload>>;
    identityUuid: string;
  },
) {
  const digest = sha256Hex(upload.bytes);
  const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
    (doc) => doc.sha256 === digest,
  );
  if (existing) return existing;
  const stored = await storeApplicationDocument(tx, storage, clock, {
    applicationUuid: application.uuid,
    type,
    bytes: upload.bytes,
    contentType: upload.contentType,
    fileName: upload.fileName,
  });
  await recordAction(tx, clock, application, borrower(identityUuid), 'UPLOAD_DOCUMENT', {
    documentUuid: stored.uuid,
    type,
    sizeBytes: stored.sizeBytes,
    contentType: stored.contentType,
  });
  return stored;
}
