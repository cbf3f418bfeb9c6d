/** Underwriting and pricing (UNDERWRITING_PRICE): eligibility, the maximum line, the offers. */
import { eq } from 'drizzle-orm';
import {
  assessEligibility,
  combinedLtvBps,
  dtiWithAssetsBps,
  maximumLineCents,
  mergePricing,
  priceOffers,
  qualifiesForAssetDepletion,
  qualifyingAnnualIncomeCents,
  type DeclineReason,
} from '@heloc/domain';
import { schema } from '../../db';
import type { JobWorker } from '../../jobs/worker';
import {
  confirmedLiensCents,
  isCreditFacts,
  JOB_KINDS,
  latestTransitionData,
  moveApplication,
} from '../store';
import { parseJobPayload } from '../job-payloads';
import { replaceOffers } from '../repository';
import { PROVIDER, loadSubject, type EngineJobContext } from './shared';

export function registerUnderwritingJobs(worker: JobWorker, context: EngineJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;

  worker.register(JOB_KINDS.underwritingPrice, {
    async run(raw, _job, { signal }) {
      const { applicationUuid } = parseJobPayload(JOB_KINDS.underwritingPrice, raw);
      const { application, applicant, address } = await loadSubject(deps.db, applicationUuid);
      const credit = await latestTransitionData(deps.db, applicationUuid, 'CREDIT_MATCHED');
      if (!isCreditFacts(credit)) throw new Error('underwriting before a credit report');
      const found = await latestTransitionData(deps.db, applicationUuid, 'PROPERTY_FOUND');
      const propertyId = typeof found?.propertyId === 'string' ? found.propertyId : null;
      if (!propertyId) throw new Error('underwriting before the property was found');
      const org = deps.orgs.byOrgCode(application.orgCode);
      if (!org) throw new Error(`unknown organisation ${application.orgCode}`);
      const pricing = mergePricing(org.orgPricingData);
      const automated = await providers.valuation.automatedValue(
        { applicant, propertyId, address },
        { signal },
      );
      // A completed valuation order (Noavm: engine/closing) stands in for the automated value it replaced.
      const bpo = await latestTransitionData(deps.db, applicationUuid, 'BPO_COMPLETED_PREQUAL');
      const fromBpo = automated.outcome === 'NO_VALUE' && typeof bpo?.valueCents === 'number';
      const valued =
        fromBpo && bpo
          ? {
              ...automated,
              outcome: 'VALUE' as const,
              valueCents: bpo.valueCents as number,
              condition: (bpo.condition ?? 'AVERAGE') as 'AVERAGE',
              bpoRequired: false,
            }
          : automated;
      // A staff valuation override (lender console, maker-checker) stands in for either: the same
      // rules below run on the manual value (the condition as valued, AVERAGE when never valued).
      const override = await latestTransitionData(deps.db, applicationUuid, 'STAFF_VALUATION_OVERRIDE');
      const overrideCents = typeof override?.valueCents === 'number' ? override.valueCents : null;
      const avm =
        overrideCents !== null
          ? {
              ...valued,
              outcome: 'VALUE' as const,
              valueCents: overrideCents,
              condition: valued.outcome === 'VALUE' ? valued.condition : ('AVERAGE' as const),
              bpoRequired: false,
            }
          : valued;
      const valueSource =
        overrideCents !== null
          ? `Manual: ${typeof override?.source === 'string' ? override.source : 'staff override'}`
          : fromBpo
            ? 'Valuation order (BPO)'
            : 'Automated valuation (AVM)';
      // An approved exception (lender console, maker-checker) leaves out the rules it names.
      const exception = await latestTransitionData(deps.db, applicationUuid, 'STAFF_EXCEPTION');
      const excepted = Array.isArray(exception?.rules) ? exception.rules.map(String) : [];

      await settle(applicationUuid, 'WAITING_FOR_UNDERWRITING', async (tx, locked) => {
        if (avm.outcome === 'NO_VALUE') {
          // bpo/estimate-value: the borrower estimates the value and orders the valuation ($180).
          await moveApplication(tx, clock, locked, 'NO_AVM', {
            actor: PROVIDER,
            data: { valuationId: avm.valuationId, valuationFeeCents: avm.valuationFeeCents },
          });
          return;
        }
        // The borrower-confirmed liens are the ones that count (lien verification).
        const existingLiensCents = await confirmedLiensCents(tx, locked.uuid);
        const state = address.state.toUpperCase();
        const lineCents = maximumLineCents({
          valueCents: avm.valueCents,
          existingLiensCents,
          state,
          pricing,
        });
        const cltvBps = combinedLtvBps({ valueCents: avm.valueCents, existingLiensCents, lineCents });
        // Prequalification DTI: bureau debts over the income stated at registration; the cap is
        // applied again on verified income at income verification (a later slice).
        // Before verification, no more income than the bureau's estimate supports counts.
        const estimate = (credit as { estimatedAnnualIncomeCents?: unknown }).estimatedAnnualIncomeCents;
        const qualifyingIncomeCents = qualifyingAnnualIncomeCents(
          locked.statedAnnualIncomeCents,
          typeof estimate === 'number' ? estimate : null,
        );
        const dti = dtiWithAssetsBps({
          monthlyDebtCents: credit.monthlyDebtCents,
          statedAnnualIncomeCents: qualifyingIncomeCents,
        });
        const eligibility = assessEligibility({
          creditScore: credit.score,
          dtiBps: dti,
          cltvBps,
          condition: avm.condition,
          state,
          licensedStates: org.orgMetaData.products.heloc.licensedStates,
          requestedCents: lineCents,
          pricing,
        });
        const reasons: (DeclineReason | 'CREDIT_DECLINE_INDICATOR')[] = eligibility.reasons.filter(
          (reason) => !excepted.includes(reason),
        );
        if (credit.declineIndicators.length > 0) reasons.push('CREDIT_DECLINE_INDICATOR');
        const facts = {
          valuationId: avm.valuationId,
          valueCents: avm.valueCents,
          valueSource,
          ...(excepted.length > 0 && { exceptedRules: excepted }),
          condition: avm.condition,
          existingLiensCents,
          maxLineCents: lineCents,
          cltvBps,
          dtiBps: Number.isFinite(dti) ? dti : null,
          score: credit.score,
          bpoRequired: avm.bpoRequired,
        };
        if (qualifiesForAssetDepletion({ reasons, dtiBps: dti })) {
          // Unverified DTI limited: product/assets (engine/submission prices once assets are declared).
          await moveApplication(tx, clock, locked, 'ASSETS_NEEDED', {
            actor: PROVIDER,
            reason: 'UNVERIFIED_DTI_LIMITED',
            data: {
              ...facts,
              monthlyDebtCents: credit.monthlyDebtCents,
              qualifyingAnnualIncomeCents: qualifyingIncomeCents,
            },
            flags: {
              uwDecision: 'ASSET_DEPLETION',
              uwSubDecision: 'UNVERIFIED_DTI_LIMITED',
              condition: avm.condition,
            },
          });
          return;
        }
        if (reasons.length > 0) {
          await moveApplication(tx, clock, locked, 'DECLINE', {
            actor: PROVIDER,
            reason: reasons.join(','),
            data: { ...facts, reasons },
            flags: {
              uwDecision: 'DECLINE',
              creditScoreDecline: reasons.includes('CREDIT_SCORE_BELOW_FLOOR'),
              dtiDecline: reasons.includes('DTI_ABOVE_CAP'),
              condition: avm.condition,
            },
          });
          return;
        }
        const offers = priceOffers({ creditScore: credit.score, cltvBps, pricing, lineCents });
        await replaceOffers(tx, locked.uuid, offers);
        await tx
          .update(schema.helocApplications)
          .set({ uwCalculatedDrawAmountCents: lineCents, adjustedHomeAmountCents: avm.valueCents })
          .where(eq(schema.helocApplications.uuid, locked.uuid));
        await moveApplication(tx, clock, locked, 'OFFERS_READY', {
          actor: PROVIDER,
          data: { ...facts, offers: offers.length },
          flags: { uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_OFFER', condition: avm.condition },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_UNDERWRITING', 'UNDERWRITING_TIMEOUT'),
  });
}
