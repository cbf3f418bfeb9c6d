/** Identity (the ID's front) and the valuation order (BPO: the borrower's estimate, the order) as services. */
import { ID_TYPE_FRONT_DOCUMENT, VALUATION_FEE_CENTS, type TActionResult, type TIdType } from '@heloc/domain';
import type { Executor } from '../../../db';
import { type receiveUpload, storeApplicationDocument } from '../../../uploads';
import {
  actionResult as result,
  alreadyDone,
  borrowerActor as borrower,
  requireStep,
} from '../../route-helpers';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { stepsAllowing } from '../../steps';
import { CLOSING_JOBS, latestEvent, moveClosing } from '../store';

/** Stores the photo of the ID's front (the same photo and type again is a repeat) and starts the ID check. */
export async function submitId(
  tx: Executor,
  { clock, storage }: Pick<EngineDeps, 'clock' | 'storage'>,
  {
    application,
    identityUuid,
    idType,
    upload,
  }: Own & { idType: TIdType; upload: Awaited<ReturnType<typeof receiveUpload>> },
): Promise<TActionResult> {
  const { sha256Hex } = await import('../../../storage');
  const digest = sha256Hex(upload.bytes);
  if (
    await alreadyDone(
      tx,
      application,
      'SUBMIT_ID',
      (data) => data.sha256 === digest && data.idType === idType,
    )
  ) {
    return result(application);
  }
  requireStep(application, stepsAllowing('SUBMIT_ID'), 'Uploading an ID');
  const front = await storeApplicationDocument(tx, storage, clock, {
    applicationUuid: application.uuid,
    type: ID_TYPE_FRONT_DOCUMENT[idType],
    bytes: upload.bytes,
    contentType: upload.contentType,
    fileName: upload.fileName,
    ownerIdentityUuid: identityUuid,
  });
  return result(
    await moveClosing(tx, clock, application, 'SUBMIT_ID', {
      actor: borrower(identityUuid),
      data: { idType, documentUuid: front.uuid, sha256: digest },
      next: {
        kind: CLOSING_JOBS.identityVerify,
        payload: { documentUuid: front.uuid, idType },
      },
    }),
  );
}

/** The borrower's estimate of the home's value (no automated value was available); the order comes next. */
export async function estimateValue(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'bpo/estimate'> },
): Promise<TActionResult> {
  const { estimatedValueCents } = body;
  if (
    await alreadyDone(
      tx,
      application,
      'ESTIMATE_VALUE',
      (data) => data.estimatedValueCents === estimatedValueCents,
    )
  ) {
    return result(application);
  }
  return result(
    await moveClosing(tx, clock, application, 'ESTIMATE_VALUE', {
      actor: borrower(identityUuid),
      data: { estimatedValueCents },
      flags: { bpoStatus: 'ORDER_REQUIRED' },
    }),
  );
}

/** Orders the valuation (BPO) with the fee the borrower consented to, in the closing or the prequalification phase. */
export async function orderValuation(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: Own,
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'ORDER_BPO')) return result(application);
  const estimate = await latestEvent(tx, application.uuid, 'ESTIMATE_VALUE');
  // Texas reaches the order after identity; Noavm before any offer.
  const phase = (await latestEvent(tx, application.uuid, 'ID_VERIFIED_VALUATION_REQUIRED'))
    ? 'CLOSING'
    : 'PREQUAL';
  return result(
    await moveClosing(tx, clock, application, 'ORDER_BPO', {
      actor: borrower(identityUuid),
      data: { feeCents: VALUATION_FEE_CENTS, phase },
      flags: { bpoStatus: 'ORDERED' },
      next: {
        kind: CLOSING_JOBS.bpoOrder,
        payload: { phase, borrowerEstimateCents: estimate?.data.estimatedValueCents ?? null },
      },
    }),
  );
}
