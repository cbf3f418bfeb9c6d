/** Insurance as services: the requirements (hazard, flood, trust certificate) and a proof's upload. */
import type { TActionResult, TDocumentType } from '@heloc/domain';
import type { Executor } from '../../../db';
import type { receiveUpload } from '../../../uploads';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { actionResult as result, borrowerActor as borrower, requireStep } from '../../route-helpers';
import type { EngineDeps } from '../../services/deps';
import { stepsAllowing } from '../../steps';
import { documentsOfType } from '../documents';
import { documentView } from '../../submission/documents';
import { storeOnce } from './stored-documents';
import { CLOSING_JOBS, closingOf, latestEvent, moveClosing, updateClosing } from '../store';

const INSURANCE_UPLOAD_TYPES = {
  hazard: 'PROOF_OF_HAZARD_INSURANCE',
  flood: 'PROOF_OF_FLOOD_INSURANCE',
  trust: 'CERTIFICATE_OF_TRUST',
} as const satisfies Record<string, TDocumentType>;

async function insuranceRequirements(tx: Executor, application: ApplicationRow) {
  const closing = await closingOf(tx, application.uuid);
  const found = await latestEvent(tx, application.uuid, 'PROPERTY_FOUND');
  const trust = found?.data.ownershipType === 'TRUST';
  const uploaded = await documentsOfType(tx, application.uuid, Object.values(INSURANCE_UPLOAD_TYPES));
  const requirement = (type: keyof typeof INSURANCE_UPLOAD_TYPES, required: boolean) => ({
    type,
    documentType: INSURANCE_UPLOAD_TYPES[type],
    required,
    uploaded: uploaded.filter((doc) => doc.type === INSURANCE_UPLOAD_TYPES[type]).map(documentView),
  });
  return [
    requirement('hazard', true),
    requirement('flood', closing.floodInsuranceRequired === true),
    requirement('trust', trust),
  ];
}

/** The insurance and trust documents needed (hazard always, flood when required, trust for a trust), and whether all are in. */
export async function getInsuranceRequirements(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  return {
    ...result(application),
    complete: (await closingOf(tx, application.uuid)).insuranceComplete,
    requirements: await insuranceRequirements(tx, application),
  };
}

/** Stores one insurance or trust document; once every required one is in, insurance is complete. */
export async function uploadInsuranceDocument(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'storage'>,
  {
    application,
    identityUuid,
    uploadType,
    upload,
  }: {
    application: ApplicationRow;
    identityUuid: string;
    uploadType: keyof typeof INSURANCE_UPLOAD_TYPES;
    upload: Awaited<ReturnType<typeof receiveUpload>>;
  },
): Promise<TActionResult> {
  const { clock } = deps;
  requireStep(application, stepsAllowing('INSURANCE_COMPLETE'), 'Uploading insurance');
  await storeOnce(tx, deps, { application, type: INSURANCE_UPLOAD_TYPES[uploadType], upload, identityUuid });
  const missing = (await insuranceRequirements(tx, application)).filter(
    (each) => each.required && each.uploaded.length === 0,
  );
  if (missing.length > 0) return result(application);
  await updateClosing(tx, clock, application.uuid, { insuranceComplete: true });
  return result(
    await moveClosing(tx, clock, application, 'INSURANCE_COMPLETE', {
      actor: borrower(identityUuid),
      next: { kind: CLOSING_JOBS.rescissionStart },
    }),
  );
}
