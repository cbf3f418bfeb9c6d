/** Closing documents as services: the list with what is signed, one document's file, and e-signing them. */
import { ESIGN_DISCLOSURE_VERSION, type TDocumentType } from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { actionResult as result, borrowerActor as borrower, requireStep } from '../../route-helpers';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { stepsAllowing } from '../../steps';
import { findApplicationDocument } from '../../submission/repository';
import { currentClosingDocuments, E_SIGNED_TYPES } from '../documents';
import { listSignatures, recordSignature } from '../repository';
import { documentView } from '../../submission/documents';
import { CLOSING_JOBS, moveClosing, recordAction } from '../store';
import { texasClosingRefusal, texasSigningNotBefore } from '../texas';

/** The closing documents, how each is signed and whether the borrower signed it, and when signing opens (Texas). */
export async function listClosingDocuments(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: Own,
) {
  const documents = await currentClosingDocuments(tx, application.uuid);
  const signatures = await listSignatures(tx, application.uuid);
  // The same refusal the sign call gives, told before the borrower presses Sign.
  const signingNotBefore = await texasSigningNotBefore(tx, application, clock.now());
  return {
    ...result(application),
    esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
    signingNotBefore,
    documents: documents.map((doc) => {
      const signature = signatures.find(
        (each) => each.documentUuid === doc.uuid && each.signerIdentityUuid === identityUuid,
      );
      return {
        ...documentView(doc),
        signingMethod: E_SIGNED_TYPES.includes(doc.type as TDocumentType)
          ? ('ESIGN' as const)
          : ('NOTARY' as const),
        signed: signature !== undefined,
        signedDate: signature?.signedAt.toISOString() ?? null,
      };
    }),
  };
}

/**
 * One of the application's documents and its file from storage, read without the application's lock
 * (`db` is the database); a missing row or file is the same 404.
 */
export async function readClosingDocumentFile(
  db: Executor,
  { storage }: Pick<EngineDeps, 'storage'>,
  { applicationUuid, documentUuid }: { applicationUuid: string; documentUuid: string },
) {
  const document = await findApplicationDocument(db, applicationUuid, documentUuid.toLowerCase());
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  const file = await storage.get(document.fileKey);
  if (!file) throw new AppError('NOT_FOUND', 'Document not found');
  return { document, bytes: file.bytes };
}

/** E-signs one closing document (E-SIGN consent, scroll-to-bottom); the last signature moves the closing on. */
export async function signClosingDocument(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'signing/sign'> },
) {
  const documentUuid = body.documentUuid.toLowerCase();
  const documents = (await currentClosingDocuments(tx, application.uuid)).filter((doc) =>
    E_SIGNED_TYPES.includes(doc.type as TDocumentType),
  );
  const signatures = await listSignatures(tx, application.uuid);
  const counts = (signedNow: number) => ({
    signed: signedNow,
    remaining: documents.length - signedNow,
  });
  const isSigned = (uuid: string) =>
    signatures.some((each) => each.documentUuid === uuid && each.signerIdentityUuid === identityUuid);
  if (application.step !== 'NOTE_SIGNING') {
    if (isSigned(documentUuid))
      return {
        ...result(application),
        ...counts(documents.filter((doc) => isSigned(doc.uuid)).length),
      };
    requireStep(application, stepsAllowing('CLOSING_SIGNED'), 'Signing');
  }
  const doc = documents.find((each) => each.uuid === documentUuid);
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
  // Texas: nothing of the closing package is signed before the 12-day notice has run.
  const early = await texasClosingRefusal(tx, application, clock.now());
  if (early) throw new AppError('CONFLICT', early.message, { step: application.step, ...early.details });
  if (!isSigned(doc.uuid)) {
    await recordSignature(tx, {
      applicationUuid: application.uuid,
      document: doc,
      signerIdentityUuid: identityUuid,
      esignConsentVersion: body.esignDisclosureVersion,
      location: body.location,
      signedAt: clock.now(),
    });
    await recordAction(tx, clock, application, borrower(identityUuid), 'SIGN_DOCUMENT', {
      documentUuid: doc.uuid,
      type: doc.type,
      esignConsentVersion: body.esignDisclosureVersion,
    });
  }
  const signedCount = documents.filter((each) => each.uuid === doc.uuid || isSigned(each.uuid)).length;
  if (signedCount < documents.length) return { ...result(application), ...counts(signedCount) };
  const moved = await moveClosing(tx, clock, application, 'CLOSING_SIGNED', {
    actor: borrower(identityUuid),
    data: { documents: documents.length },
    next: { kind: CLOSING_JOBS.esignComplete },
  });
  return { ...result(moved), ...counts(signedCount) };
}
