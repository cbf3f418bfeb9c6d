/** The application's documents as services: the list, and one document's file (owner only). */
import type { TActionResult, TApplicationDocumentList } from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { actionResult as result } from '../../route-helpers';
import type { EngineDeps } from '../../services/deps';
import { documentsOf } from '../documents';
import { findApplicationDocument } from '../repository';

/** The application's documents (generated disclosures, notices, uploads). */
export async function listDocuments(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
): Promise<TActionResult & Pick<TApplicationDocumentList, 'documents'>> {
  return { ...result(application), documents: await documentsOf(tx, application.uuid) };
}

/** One document of the application, or null (then 404 once the lock is released). */
export async function findDocument(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application, documentUuid }: { application: ApplicationRow; documentUuid: string },
) {
  return findApplicationDocument(tx, application.uuid, documentUuid.toLowerCase());
}

/**
 * The document's file from storage; run after the application's transaction, so a slow storage read
 * never holds the lock. A missing row or file is the same 404.
 */
export async function readDocumentFile(
  { storage }: Pick<EngineDeps, 'storage'>,
  { document }: { document: Awaited<ReturnType<typeof findDocument>> },
) {
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  const file = await storage.get(document.fileKey);
  if (!file) throw new AppError('NOT_FOUND', 'Document not found');
  return { document, bytes: file.bytes };
}
