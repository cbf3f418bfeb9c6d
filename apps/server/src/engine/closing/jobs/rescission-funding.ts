/** Rescission, county recording and funding, ending at COMPLETE. */
import { finishedOwners } from '../../../modules/co-deed/store';
import { and, eq } from 'drizzle-orm';
import { netDisbursementCents, pacificIsoDate, pacificStartOfDay, rescissionPeriod } from '@heloc/domain';
import { schema } from '../../../db';
import type { Executor } from '../../../db';
import type { RecordingSubmission } from '../../../providers/recording';
import type { Disbursement } from '../../../providers/funding';
import { type ApplicationRow } from '../../../workflow/step-machine';
import { batchId, currentClosingDocuments, renderNotices, storeGenerated } from '../documents';
import { insertDocuments } from '../repository';
import {
  CLOSING_JOBS,
  closingOf,
  latestEvent,
  loadClosingSubject,
  mergeFlags,
  moveClosing,
  openConditions,
  PROVIDER,
  queueAfterLatestEvent,
  queueAgain,
  recordAction,
  SYSTEM,
  updateClosing,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import {
  HOUR_MS,
  accountContext,
  revive,
  type ClosingJobContext,
  propertyIdOf,
  closingFacts,
} from './shared';

export function registerRescissionFundingJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;
  worker.register(CLOSING_JOBS.rescissionStart, {
    timeoutMs: 60_000,
    async run(raw) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.rescissionStart, raw);
      // The last signature: the notarised deed (eNotary) or the manual signing.
      const signedAt = [
        await latestEvent(deps.db, applicationUuid, 'ENOTARY_COMPLETED'),
        await latestEvent(deps.db, applicationUuid, 'MANUAL_DEED_SIGNED'),
      ]
        .map((event) => (typeof event?.data.signedAt === 'string' ? Date.parse(event.data.signedAt) : NaN))
        .filter((ms) => Number.isFinite(ms))
        .reduce((latest, ms) => Math.max(latest, ms), 0);
      if (signedAt === 0) throw new Error('rescission without a signature');
      // Every owner has a right to cancel: one notice each, and the period runs from the last signature.
      const others = await finishedOwners(deps.db, applicationUuid);
      const lastSignedAt = others.reduce(
        (latest, owner) => Math.max(latest, owner.signedAt.getTime()),
        signedAt,
      );
      const transactionDate = pacificIsoDate(lastSignedAt);
      const { deadline, endsAt } = rescissionPeriod(transactionDate);
      const primaryFacts = await closingFacts(deps, applicationUuid);
      const facts = {
        ...primaryFacts,
        owners: [...primaryFacts.owners, ...others.map((owner) => owner.name)],
        ownerIdentityUuids: [primaryFacts.ownerIdentityUuid, ...others.map((owner) => owner.identityUuid)],
      };
      // The notices are re-issued with the actual transaction date, so their deadline is the one that runs.
      const rows = await storeGenerated(
        deps.storage,
        clock,
        applicationUuid,
        facts.ownerIdentityUuids,
        batchId('notices', clock.now()),
        await renderNotices(facts, transactionDate),
      );
      await settle(applicationUuid, 'GEN_RESCISSION', async (tx, application) => {
        await insertDocuments(tx, rows);
        await updateClosing(tx, clock, application.uuid, { transactionDate, rescissionDeadline: deadline });
        await moveClosing(tx, clock, application, 'RESCISSION_STARTED', {
          actor: SYSTEM,
          data: { transactionDate, rescissionDeadline: deadline, endsAt: endsAt.toISOString() },
          flags: {
            checklistStatus: 'RESCISSION',
            rescissionStartDate: transactionDate,
            rescissionDeadline: deadline,
          },
          next: { kind: CLOSING_JOBS.rescissionEnd, runAfter: endsAt },
        });
      });
    },
    onDead: onDeadTo('GEN_RESCISSION', 'RESCISSION_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.rescissionEnd, {
    async run(raw, job) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.rescissionEnd, raw);
      await settle(applicationUuid, 'RESCISSION', async (tx, application) => {
        const closing = await closingOf(tx, application.uuid);
        // Due only once the period is over (a job claimed early by a skewed clock waits its turn).
        const { endsAt } = rescissionPeriod(closing.transactionDate!);
        if (clock.now().getTime() < endsAt.getTime()) {
          // Claimed early (another instance's clock runs ahead): wait for the period's end again.
          await queueAgain(tx, clock, application.uuid, job, {
            kind: CLOSING_JOBS.rescissionEnd,
            runAfter: endsAt,
          });
          return;
        }
        await moveClosing(tx, clock, application, 'RESCISSION_ENDED', {
          actor: SYSTEM,
          data: { rescissionDeadline: closing.rescissionDeadline },
          flags: { checklistStatus: 'RECORDING' },
          next: { kind: CLOSING_JOBS.recordingSubmit },
        });
      });
    },
    onDead: onDeadTo('RESCISSION', 'RESCISSION_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.recordingSubmit, {
    async run(raw, job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.recordingSubmit, raw);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const [deed] = (await currentClosingDocuments(deps.db, applicationUuid)).filter(
        (doc) => doc.type === 'DEED_OF_TRUST',
      );
      if (!deed) throw new Error('nothing to record');
      const submission = await providers.recording.submit(
        {
          applicationUuid,
          propertyId: await propertyIdOf(deps, applicationUuid),
          address: subject.address,
          lineAmountCents: subject.application.amountCents,
          documentSha256: deed.sha256,
          idempotencyKey: job.uuid,
        },
        { signal },
      );
      await settle(applicationUuid, 'RECORDING', async (tx, application) => {
        await recordAction(tx, clock, application, PROVIDER, 'RECORDING_SUBMITTED', { submission });
        await queueAfterLatestEvent(tx, clock, application.uuid, {
          kind: CLOSING_JOBS.recordingPoll,
          payload: { submission },
          runAfter: pacificStartOfDay(submission.expectedRecordedOn),
        });
      });
    },
    onDead: onDeadTo('RECORDING', 'RECORDING_TIMEOUT'),
  });

  /**
   * A provider still working (recording, funding): ask again at the start of the day it expects to
   * finish, Pacific time, and never sooner than an hour from now.
   */
  async function pollAgain(
    tx: Executor,
    application: ApplicationRow,
    job: { uuid: string },
    kind: typeof CLOSING_JOBS.recordingPoll | typeof CLOSING_JOBS.fundingPoll,
    payload: Record<string, unknown>,
    expectedOn: string,
  ) {
    await queueAgain(tx, clock, application.uuid, job, {
      kind,
      payload,
      runAfter: new Date(Math.max(pacificStartOfDay(expectedOn).getTime(), clock.now().getTime() + HOUR_MS)),
    });
  }

  worker.register(CLOSING_JOBS.recordingPoll, {
    async run(raw, job, { signal }) {
      const payload = parseJobPayload(CLOSING_JOBS.recordingPoll, raw);
      const { applicationUuid } = payload;
      const submission = revive<RecordingSubmission>(payload.submission, ['submittedAt']);
      const status = await providers.recording.getStatus({ submission }, { signal });
      await settle(applicationUuid, 'RECORDING', async (tx, application) => {
        if (status.status === 'PENDING') {
          await pollAgain(
            tx,
            application,
            job,
            CLOSING_JOBS.recordingPoll,
            { submission },
            status.expectedRecordedOn,
          );
          return;
        }
        await moveClosing(tx, clock, application, 'RECORDED', {
          actor: PROVIDER,
          data: {
            recordingId: status.recordingId,
            instrumentNumber: status.instrumentNumber,
            recordedOn: status.recordedOn,
          },
          next: { kind: CLOSING_JOBS.fundingDecide },
        });
      });
    },
    onDead: onDeadTo('RECORDING', 'RECORDING_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.fundingDecide, {
    async run(raw, job) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.fundingDecide, raw);
      await settle(applicationUuid, 'FUNDING_DECISION', async (tx, application) => {
        const reasons: string[] = (await openConditions(tx, application.uuid)).map(
          (condition) => `CONDITION:${condition.category}`,
        );
        const [account] = await tx
          .select()
          .from(schema.applicationAccounts)
          .where(
            and(
              eq(schema.applicationAccounts.applicationUuid, application.uuid),
              eq(schema.applicationAccounts.purpose, 'DISBURSEMENT'),
            ),
          );
        if (!account) reasons.push('NO_DISBURSEMENT_ACCOUNT');
        else if (account.verificationStatus !== 'VERIFIED')
          reasons.push(`ACCOUNT_${account.verificationStatus ?? 'UNCHECKED'}`);
        if (reasons.length > 0) {
          // On hold until staff clear what is open; looked at again every hour.
          await recordAction(tx, clock, application, SYSTEM, 'FUNDING_ON_HOLD', { reasons });
          await queueAgain(tx, clock, application.uuid, job, {
            kind: CLOSING_JOBS.fundingDecide,
            runAfter: new Date(clock.now().getTime() + HOUR_MS),
          });
          return;
        }
        await moveClosing(tx, clock, application, 'FUNDING_APPROVED', {
          actor: SYSTEM,
          flags: { checklistStatus: 'FUNDABLE' },
          next: { kind: CLOSING_JOBS.fundingSchedule },
        });
      });
    },
    onDead: onDeadTo('FUNDING_DECISION', 'FUNDING_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.fundingSchedule, {
    async run(raw, job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.fundingSchedule, raw);
      const facts = await closingFacts(deps, applicationUuid);
      const closing = await closingOf(deps.db, applicationUuid);
      const [account] = await deps.db
        .select()
        .from(schema.applicationAccounts)
        .where(
          and(
            eq(schema.applicationAccounts.applicationUuid, applicationUuid),
            eq(schema.applicationAccounts.purpose, 'DISBURSEMENT'),
          ),
        );
      if (!account || !closing.rescissionDeadline)
        throw new Error('funding without an account or rescission');
      const fee = Math.round((facts.lineAmountCents * facts.originationFeeBps) / 10_000);
      // A junior lien paid off at closing: its payoff goes to the lienholder out of the draw.
      const statement = await latestEvent(deps.db, applicationUuid, 'PAYOFF_STATEMENT_RECEIVED');
      const payoffCents = typeof statement?.data.payoffCents === 'number' ? statement.data.payoffCents : 0;
      const amountCents = netDisbursementCents(facts.lineAmountCents, fee, payoffCents);
      if (amountCents === null) throw new Error('the payoffs take more than the line pays out');
      const result = await providers.funding.schedule(
        {
          applicationUuid,
          // The line is drawn in full at origination, less the origination fee (spec 1 §1) and any payoff.
          amountCents,
          routingNumber: account.routingNumber,
          accountNumber: deps.sealer.open(
            account.accountNumberSealed,
            accountContext(applicationUuid, 'DISBURSEMENT'),
          ),
          rescissionDeadline: closing.rescissionDeadline,
          idempotencyKey: job.uuid,
        },
        { signal },
      );
      if (result.outcome !== 'SCHEDULED') throw new Error(`disbursement rejected: ${result.reason}`);
      const { disbursement } = result;
      await settle(applicationUuid, 'FUNDABLE', async (tx, application) => {
        await updateClosing(tx, clock, application.uuid, { fundingDate: disbursement.fundingDate });
        await mergeFlags(tx, application, { fundingDate: disbursement.fundingDate });
        await recordAction(tx, clock, application, PROVIDER, 'FUNDING_SCHEDULED', { disbursement });
        await queueAfterLatestEvent(tx, clock, application.uuid, {
          kind: CLOSING_JOBS.fundingPoll,
          payload: { disbursement },
          runAfter: pacificStartOfDay(disbursement.fundingDate),
        });
      });
    },
    onDead: onDeadTo('FUNDABLE', 'FUNDING_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.fundingPoll, {
    async run(raw, job, { signal }) {
      const payload = parseJobPayload(CLOSING_JOBS.fundingPoll, raw);
      const { applicationUuid } = payload;
      const disbursement = revive<Disbursement>(payload.disbursement, ['scheduledAt']);
      const status = await providers.funding.getStatus({ disbursement }, { signal });
      await settle(applicationUuid, 'FUNDABLE', async (tx, application) => {
        if (status.status === 'SCHEDULED') {
          await pollAgain(
            tx,
            application,
            job,
            CLOSING_JOBS.fundingPoll,
            { disbursement },
            status.fundingDate,
          );
          return;
        }
        await updateClosing(tx, clock, application.uuid, { fundedAt: clock.now() });
        await moveClosing(tx, clock, application, 'FUNDED', {
          actor: PROVIDER,
          data: { fundingId: status.fundingId, sentOn: status.sentOn, traceNumber: status.traceNumber },
        });
      });
    },
    onDead: onDeadTo('FUNDABLE', 'FUNDING_TIMEOUT'),
  });
}
