/** Identity document verification. */
import { eq } from 'drizzle-orm';
import { schema } from '../../../db';
import { latestTransitionData } from '../../store';
import {
  CLOSING_JOBS,
  clearConditions,
  latestEvent,
  loadClosingSubject,
  moveClosing,
  PROVIDER,
  raiseCondition,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { type ClosingJobContext } from './shared';

export function registerIdentityJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;
  /** Texas: the valuation order is required and has not been completed yet. */
  async function valuationOrderPending(applicationUuid: string): Promise<boolean> {
    const offers = await latestTransitionData(deps.db, applicationUuid, 'OFFERS_READY');
    if (offers?.bpoRequired !== true) return false;
    return (await latestEvent(deps.db, applicationUuid, 'BPO_COMPLETED')) === null;
  }

  worker.register(CLOSING_JOBS.identityVerify, {
    async run(raw, _job, { signal }) {
      const { applicationUuid, documentUuid, idType } = parseJobPayload(CLOSING_JOBS.identityVerify, raw);
      const [front] = await deps.db
        .select()
        .from(schema.applicationDocuments)
        .where(eq(schema.applicationDocuments.uuid, documentUuid));
      if (!front) throw new Error('identity document not found');
      const subject = await loadClosingSubject(deps, applicationUuid);
      const result = await providers.identityDocument.verify(
        {
          applicant: subject.applicant,
          idType,
          front: {
            documentUuid,
            contentType: front.contentType,
            sizeBytes: front.sizeBytes,
            sha256: front.sha256,
          },
        },
        { signal },
      );
      const valuationRequired = await valuationOrderPending(applicationUuid);
      await settle(applicationUuid, 'WAITING_FOR_IDENTITY', async (tx, application) => {
        if (result.outcome === 'FAILED_VERIFICATION') {
          await raiseCondition(tx, clock, application.uuid, 'ID_VERIFICATION_FAILURE', {
            commentsToBorrower:
              'We could not verify your ID. Please upload a clear, complete photo of the front of a valid, unexpired ID.',
            requestDocuments: true,
            notes: result.reason,
          });
          await moveClosing(tx, clock, application, 'ID_FAILED', {
            actor: PROVIDER,
            reason: result.reason,
            data: { checkId: result.checkId },
          });
          return;
        }
        await clearConditions(tx, clock, application.uuid, 'ID_VERIFICATION_FAILURE');
        if (result.outcome === 'PENDING_REVIEW') {
          // Staff decide; funding waits for the condition, the borrower goes on.
          await raiseCondition(tx, clock, application.uuid, 'IDENTITY_DOCUMENT_FRAUD_REVIEW', {
            commentsToBorrower:
              'We are reviewing your ID document and will contact you if we need anything else.',
            requestDocuments: false,
            notes: result.reason,
          });
        }
        const data = { checkId: result.checkId, outcome: result.outcome, idType };
        if (valuationRequired) {
          await moveClosing(tx, clock, application, 'ID_VERIFIED_VALUATION_REQUIRED', {
            actor: PROVIDER,
            data,
            flags: { bpoStatus: 'ORDER_REQUIRED' },
          });
          return;
        }
        await moveClosing(tx, clock, application, 'ID_VERIFIED', {
          actor: PROVIDER,
          data,
          next: { kind: CLOSING_JOBS.closingPrepare },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_IDENTITY', 'ID_TIMEOUT'),
  });
}
