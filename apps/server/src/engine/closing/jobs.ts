/**
 * The closing segment's jobs. Like the engine's: the provider is called outside any lock, its outcome
 * applied under the application lock only if the application still waits where the job was queued
 * (a stale or duplicate run changes nothing); a job whose attempts run out moves the application to
 * UNKNOWN (error/timeout) through its *_TIMEOUT action. Jobs that wait for a date (rescission end,
 * the BPO report, recording, the funding date, a manual notary appointment) are queued with
 * `runAfter`, so the worker picks them up when the clock passes it — tests advance a ManualClock.
 */
import { finishedOwners, mustWaitForSigners } from '../../modules/co-deed/store';
import { and, eq } from 'drizzle-orm';
import {
  pacificIsoDate,
  pacificStartOfDay,
  rescissionPeriod,
  assessChosenLine,
  dtiWithAssetsBps,
  isConditionAtLeast,
  mergePricing,
  MIN_APPROVABLE_PROPERTY_CONDITION,
  type TEmploymentType,
  type TIdType,
  type TPropertyCondition,
} from '@heloc/domain';
import { schema } from '../../db';
import type { Executor } from '../../db';
import type { JobWorker } from '../../jobs/worker';
import type { BpoOrder } from '../../providers/valuation';
import type { Envelope } from '../../providers/e-signature';
import type { NotarySession } from '../../providers/notary';
import type { RecordingSubmission } from '../../providers/recording';
import type { Disbursement } from '../../providers/funding';
import { withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import { confirmedLiensCents, JOB_KINDS, latestTransitionData } from '../store';
import type { ClosingAction } from './steps';
import {
  batchId,
  currentClosingDocuments,
  documentsOfType,
  E_SIGNED_TYPES,
  renderClosingPackage,
  renderNotices,
  storeGenerated,
  type ClosingFacts,
} from './documents';
import {
  CLOSING_JOBS,
  clearConditions,
  closingOf,
  latestEvent,
  loadClosingSubject,
  mergeFlags,
  moveClosing,
  openConditions,
  PROVIDER,
  queueAfterLatestEvent,
  queueAgain,
  raiseCondition,
  recordAction,
  stringOf,
  SYSTEM,
  updateClosing,
  type ClosingDeps,
} from './store';

/** Employment types verified with an employer (the others have none to call). */
const EMPLOYEE_TYPES: readonly TEmploymentType[] = ['FULL_TIME', 'PART_TIME'];
/** Income documents of the upload path (income/upload/{type}). */
export const INCOME_DOCUMENT_TYPES = ['USER_UPLOADED_PAYSTUB', 'W2', 'TAX_RETURN', 'BANK_STATEMENT'] as const;

const HOUR_MS = 3_600_000;

type Tx = Executor;

function applicationUuidOf(payload: Record<string, unknown>): string {
  const uuid = stringOf(payload, 'applicationUuid');
  if (!uuid) throw new Error('payload without applicationUuid');
  return uuid;
}

/** Dates travel through JSON payloads and audit data as ISO strings. */
function revive<T>(value: unknown, dateKeys: readonly string[]): T {
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of dateKeys) if (typeof copy[key] === 'string') copy[key] = new Date(copy[key] as string);
  return copy as T;
}

