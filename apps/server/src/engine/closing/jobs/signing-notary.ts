/** E-signature completion and the notary (eNotary session or manual appointment). */
import { mustWaitForSigners } from '../../../modules/co-deed/store';
import { eq } from 'drizzle-orm';
import { schema } from '../../../db';
import type { Envelope } from '../../../providers/e-signature';
import type { NotarySession } from '../../../providers/notary';
import { CLOSING_JOBS, latestEvent, moveClosing, PROVIDER } from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { revive, type ClosingJobContext } from './shared';

export function registerSigningNotaryJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;
  worker.register(CLOSING_JOBS.esignComplete, {
    async run(raw, _job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.esignComplete, raw);
      const ready = await latestEvent(deps.db, applicationUuid, 'CLOSING_DOCS_READY');
      if (!ready) throw new Error('no envelope');
      const envelope = revive<Envelope>(ready.data.envelope, ['createdAt']);
      const [application] = await deps.db
        .select()
        .from(schema.helocApplications)
        .where(eq(schema.helocApplications.uuid, applicationUuid));
      const signerId = application!.identityUuid;
      // Every document was signed with the E-SIGN consent on record (the signing route requires it).
      const signed = await providers.eSignature.sign({ envelope, signerId, esignConsent: true }, { signal });
      if (signed.outcome !== 'SIGNED') throw new Error(`signature refused: ${signed.outcome}`);
      const status = await providers.eSignature.getStatus({ envelope, signatures: [signed] }, { signal });
      if (status.status !== 'COMPLETED') throw new Error(`envelope not complete: ${status.status}`);
      await settle(applicationUuid, 'GEN_NOTARY_DOCS', async (tx, locked) => {
        // Other owners on title still to sign: the primary waits for them at CO_DEED (signing/additional).
        const waitForSigners = await mustWaitForSigners(tx, locked);
        await moveClosing(tx, clock, locked, waitForSigners ? 'CO_DEED_REQUIRED' : 'NOTARY_PACKAGE_READY', {
          actor: PROVIDER,
          data: {
            envelopeId: envelope.envelopeId,
            signatureId: signed.signatureId,
            completedAt: status.completedAt.toISOString(),
          },
          flags: { disclosurelistClosingComplete: true, disclosurelistNotaryReady: true },
        });
      });
    },
    onDead: onDeadTo('GEN_NOTARY_DOCS', 'ESIGN_TIMEOUT'),
  });

  // ---- Notary --------------------------------------------------------------------------------

  worker.register(CLOSING_JOBS.notaryComplete, {
    async run(raw, _job, { signal }) {
      const payload = parseJobPayload(CLOSING_JOBS.notaryComplete, raw);
      const { applicationUuid } = payload;
      const session = revive<NotarySession>(payload.session, ['startedAt', 'expiresAt']);
      const result = await providers.notary.completeElectronicSession({ session }, { signal });
      await settle(applicationUuid, 'WAITING_FOR_NOTARY', async (tx, application) => {
        if (result.outcome === 'SESSION_EXPIRED') {
          await moveClosing(tx, clock, application, 'NOTARY_SESSION_EXPIRED', {
            actor: PROVIDER,
            data: { sessionId: result.sessionId },
          });
          return;
        }
        await moveClosing(tx, clock, application, 'ENOTARY_COMPLETED', {
          actor: PROVIDER,
          data: {
            sessionId: result.sessionId,
            signedAt: result.notarizedAt.toISOString(),
            notaryName: result.notaryName,
            commissionNumber: result.commissionNumber,
          },
          flags: { primaryParticipantAcceptComplete: true, disclosurelistNotaryComplete: true },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_NOTARY', 'NOTARY_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.notaryAppointmentDone, {
    // Due at the end of the booked appointment: the mobile notary reports the deed signed then.
    async run(raw) {
      const payload = parseJobPayload(CLOSING_JOBS.notaryAppointmentDone, raw);
      const { applicationUuid } = payload;
      await settle(applicationUuid, 'NOTARY_WAITING_PERIOD', async (tx, application) => {
        await moveClosing(tx, clock, application, 'MANUAL_DEED_SIGNED', {
          actor: PROVIDER,
          data: { appointmentId: payload.appointmentId, signedAt: payload.endsAt },
          flags: { manualDeedSigningComplete: true, disclosurelistNotaryComplete: true },
        });
      });
    },
    onDead: onDeadTo('NOTARY_WAITING_PERIOD', 'NOTARY_TIMEOUT'),
  });
}
