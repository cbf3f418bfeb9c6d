/** What the closing route files share: the OpenAPI tag, the document view, storing an upload once. */
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_TYPE_LABELS, type TDocumentType } from '@heloc/domain';
import type { Executor } from '../../../db';
import type { schema } from '../../../db';
import type { receiveUpload } from '../../../uploads';
import { storeApplicationDocument } from '../../../uploads';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { borrowerActor as borrower } from '../../route-helpers';
import { documentsOfType } from '../documents';
import { recordAction } from '../store';

export const tags = ['applications'];

export function documentView(row: typeof schema.applicationDocuments.$inferSelect) {
  return {
    uuid: row.uuid,
    type: row.type as TDocumentType,
    label: DOCUMENT_TYPE_LABELS[row.type as TDocumentType] ?? row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdDate: row.createdAt.toISOString(),
  };
}

/** The same bytes uploaded twice as the same type are one document (a retried upload). */
export async function storeOnce(
  app: FastifyInstance,
  tx: Executor,
  application: ApplicationRow,
  type: TDocumentType,
  upload: Awaited<ReturnType<typeof receiveUpload>>,
  identityUuid: string,
) {
  const { sha256Hex } = await import('../../../storage');
  const digest = sha256Hex(upload.bytes);
  const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
    (doc) => doc.sha256 === digest,
  );
  if (existing) return existing;
  const stored = await storeApplicationDocument(tx, app.storage, app.clock, {
    applicationUuid: application.uuid,
    type,
    bytes: upload.bytes,
    contentType: upload.contentType,
    fileName: upload.fileName,
  });
  await recordAction(tx, app.clock, application, borrower(identityUuid), 'UPLOAD_DOCUMENT', {
    documentUuid: stored.uuid,
    type,
    sizeBytes: stored.sizeBytes,
    contentType: stored.contentType,
  });
  return stored;
}
