/** The hard credit pull (HARD_CREDIT_PULL) and what its report decides. */
import { and, eq } from 'drizzle-orm';
import {
  assessChosenLine,
  creditDeclineReasons,
  dtiWithAssetsBps,
  qualifyingAnnualIncomeCents,
  mergePricing,
} from '@heloc/domain';
import { schema } from '../../../db';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { confirmedLiensCents, loadApplicationFile, moveApplication } from '../../store';
import { freezePinContext, ssnContext } from '../secrets';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import { PROVIDER, orgOf, underwritingFacts, type SubmissionJobContext } from './shared';

export function registerHardPullJobs(worker: JobWorker, context: SubmissionJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;

  worker.register(SUBMISSION_JOB_KINDS.hardPull, {
    timeoutMs: 45_000,
    async run(raw, _job, { signal }) {
      const { applicationUuid } = parseJobPayload(SUBMISSION_JOB_KINDS.hardPull, raw);
      const file = await loadApplicationFile(deps.db, applicationUuid);
      const { application, profile } = file;
      const [consent] = await deps.db
        .select({ createdAt: schema.applicationConsents.createdAt })
        .from(schema.applicationConsents)
        .where(
          and(
            eq(schema.applicationConsents.applicationUuid, applicationUuid),
            eq(schema.applicationConsents.type, 'HARD_CREDIT'),
          ),
        );
      if (!consent) throw new Error('hard pull without a HARD_CREDIT consent');
      // Sealed values open only here, in memory, for the bureau call; they are never put in a payload.
      const ssn = profile.ssnEncrypted
        ? deps.sealer.open(profile.ssnEncrypted, ssnContext(profile.identityUuid))
        : null;
      const freezePin = application.creditFreezePinEncrypted
        ? deps.sealer.open(application.creditFreezePinEncrypted, freezePinContext(application.uuid))
        : null;
      const result = await providers.creditBureau.pull(
        {
          kind: 'HARD',
          applicant: {
            firstName: profile.firstName,
            lastName: profile.lastName,
            ...(profile.dob && { dob: profile.dob }),
          },
          address: file.address,
          ssn,
          freezePin,
          consentedAt: consent.createdAt,
        },
        { signal },
      );
      const org = orgOf(deps, application);
      const pricing = mergePricing(org.orgPricingData);
      const { valueCents, eligibleAssetsCents } = await underwritingFacts(deps.db, applicationUuid);

      await settle(applicationUuid, 'HARD_CREDIT_PULL', async (tx, locked) => {
        if (result.outcome !== 'REPORT') {
          await moveApplication(tx, clock, locked, 'HARD_PULL_UNANSWERED', {
            actor: PROVIDER,
            reason: `HARD_PULL_${result.outcome}`,
            data: { pullId: result.pullId },
          });
          return;
        }
        const state = file.address.state.toUpperCase();
        // Debt secured by the home on the full file may exceed the liens the borrower confirmed.
        const securedCents = result.tradelines
          .filter((line) => line.type === 'MORTGAGE' || line.type === 'HELOC')
          .reduce((sum, line) => sum + line.balanceCents, 0);
        const existingLiensCents = Math.max(await confirmedLiensCents(tx, applicationUuid), securedCents);
        const dtiBps = dtiWithAssetsBps({
          monthlyDebtCents: result.monthlyDebtCents,
          statedAnnualIncomeCents: qualifyingAnnualIncomeCents(
            locked.statedAnnualIncomeCents,
            result.estimatedAnnualIncomeCents,
          ),
          eligibleAssetsCents: locked.assetDepletionComplete ? eligibleAssetsCents : 0,
        });
        // The chosen line against the secured debt now known (the same check a valuation report at
        // closing gets), after the borrower's own rules on the full file.
        const line = assessChosenLine({
          valueCents,
          condition: locked.statusFlags.condition ?? null,
          existingLiensCents,
          state,
          licensedStates: org.orgMetaData.products.heloc.licensedStates,
          amountCents: locked.amountCents,
          pricing,
        });
        const ruleReasons = [
          ...creditDeclineReasons({ creditScore: result.score, dtiBps, pricing }),
          ...line.reasons,
        ];
        const indicators = [
          ...result.declineIndicators,
          ...(result.mortgageDelinquency ? ['MORTGAGE_DELINQUENCY'] : []),
        ];
        const facts = {
          pullId: result.pullId,
          kind: 'HARD',
          score: result.score,
          scoreFactors: result.scoreFactors,
          pulledAt: result.pulledAt.toISOString(),
          monthlyDebtCents: result.monthlyDebtCents,
          declineIndicators: indicators,
          existingLiensCents,
          maxLineCents: line.maxLineCents,
          dtiBps: Number.isFinite(dtiBps) ? dtiBps : null,
        };
        if (ruleReasons.length > 0 || indicators.length > 0) {
          const reasons: string[] = [...ruleReasons, ...indicators];
          await moveApplication(tx, clock, locked, 'HARD_PULL_DECLINED', {
            actor: PROVIDER,
            reason: reasons.join(','),
            data: { ...facts, reasons },
            flags: {
              uwDecision: 'DECLINE',
              creditScoreDecline: ruleReasons.includes('CREDIT_SCORE_BELOW_FLOOR'),
              dtiDecline: ruleReasons.includes('DTI_ABOVE_CAP'),
            },
          });
          return;
        }
        if (line.decision === 'REDUCE') {
          await moveApplication(tx, clock, locked, 'HARD_PULL_CLTV_LIMITED', {
            actor: PROVIDER,
            reason: 'CLTV_REQUALIFY',
            // The phase tells the requalify route where accepting leads (back to submission here).
            data: { ...facts, previousAmountCents: locked.amountCents, phase: 'SUBMISSION' },
          });
          return;
        }
        await moveApplication(tx, clock, locked, 'HARD_PULL_PASSED', {
          actor: PROVIDER,
          data: facts,
          flags: { disclosurelistSummaryComplete: true },
          next: { kind: SUBMISSION_JOB_KINDS.submitApplication, payload: {} },
        });
      });
    },
    onDead: onDeadTo('HARD_CREDIT_PULL', 'HARD_PULL_TIMEOUT'),
  });

  // ---- Submission: the hand-over to income verification (engine/closing) ----
}