export function registerClosingJobs(worker: JobWorker, deps: ClosingDeps): void {
  const { clock, providers } = deps;

  async function settle(
    applicationUuid: string,
    waitingStep: string,
    apply: (tx: Tx, application: ApplicationRow) => Promise<void>,
  ): Promise<void> {
    await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
      if (application.step !== waitingStep) return;
      await apply(tx, application);
    });
  }

  const onDeadTo =
    (waitingStep: string, action: ClosingAction) =>
    async (payload: Record<string, unknown>, _job: unknown, error: string): Promise<void> => {
      const applicationUuid = stringOf(payload, 'applicationUuid');
      if (!applicationUuid) return;
      await settle(applicationUuid, waitingStep, async (tx, application) => {
        await moveClosing(tx, clock, application, action, {
          actor: SYSTEM,
          reason: 'provider did not answer',
          data: { error },
        });
      });
    };

  /**
   * After verified income: underwriting's DTI rule again, now on the verified figure (DESIGN.md §8:
   * the cap applies to verified income), with the hard pull's monthly debt and any asset-depletion
   * income. Above the cap the application is declined (its adverse action notice follows, from the
   * hard pull's report). A smaller line cannot cure it — this DTI counts the debts on the credit
   * report, not the new line's payment — so there is nothing to re-price. Within the cap: the
   * employer for an employee, else straight to the accounts.
   */
  async function afterIncomeVerified(
    tx: Tx,
    application: ApplicationRow,
    employmentType: TEmploymentType,
    data: { annualIncomeCents: number } & Record<string, unknown>,
  ) {
    const hardPull = await hardPullFacts(tx, application.uuid);
    if (hardPull && typeof hardPull.monthlyDebtCents === 'number') {
      const assets = application.assetDepletionComplete
        ? await latestTransitionData(tx, application.uuid, 'SUBMIT_ASSETS')
        : null;
      const dtiBps = dtiWithAssetsBps({
        monthlyDebtCents: hardPull.monthlyDebtCents,
        statedAnnualIncomeCents: data.annualIncomeCents,
        eligibleAssetsCents: typeof assets?.eligibleAssetsCents === 'number' ? assets.eligibleAssetsCents : 0,
      });
      const org = deps.orgs.byOrgCode(application.orgCode);
      if (!org) throw new Error(`unknown organisation ${application.orgCode}`);
      const { dtiCapBps } = mergePricing(org.orgPricingData);
      if (dtiBps > dtiCapBps) {
        await moveClosing(tx, clock, application, 'INCOME_DTI_DECLINED', {
          actor: PROVIDER,
          reason: 'DTI_ABOVE_CAP',
          data: {
            // The report the decision rests on (the adverse action notice names its score and factors).
            ...hardPull,
            ...data,
            reasons: ['DTI_ABOVE_CAP'],
            verifiedDtiBps: Number.isFinite(dtiBps) ? dtiBps : null,
            dtiCapBps,
          },
          flags: { uwDecision: 'DECLINE', dtiDecline: true },
        });
        return;
      }
    }
    const employee = EMPLOYEE_TYPES.includes(employmentType);
    await moveClosing(tx, clock, application, employee ? 'INCOME_VERIFIED' : 'INCOME_VERIFIED_NO_EMPLOYER', {
      actor: PROVIDER,
      data,
      flags: {
        uwSubDecision: 'VERIFIED_INCOME_MATCHED_OFFER',
        employmentVerificationNeeded: employee,
        manualPaystubTasksComplete: application.statusFlags.manualPaystubUpload === true,
      },
    });
  }

  async function replaceIncomeSources(
    tx: Tx,
    applicationUuid: string,
    sources: {
      employmentType: string;
      employerName: string | null;
      annualIncomeCents: number;
      verifiedBy: string;
    }[],
  ) {
    await tx
      .delete(schema.applicationIncomeSources)
      .where(eq(schema.applicationIncomeSources.applicationUuid, applicationUuid));
    if (sources.length > 0) {
      await tx
        .insert(schema.applicationIncomeSources)
        .values(sources.map((source) => ({ applicationUuid, ...source, createdAt: clock.now() })));
    }
  }

  // ---- Income -------------------------------------------------------------------------------

  worker.register(CLOSING_JOBS.incomeVerifyLink, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const linkId = stringOf(payload, 'linkId');
      if (!linkId) throw new Error('income verification without a link');
      const subject = await loadClosingSubject(deps, applicationUuid);
      const employmentType = subject.employmentType as TEmploymentType;
      const result = await providers.income.verifyIncome(
        {
          applicant: subject.applicant,
          linkId,
          employmentType,
          statedAnnualIncomeCents: subject.application.statedAnnualIncomeCents,
        },
        { signal },
      );
      await settle(applicationUuid, 'WAITING_FOR_INCOME', async (tx, application) => {
        switch (result.outcome) {
          case 'VERIFIED':
            await replaceIncomeSources(
              tx,
              application.uuid,
              result.sources.map((source) => ({
                employmentType: source.employmentType,
                employerName: source.sourceName,
                annualIncomeCents: source.annualIncomeCents,
                verifiedBy: 'LINK',
              })),
            );
            await afterIncomeVerified(tx, application, employmentType, {
              reportId: result.reportId,
              annualIncomeCents: result.annualIncomeCents,
            });
            return;
          case 'PARTIAL':
            await raiseCondition(tx, clock, application.uuid, 'MANUAL_PAYSTUB_UPLOAD', {
              commentsToBorrower:
                'Please upload your most recent pay stub so we can verify the rest of your income.',
              requestDocuments: true,
              numDocsRequired: result.manualPaystubUpload.numDocsRequired,
            });
            await moveClosing(tx, clock, application, 'INCOME_PARTIAL', {
              actor: PROVIDER,
              data: {
                reportId: result.reportId,
                verifiedAnnualIncomeCents: result.verifiedAnnualIncomeCents,
              },
              flags: { manualPaystubUpload: true, manualPaystubTasksComplete: false },
            });
            return;
          case 'DOCUMENTS_REQUIRED': {
            const count = result.requiredDocuments.reduce((sum, need) => sum + need.count, 0);
            await raiseCondition(tx, clock, application.uuid, 'GENERIC_DOCUMENT_REQUEST', {
              commentsToBorrower: `Self-employed income is verified from documents: please upload your ${count} most recent federal tax returns.`,
              requestDocuments: true,
              numDocsRequired: count,
            });
            await moveClosing(tx, clock, application, 'INCOME_DOCUMENTS_REQUIRED', {
              actor: PROVIDER,
              reason: result.reason,
              data: { reportId: result.reportId, requiredDocuments: result.requiredDocuments },
              flags: { manualPaystubUpload: true, manualPaystubTasksComplete: false },
            });
            return;
          }
          case 'UNVERIFIED':
            if (application.assetDepletionComplete) {
              // The borrower already qualified on assets (product/assets before the offers): no
              // recurring income is what that path expects. Underwriting decides on the assets alone
              // (the DTI rule with asset-depletion income only) instead of asking for them again.
              await replaceIncomeSources(tx, application.uuid, []);
              await afterIncomeVerified(tx, application, 'RETIRED', {
                reportId: result.reportId,
                annualIncomeCents: 0,
                qualifiedOn: 'ASSET_DEPLETION',
              });
              return;
            }
            await moveClosing(tx, clock, application, 'INCOME_UNVERIFIED', {
              actor: PROVIDER,
              reason: result.reason,
              data: { reportId: result.reportId, assetsBalanceCents: result.assetsBalanceCents },
              flags: { uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
            });
            return;
        }
      });
    },
    onDead: onDeadTo('WAITING_FOR_INCOME', 'INCOME_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.incomeReviewDocuments, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const employmentType = subject.employmentType as TEmploymentType;
      const documents = await documentsOfType(deps.db, applicationUuid, INCOME_DOCUMENT_TYPES);
      const result = await providers.income.reviewDocuments(
        {
          applicant: subject.applicant,
          employmentType,
          documents: documents.map((doc) => ({
            documentUuid: doc.uuid,
            documentType: doc.type as (typeof INCOME_DOCUMENT_TYPES)[number],
            contentType: doc.contentType,
            sizeBytes: doc.sizeBytes,
          })),
        },
        { signal },
      );
      await settle(applicationUuid, 'WAITING_FOR_INCOME', async (tx, application) => {
        if (result.outcome === 'MORE_DOCUMENTS_REQUIRED') {
          const count = result.requiredDocuments.reduce((sum, need) => sum + need.count, 0);
          const paystubs = result.requiredDocuments.every(
            (need) => need.documentType === 'USER_UPLOADED_PAYSTUB',
          );
          await raiseCondition(
            tx,
            clock,
            application.uuid,
            paystubs ? 'MANUAL_PAYSTUB_UPLOAD' : 'GENERIC_DOCUMENT_REQUEST',
            {
              commentsToBorrower: `We still need ${count} more document${count === 1 ? '' : 's'} to verify your income.`,
              requestDocuments: true,
              numDocsRequired: count,
            },
          );
          await moveClosing(tx, clock, application, 'INCOME_DOCUMENTS_REQUIRED', {
            actor: PROVIDER,
            reason: 'MORE_DOCUMENTS_REQUIRED',
            data: { reviewId: result.reviewId, requiredDocuments: result.requiredDocuments },
          });
          return;
        }
        await clearConditions(tx, clock, application.uuid, 'MANUAL_PAYSTUB_UPLOAD');
        await clearConditions(tx, clock, application.uuid, 'GENERIC_DOCUMENT_REQUEST');
        await replaceIncomeSources(tx, application.uuid, [
          {
            employmentType,
            employerName: null,
            annualIncomeCents: result.annualIncomeCents,
            verifiedBy: 'DOCUMENTS',
          },
        ]);
        await afterIncomeVerified(tx, application, employmentType, {
          reviewId: result.reviewId,
          annualIncomeCents: result.annualIncomeCents,
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_INCOME', 'INCOME_TIMEOUT'),
  });

  worker.register(CLOSING_JOBS.employmentVerify, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const employerName = stringOf(payload, 'employerName') ?? '';
      const subject = await loadClosingSubject(deps, applicationUuid);
      const result = await providers.income.verifyEmployment(
        {
          applicant: subject.applicant,
          employerName,
          employmentType: subject.employmentType as TEmploymentType,
        },
        { signal },
      );
      await settle(applicationUuid, 'WAITING_FOR_INCOME', async (tx, application) => {
        if (result.outcome === 'UNABLE_TO_VERIFY') {
          await moveClosing(tx, clock, application, 'EMPLOYMENT_UNVERIFIED', {
            actor: PROVIDER,
            data: { verificationId: result.verificationId },
          });
          return;
        }
        if (result.outcome === 'VERIFIED') {
          await tx
            .update(schema.applicationIncomeSources)
            .set({ employerName: result.employerName })
            .where(eq(schema.applicationIncomeSources.applicationUuid, application.uuid));
        }
        await moveClosing(tx, clock, application, 'EMPLOYMENT_VERIFIED', {
          actor: PROVIDER,
          data: { verificationId: result.verificationId, outcome: result.outcome },
          flags: { employmentVerificationNeeded: false },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_INCOME', 'INCOME_TIMEOUT'),
  });

  // ---- Bank account check (beside the flow) -------------------------------------------------

  async function markAccountForReview(applicationUuid: string, purpose: string, reason: string) {
    await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
      await tx
        .update(schema.applicationAccounts)
        .set({ verificationStatus: 'PENDING_REVIEW' })
        .where(
          and(
            eq(schema.applicationAccounts.applicationUuid, applicationUuid),
            eq(schema.applicationAccounts.purpose, purpose),
          ),
        );
      if (purpose === 'DISBURSEMENT')
        await mergeFlags(tx, application, { giactAccountStatus: 'PENDING_REVIEW' });
      await raiseCondition(tx, clock, applicationUuid, 'BANK_ACCOUNT_FRAUD_REVIEW', {
        commentsToBorrower:
          'We are reviewing your bank account. We may contact you for a recent bank statement.',
        requestDocuments: false,
        notes: reason,
      });
      await recordAction(tx, clock, application, PROVIDER, 'BANK_ACCOUNT_REVIEW', { purpose, reason });
    });
  }

  worker.register(CLOSING_JOBS.bankVerifyAccount, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const purpose = stringOf(payload, 'purpose') ?? 'DISBURSEMENT';
      const [account] = await deps.db
        .select()
        .from(schema.applicationAccounts)
        .where(
          and(
            eq(schema.applicationAccounts.applicationUuid, applicationUuid),
            eq(schema.applicationAccounts.purpose, purpose),
          ),
        );
      if (!account || account.uuid !== stringOf(payload, 'accountUuid')) return; // replaced since
      const subject = await loadClosingSubject(deps, applicationUuid);
      const result = await providers.bankAccount.verify(
        {
          applicant: subject.applicant,
          purpose: purpose === 'AUTOPAY' ? 'AUTOPAY' : 'DISBURSEMENT',
          accountType: account.accountType === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
          routingNumber: account.routingNumber,
          accountNumber: deps.sealer.open(
            account.accountNumberSealed,
            accountContext(applicationUuid, purpose),
          ),
        },
        { signal },
      );
      if (result.outcome !== 'VERIFIED') {
        await markAccountForReview(
          applicationUuid,
          purpose,
          result.outcome === 'REJECTED' ? result.reason : 'PENDING_REVIEW',
        );
        return;
      }
      await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
        await tx
          .update(schema.applicationAccounts)
          .set({ verificationStatus: 'VERIFIED', bankName: result.bankName })
          .where(eq(schema.applicationAccounts.uuid, account.uuid));
        if (purpose === 'DISBURSEMENT') await mergeFlags(tx, application, { giactAccountStatus: 'VERIFIED' });
        await recordAction(tx, clock, application, PROVIDER, 'BANK_ACCOUNT_VERIFIED', {
          purpose,
          verificationId: result.verificationId,
          mask: result.accountMask,
        });
      });
    },
    // An account nobody could check goes to staff review instead of blocking the borrower.
    onDead: async (payload, _job, error) => {
      const applicationUuid = stringOf(payload, 'applicationUuid');
      if (applicationUuid)
        await markAccountForReview(applicationUuid, stringOf(payload, 'purpose') ?? 'DISBURSEMENT', error);
    },
  });

  // ---- Identity document ---------------------------------------------------------------------

  /** Texas: the valuation order is required and has not been completed yet. */
  async function valuationOrderPending(applicationUuid: string): Promise<boolean> {
    const offers = await latestTransitionData(deps.db, applicationUuid, 'OFFERS_READY');
    if (offers?.bpoRequired !== true) return false;
    return (await latestEvent(deps.db, applicationUuid, 'BPO_COMPLETED')) === null;
  }

  worker.register(CLOSING_JOBS.identityVerify, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const documentUuid = stringOf(payload, 'documentUuid');
      const idType = stringOf(payload, 'idType') as TIdType | null;
      if (!documentUuid || !idType) throw new Error('identity check without a document');
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

  // ---- Valuation order (BPO) -----------------------------------------------------------------

  async function propertyIdOf(applicationUuid: string): Promise<string> {
    const found = await latestTransitionData(deps.db, applicationUuid, 'PROPERTY_FOUND');
    const propertyId = typeof found?.propertyId === 'string' ? found.propertyId : null;
    if (!propertyId) throw new Error('no property of record');
    return propertyId;
  }

  worker.register(CLOSING_JOBS.bpoOrder, {
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const estimate = payload.borrowerEstimateCents;
      const order = await providers.valuation.orderBpo(
        {
          applicant: subject.applicant,
          propertyId: await propertyIdOf(applicationUuid),
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const order = revive<BpoOrder>(payload.order, ['orderedAt', 'dueAt']);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const status = await providers.valuation.getBpoStatus(
        {
          applicant: subject.applicant,
          propertyId: await propertyIdOf(applicationUuid),
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
        const data = {
          orderId: status.orderId,
          valueCents: status.valueCents,
          condition: status.condition,
          completedAt: status.completedAt.toISOString(),
          approvableCondition: isConditionAtLeast(status.condition, MIN_APPROVABLE_PROPERTY_CONDITION),
        };
        if (payload.phase === 'PREQUAL') {
          // Back to underwriting: the report's value prices the offers (engine/jobs.ts reads it).
          await moveClosing(tx, clock, application, 'BPO_COMPLETED_PREQUAL', {
            actor: PROVIDER,
            data,
            flags: { bpoStatus: 'COMPLETE' },
            next: { kind: JOB_KINDS.underwritingPrice },
          });
          return;
        }
        await afterClosingValuation(tx, application, subject, data);
      });
    },
    onDead: onDeadTo('BPO_PROCESSING', 'BPO_TIMEOUT'),
  });

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
    application: ApplicationRow,
    subject: Awaited<ReturnType<typeof loadClosingSubject>>,
    report: { valueCents: number; condition: TPropertyCondition } & Record<string, unknown>,
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
          actor: PROVIDER,
          reason: line.reasons.join(','),
          data: { ...creditReportOf(hardPull), ...facts, reasons: line.reasons },
          flags: { ...flags, uwDecision: 'DECLINE', creditScoreDecline: false, dtiDecline: false },
        });
        return;
      case 'REDUCE':
        await moveClosing(tx, clock, application, 'BPO_CLTV_LIMITED', {
          actor: PROVIDER,
          reason: 'CLTV_REQUALIFY',
          data: { ...facts, previousAmountCents: application.amountCents },
          flags,
        });
        return;
      case 'APPROVED':
        await moveClosing(tx, clock, application, 'BPO_COMPLETED', {
          actor: PROVIDER,
          data: facts,
          flags,
          next: { kind: CLOSING_JOBS.closingPrepare },
        });
        return;
    }
  }

  // ---- Flood determination and the closing package ------------------------------------------

  async function closingFacts(
    applicationUuid: string,
  ): Promise<ClosingFacts & { identityUuid: string; email: string }> {
    const subject = await loadClosingSubject(deps, applicationUuid);
    const [offer] = await deps.db
      .select()
      .from(schema.applicationOffers)
      .where(
        and(
          eq(schema.applicationOffers.applicationUuid, applicationUuid),
          eq(schema.applicationOffers.selected, true),
        ),
      );
    if (!offer) throw new Error('closing documents without a selected offer');
    const closing = await closingOf(deps.db, applicationUuid);
    return {
      org: subject.org,
      loanNumber: subject.application.loanNumber,
      owners: [subject.fullName],
      ownerIdentityUuid: subject.application.identityUuid,
      identityUuid: subject.application.identityUuid,
      email: subject.email,
      address: subject.address,
      lineAmountCents: subject.application.amountCents,
      rateBps: subject.application.rateBps,
      termYears: subject.application.termYears,
      originationFeeBps: offer.originationFeeBps,
      valuationFeeApplies: (await latestEvent(deps.db, applicationUuid, 'BPO_ORDERED')) !== null,
      manualNotaryApplies: closing.notaryMethod === 'MANUAL',
    };
  }

  async function floodDetermination(applicationUuid: string, signal: AbortSignal) {
    const subject = await loadClosingSubject(deps, applicationUuid);
    const firstPending = await latestEvent(deps.db, applicationUuid, 'FLOOD_CERT_PENDING');
    return providers.flood.determine(
      {
        applicant: subject.applicant,
        propertyId: await propertyIdOf(applicationUuid),
        address: subject.address,
        firstRequestedAt: firstPending ? new Date(String(firstPending.data.firstRequestedAt)) : null,
      },
      { signal },
    );
  }

  worker.register(CLOSING_JOBS.closingPrepare, {
    // Rendering four PDFs and storing them takes a moment; the provider calls are quick.
    timeoutMs: 60_000,
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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

      const facts = await closingFacts(applicationUuid);
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
        await tx.insert(schema.applicationDocuments).values(rows);
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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

  // ---- E-signature ---------------------------------------------------------------------------

  worker.register(CLOSING_JOBS.esignComplete, {
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload) {
      const applicationUuid = applicationUuidOf(payload);
      await settle(applicationUuid, 'NOTARY_WAITING_PERIOD', async (tx, application) => {
        await moveClosing(tx, clock, application, 'MANUAL_DEED_SIGNED', {
          actor: PROVIDER,
          data: { appointmentId: payload.appointmentId, signedAt: String(payload.endsAt) },
          flags: { manualDeedSigningComplete: true, disclosurelistNotaryComplete: true },
        });
      });
    },
    onDead: onDeadTo('NOTARY_WAITING_PERIOD', 'NOTARY_TIMEOUT'),
  });

  // ---- Rescission, recording, funding ---------------------------------------------------------

  worker.register(CLOSING_JOBS.rescissionStart, {
    timeoutMs: 60_000,
    async run(payload) {
      const applicationUuid = applicationUuidOf(payload);
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
      const primaryFacts = await closingFacts(applicationUuid);
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
        await tx.insert(schema.applicationDocuments).values(rows);
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
    async run(payload, job) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const subject = await loadClosingSubject(deps, applicationUuid);
      const [deed] = (await currentClosingDocuments(deps.db, applicationUuid)).filter(
        (doc) => doc.type === 'DEED_OF_TRUST',
      );
      if (!deed) throw new Error('nothing to record');
      const submission = await providers.recording.submit(
        {
          applicationUuid,
          propertyId: await propertyIdOf(applicationUuid),
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload, job) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const facts = await closingFacts(applicationUuid);
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
      const result = await providers.funding.schedule(
        {
          applicationUuid,
          // The line is drawn in full at origination, less the origination fee (spec 1 §1).
          amountCents: facts.lineAmountCents - fee,
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
    async run(payload, job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
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

/**
 * The hard pull as recorded: it passed, or it limited the line and the borrower requalified at a
 * lower amount (the same report either way; the DTI on verified income and the valuation check use it).
 */
async function hardPullFacts(db: Tx, applicationUuid: string): Promise<Record<string, unknown> | null> {
  return (
    (await latestTransitionData(db, applicationUuid, 'HARD_PULL_PASSED')) ??
    (await latestTransitionData(db, applicationUuid, 'HARD_PULL_CLTV_LIMITED'))
  );
}

/** The credit report a decision names (score, its factors and date): the hard pull's, as recorded. */
function creditReportOf(hardPull: Record<string, unknown> | null): Record<string, unknown> {
  if (!hardPull) return {};
  const keys = ['pullId', 'kind', 'score', 'scoreFactors', 'pulledAt', 'declineIndicators'] as const;
  return Object.fromEntries(keys.filter((key) => key in hardPull).map((key) => [key, hardPull[key]]));
}

/** The additional authenticated data an account number is sealed under. */
export function accountContext(applicationUuid: string, purpose: string): string {
  return `application-account:${applicationUuid}:${purpose}`;
}
