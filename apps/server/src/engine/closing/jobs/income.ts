/** Income: verifying a payroll link or uploaded documents, the DTI check on verified income, the employer. */
import { eq } from 'drizzle-orm';
import { dtiWithAssetsBps, mergePricing, type TEmploymentType } from '@heloc/domain';
import { schema } from '../../../db';
import { type ApplicationRow } from '../../../workflow/step-machine';
import { latestTransitionData } from '../../store';
import { documentsOfType } from '../documents';
import {
  CLOSING_JOBS,
  clearConditions,
  loadClosingSubject,
  moveClosing,
  PROVIDER,
  raiseCondition,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import {
  EMPLOYEE_TYPES,
  INCOME_DOCUMENT_TYPES,
  hardPullFacts,
  type Tx,
  type ClosingJobContext,
} from './shared';

export function registerIncomeJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;

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
    async run(raw, _job, { signal }) {
      const { applicationUuid, linkId } = parseJobPayload(CLOSING_JOBS.incomeVerifyLink, raw);
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
    async run(raw, _job, { signal }) {
      const { applicationUuid } = parseJobPayload(CLOSING_JOBS.incomeReviewDocuments, raw);
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
    async run(raw, _job, { signal }) {
      const { applicationUuid, employerName } = parseJobPayload(CLOSING_JOBS.employmentVerify, raw);
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
}
