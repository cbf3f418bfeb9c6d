/** The valuation order (BPO): ordering, polling, and what the value means for the line. */
import { eq } from 'drizzle-orm';
import {
  assessChosenLine,
  isConditionAtLeast,
  mergePricing,
  MIN_APPROVABLE_PROPERTY_CONDITION,
  type TPropertyCondition,
} from '@heloc/domain';
import { schema } from '../../../db';
import type { BpoOrder } from '../../../providers/valuation';
import type { Clock } from '../../../lib/clock';
import type { Actor } from '../../../workflow/audit';
import { type ApplicationRow } from '../../../workflow/step-machine';
import { confirmedLiensCents, JOB_KINDS } from '../../store';
import {
  CLOSING_JOBS,
  loadClosingSubject,
  mergeFlags,
  moveClosing,
  PROVIDER,
  queueAfterLatestEvent,
  queueAgain,
  recordAction,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import {
  HOUR_MS,
  creditReportOf,
  hardPullFacts,
  revive,
  type Tx,
  type ClosingJobContext,
  propertyIdOf,
} from './shared';

export function registerValuationJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;
  worker.register(CLOSING_JOBS.bpoOrder, {
    async run(raw, job, { signal }) {
      const payload = parseJobPayload(CLOSING_JOBS.bpoOrder, raw);
      const { applicationUuid } = payload;
      const subject = await loadClosingSubject(deps, applicationUuid);
      const estimate = payload.borrowerEstimateCents;
      const order = await providers.valuation.orderBpo(
        {
          applicant: subject.applicant,
          propertyId: await propertyIdOf(deps, applicationUuid),
          address: subject.address,
          borrowerEstimateCents: typeof estimate === 'number' ? estimate : null,
          // The order job's id: a retried job places the same order.
          idempotencyKey: job.uuid,
        },
        { signal },
      );
      await settle(applicationUuid, 'BPO_PROCESSING', async (tx, application) => {
        await recordAction(tx, clock, application, PROVIDER, 'BPO_ORDERED', {
          order,
          phase: payload.phase,
        });
        await mergeFlags(tx, application, { bpoStatus: 'PROCESSING' });
        await queueAfterLatestEvent(tx, clock, application.uuid, {
          kind: CLOSING_JOBS.bpoPoll,
          payload: { order, phase: payload.phase },
          runAfter: order.dueAt,
        });
      });
    },
    onDead: onDeadTo('BPO_PROCESSING', 'BPO_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.bpoPoll, {
    async run(raw, job, { signal }) {
      const payload = parseJobPayload(CLOSING_JOBS.bpoPoll, raw);
      const { applicationUuid } = payload;
      const order = revive<BpoOrder>(payload.order, ['orderedAt', 'dueAt']);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const status = await providers.valuation.getBpoStatus(
        {
          applicant: subject.applicant,
          propertyId: await propertyIdOf(deps, applicationUuid),
          address: subject.address,
          order,
        },
        { signal },
      );
      await settle(applicationUuid, 'BPO_PROCESSING', async (tx, application) => {
        if (status.status === 'PROCESSING') {
          await queueAgain(tx, clock, application.uuid, job, {
            kind: CLOSING_JOBS.bpoPoll,
            payload: { order, phase: payload.phase },
            runAfter: new Date(Math.max(status.dueAt.getTime(), clock.now().getTime() + HOUR_MS)),
          });
          return;
        }
        await settleBpoReport(tx, clock, application, subject, payload.phase, status, { actor: PROVIDER });
      });
    },
    onDead: onDeadTo('BPO_PROCESSING', 'BPO_TIMEOUT'),
  });
}

export type BpoReport = {
  orderId: string;
  valueCents: number;
  condition: TPropertyCondition;
  completedAt: Date;
};

/**
 * What a completed valuation report means for the locked application at BPO_PROCESSING: at
 * prequalification, back to underwriting on its value; at closing, the chosen line underwritten
 * again (afterClosingValuation). The provider's poll calls it, and so does staff's work item when
 * the report reached them outside the integration (modules/console/work-items.ts), as its actor.
 */
export async function settleBpoReport(
  tx: Tx,
  clock: Clock,
  application: ApplicationRow,
  subject: Awaited<ReturnType<typeof loadClosingSubject>>,
  phase: unknown,
  report: BpoReport,
  by: { actor: Actor; reason?: string; extra?: Record<string, unknown> },
): Promise<void> {
  const data = {
    orderId: report.orderId,
    valueCents: report.valueCents,
    condition: report.condition,
    completedAt: report.completedAt.toISOString(),
    approvableCondition: isConditionAtLeast(report.condition, MIN_APPROVABLE_PROPERTY_CONDITION),
    ...by.extra,
  };
  if (phase === 'PREQUAL') {
    // Back to underwriting: the report's value prices the offers (engine/jobs/underwriting.ts reads it).
    await moveClosing(tx, clock, application, 'BPO_COMPLETED_PREQUAL', {
      actor: by.actor,
      ...(by.reason !== undefined && { reason: by.reason }),
      data,
      flags: { bpoStatus: 'COMPLETE' },
      next: { kind: JOB_KINDS.underwritingPrice },
    });
    return;
  }
  await afterClosingValuation(tx, clock, application, subject, data, by);
}

/**
 * The valuation report at closing (Texas): the chosen line underwritten again on the appraised value
 * and condition, with the liens the hard pull counted and the state's CLTV cap — the domain's
 * assessChosenLine, as at the hard pull. The appraised value and the new maximum are recorded on the
 * application whatever the outcome. Still fits → the closing documents; a lower maximum → the
 * borrower requalifies (CLTV_REQUALIFY, phase CLOSING: accepting goes on with the closing); a
 * condition below the floor or a maximum under the minimum line → declined, with the adverse action
 * notice every decline gets (it names the hard pull's report, the latest credit file).
 */
async function afterClosingValuation(
  tx: Tx,
  clock: Clock,
  application: ApplicationRow,
  subject: Awaited<ReturnType<typeof loadClosingSubject>>,
  report: { valueCents: number; condition: TPropertyCondition } & Record<string, unknown>,
  by: { actor: Actor; reason?: string },
) {
  const hardPull = await hardPullFacts(tx, application.uuid);
  const existingLiensCents = Math.max(
    await confirmedLiensCents(tx, application.uuid),
    typeof hardPull?.existingLiensCents === 'number' ? hardPull.existingLiensCents : 0,
  );
  const line = assessChosenLine({
    valueCents: report.valueCents,
    condition: report.condition,
    existingLiensCents,
    state: subject.address.state.toUpperCase(),
    licensedStates: subject.org.orgMetaData.products.heloc.licensedStates,
    amountCents: application.amountCents,
    pricing: mergePricing(subject.org.orgPricingData),
  });
  const facts = {
    ...report,
    phase: 'CLOSING',
    amountCents: application.amountCents,
    existingLiensCents,
    maxLineCents: line.maxLineCents,
    cltvBps: line.cltvBps,
  };
  await tx
    .update(schema.helocApplications)
    .set({ adjustedHomeAmountCents: report.valueCents, uwCalculatedDrawAmountCents: line.maxLineCents })
    .where(eq(schema.helocApplications.uuid, application.uuid));
  const flags = { bpoStatus: 'COMPLETE', condition: report.condition } as const;
  switch (line.decision) {
    case 'DECLINED':
      await moveClosing(tx, clock, application, 'BPO_DECLINED', {
        actor: by.actor,
        reason: by.reason ?? line.reasons.join(','),
        data: { ...creditReportOf(hardPull), ...facts, reasons: line.reasons },
        flags: { ...flags, uwDecision: 'DECLINE', creditScoreDecline: false, dtiDecline: false },
      });
      return;
    case 'REDUCE':
      await moveClosing(tx, clock, application, 'BPO_CLTV_LIMITED', {
        actor: by.actor,
        reason: by.reason ?? 'CLTV_REQUALIFY',
        data: { ...facts, previousAmountCents: application.amountCents },
        flags,
      });
      return;
    case 'APPROVED':
      await moveClosing(tx, clock, application, 'BPO_COMPLETED', {
        actor: by.actor,
        ...(by.reason !== undefined && { reason: by.reason }),
        data: facts,
        flags,
        next: { kind: CLOSING_JOBS.closingPrepare },
      });
      return;
  }
}
