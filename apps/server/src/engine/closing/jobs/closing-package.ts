/** Junior lien payoffs, flood determination and the closing package (documents generated for signing). */
import { liensPaidOffAtClosing, pacificIsoDate } from '@heloc/domain';
import { listLiens } from '../../repository';
import { batchId, E_SIGNED_TYPES, renderClosingPackage, storeGenerated } from '../documents';
import { insertDocuments } from '../repository';
import {
  CLOSING_JOBS,
  latestEvent,
  loadClosingSubject,
  moveClosing,
  PROVIDER,
  queueAgain,
  recordAction,
  SYSTEM,
  updateClosing,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { type ClosingJobContext, propertyIdOf, closingFacts } from './shared';

export function registerClosingPackageJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;
  async function floodDetermination(applicationUuid: string, signal: AbortSignal) {
    const subject = await loadClosingSubject(deps, applicationUuid);
    const firstPending = await latestEvent(deps.db, applicationUuid, 'FLOOD_CERT_PENDING');
    return providers.flood.determine(
      {
        applicant: subject.applicant,
        propertyId: await propertyIdOf(deps, applicationUuid),
        address: subject.address,
        firstRequestedAt: firstPending ? new Date(String(firstPending.data.firstRequestedAt)) : null,
      },
      { signal },
    );
  }

  worker.register(CLOSING_JOBS.closingPrepare, {
    // Rendering four PDFs and storing them takes a moment; the provider calls are quick.
    timeoutMs: 60_000,
    async run(raw, _job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.closingPrepare, raw);
      // A junior lien is paid off at closing: no documents before its payoff statement is in.
      const payoffs = liensPaidOffAtClosing(await listLiens(deps.db, applicationUuid));
      if (payoffs.length > 0 && !(await latestEvent(deps.db, applicationUuid, 'PAYOFF_STATEMENT_RECEIVED'))) {
        await settle(applicationUuid, 'GEN_CLOSING_DOCS', async (tx, application) => {
          await moveClosing(tx, clock, application, 'PAYOFF_REQUIRED', {
            actor: SYSTEM,
            data: {
              liens: payoffs.map((lien) => ({
                uuid: lien.uuid,
                position: lien.position,
                lenderName: lien.lenderName,
                balanceCents: lien.balanceCents,
              })),
            },
          });
        });
        return;
      }
      const determined =
        (await latestEvent(deps.db, applicationUuid, 'FLOOD_DETERMINED')) ??
        (await latestEvent(deps.db, applicationUuid, 'FLOOD_DETERMINATION'));
      if (!determined) {
        const flood = await floodDetermination(applicationUuid, signal);
        if (flood.outcome === 'PENDING') {
          await settle(applicationUuid, 'GEN_CLOSING_DOCS', async (tx, application) => {
            await moveClosing(tx, clock, application, 'FLOOD_CERT_PENDING', {
              actor: PROVIDER,
              data: { requestId: flood.requestId, firstRequestedAt: clock.now().toISOString() },
              flags: { waitingOnFloodCert: true },
              next: { kind: CLOSING_JOBS.floodRecheck, runAfter: flood.retryAt },
            });
          });
          return;
        }
        await settle(applicationUuid, 'GEN_CLOSING_DOCS', async (tx, application) => {
          await recordAction(tx, clock, application, PROVIDER, 'FLOOD_DETERMINATION', floodData(flood));
          await updateClosing(tx, clock, application.uuid, {
            floodInsuranceRequired: flood.insuranceRequired,
          });
        });
      }

      const facts = await closingFacts(deps, applicationUuid);
      const documentDate = pacificIsoDate(clock.now());
      const generated = await renderClosingPackage(facts, documentDate);
      const rows = await storeGenerated(
        deps.storage,
        clock,
        applicationUuid,
        facts.ownerIdentityUuid,
        batchId('package', clock.now()),
        generated,
      );
      const envelope = await providers.eSignature.createEnvelope(
        {
          applicationUuid,
          signers: [{ signerId: facts.identityUuid, name: facts.owners[0]!, email: facts.email }],
          documents: rows
            .filter((row) => E_SIGNED_TYPES.includes(row.type as (typeof E_SIGNED_TYPES)[number]))
            .map((row) => ({
              documentType: row.type as (typeof E_SIGNED_TYPES)[number],
              sha256: row.sha256,
            })),
        },
        { signal },
      );
      if (envelope.outcome !== 'CREATED') throw new Error(`envelope rejected: ${envelope.reason}`);
      await settle(applicationUuid, 'GEN_CLOSING_DOCS', async (tx, application) => {
        await insertDocuments(tx, rows);
        await moveClosing(tx, clock, application, 'CLOSING_DOCS_READY', {
          actor: SYSTEM,
          data: { envelope: envelope.envelope, documentDate, documents: rows.length },
          flags: { disclosurelistClosingReady: true, waitingOnFloodCert: false },
        });
      });
    },
    onDead: onDeadTo('GEN_CLOSING_DOCS', 'CLOSING_DOCS_TIMEOUT'),
  });

  function floodData(
    flood: Extract<Awaited<ReturnType<typeof floodDetermination>>, { outcome: 'DETERMINED' }>,
  ) {
    return {
      certificateId: flood.certificateId,
      floodZone: flood.floodZone,
      inSpecialFloodHazardArea: flood.inSpecialFloodHazardArea,
      insuranceRequired: flood.insuranceRequired,
      determinedAt: flood.determinedAt.toISOString(),
    };
  }

  worker.register(CLOSING_JOBS.floodRecheck, {
    async run(raw, job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.floodRecheck, raw);
      const flood = await floodDetermination(applicationUuid, signal);
      await settle(applicationUuid, 'WAITING_FOR_FLOOD_CERT', async (tx, application) => {
        if (flood.outcome === 'PENDING') {
          await queueAgain(tx, clock, application.uuid, job, {
            kind: CLOSING_JOBS.floodRecheck,
            runAfter: flood.retryAt,
          });
          return;
        }
        await updateClosing(tx, clock, application.uuid, { floodInsuranceRequired: flood.insuranceRequired });
        await moveClosing(tx, clock, application, 'FLOOD_DETERMINED', {
          actor: PROVIDER,
          data: floodData(flood),
          flags: { waitingOnFloodCert: false },
          next: { kind: CLOSING_JOBS.closingPrepare },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_FLOOD_CERT', 'FLOOD_TIMEOUT'),
  });
}
