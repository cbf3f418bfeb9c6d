/**
 * The engine's provider jobs: soft credit pull → property lookup → (borrower confirms liens) →
 * underwriting and pricing. Each job calls its provider outside any lock (a slow bureau must not
 * hold the application row), then applies the outcome under the application lock: if the
 * application has moved on meanwhile (cancelled, or a duplicate run already applied it) the outcome
 * is dropped, which is what makes a re-run job harmless. A job whose attempts are exhausted moves
 * the application to its error/timeout status (onDead) instead of leaving the borrower polling.
 */
import { and, eq } from 'drizzle-orm';
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
import type { Database } from '../db';
import { schema } from '../db';
import type { Clock } from '../lib/clock';
import type { FieldSealer } from '../lib/sealed';
import { freezePinContext, ssnContext } from './submission/secrets';
import { parseJobPayload } from './job-payloads';
import type { JobWorker } from '../jobs/worker';
import type { OrganisationDirectory } from '../modules/organisations/directory';
import type { Providers } from '../providers';
import type { PropertyAddress } from '../providers/shared';
import { withApplicationLock, type ApplicationRow } from '../workflow/step-machine';
import {
  confirmedLiensCents,
  isCreditFacts,
  JOB_KINDS,
  latestTransitionData,
  moveApplication,
  type PropertyCandidate,
} from './store';
import type { EngineAction } from './steps';

export type EngineDeps = {
  db: Database;
  clock: Clock;
  providers: Providers;
  orgs: OrganisationDirectory;
  /** Opens the sealed SSN and freeze PIN for the bureau call (never put in a payload). */
  sealer: FieldSealer;
};

const PROVIDER = { type: 'PROVIDER' } as const;
const SYSTEM = { type: 'SYSTEM' } as const;

function stringOf(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The applicant and property a provider call is about (read without the lock). */
async function loadSubject(db: Database, applicationUuid: string) {
  const [row] = await db
    .select({
      application: schema.helocApplications,
      profile: schema.profiles,
      property: schema.profileAddresses,
    })
    .from(schema.helocApplications)
    .innerJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.helocApplications.identityUuid))
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  if (!row) throw new Error('application not found');
  if (!row.property) throw new Error('application has no selected property');
  const applicant = {
    firstName: row.profile.firstName,
    lastName: row.profile.lastName,
    ...(row.profile.dob && { dob: row.profile.dob }),
  };
  const address: PropertyAddress = {
    street1: row.property.street1,
    street2: row.property.street2,
    city: row.property.city,
    state: row.property.state,
    zip: row.property.zip,
  };
  return {
    application: row.application,
    applicant,
    address,
    identityUuid: row.profile.identityUuid,
    sealedSsn: row.profile.ssnEncrypted,
  };
}

/**
 * Applies a provider outcome when the application still waits at `waitingStep`; a stale outcome
 * (the application moved on) is dropped.
 */
async function settle(
  deps: EngineDeps,
  applicationUuid: string,
  waitingStep: string,
  apply: (
    tx: Parameters<Parameters<typeof withApplicationLock>[2]>[0],
    application: ApplicationRow,
  ) => Promise<void>,
): Promise<void> {
  await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
    if (application.step !== waitingStep) return;
    await apply(tx, application);
  });
}

export function registerEngineJobs(worker: JobWorker, deps: EngineDeps): void {
  const { clock, providers } = deps;

  /** A dead provider job: the borrower sees the timeout page instead of polling forever. */
  const onDeadTo =
    (waitingStep: string, action: EngineAction) =>
    async (payload: Record<string, unknown>, _job: unknown, error: string): Promise<void> => {
      const applicationUuid = stringOf(payload, 'applicationUuid');
      if (!applicationUuid) return;
      await settle(deps, applicationUuid, waitingStep, async (tx, application) => {
        await moveApplication(tx, clock, application, action, {
          actor: SYSTEM,
          reason: 'provider did not answer',
          data: { error },
        });
      });
    };

  worker.register(JOB_KINDS.creditSoftPull, {
    // Above the sandbox's own bureau timeout, so the bureau's ProviderTimeoutError is what fails.
    timeoutMs: 45_000,
    async run(raw, _job, { signal }) {
      const payload = parseJobPayload(JOB_KINDS.creditSoftPull, raw);
      const applicationUuid = payload.applicationUuid;
      const { application, applicant, address, sealedSsn, identityUuid } = await loadSubject(
        deps.db,
        applicationUuid,
      );
      const [consent] = await deps.db
        .select({ createdAt: schema.applicationConsents.createdAt })
        .from(schema.applicationConsents)
        .where(
          and(
            eq(schema.applicationConsents.applicationUuid, applicationUuid),
            eq(schema.applicationConsents.type, 'SOFT_CREDIT'),
          ),
        );
      if (!consent) throw new Error('soft pull without a SOFT_CREDIT consent');
      // Like the hard pull: the sealed SSN (once the borrower gave it) and, on the pull the PIN
      // submission asked for, the sealed freeze PIN open here, in memory, for the bureau call only.
      const ssn = sealedSsn ? deps.sealer.open(sealedSsn, ssnContext(identityUuid)) : null;
      const freezePin =
        payload.withSealedFreezePin && application.creditFreezePinEncrypted
          ? deps.sealer.open(application.creditFreezePinEncrypted, freezePinContext(applicationUuid))
          : null;
      const result = await providers.creditBureau.pull(
        {
          kind: 'SOFT',
          applicant,
          address,
          ssn,
          freezePin,
          consentedAt: consent.createdAt,
        },
        { signal },
      );
      await settle(deps, applicationUuid, 'WAITING_FOR_CREDIT', async (tx, application) => {
        switch (result.outcome) {
          case 'REPORT':
            await moveApplication(tx, clock, application, 'CREDIT_MATCHED', {
              actor: PROVIDER,
              data: {
                pullId: result.pullId,
                score: result.score,
                monthlyDebtCents: result.monthlyDebtCents,
                mortgageDelinquency: result.mortgageDelinquency,
                declineIndicators: result.declineIndicators,
                // For the adverse action notice (FCRA: the score's key factors and its date).
                scoreFactors: result.scoreFactors,
                estimatedAnnualIncomeCents: result.estimatedAnnualIncomeCents,
                pulledAt: result.pulledAt.toISOString(),
              },
              flags: { creditFrozenWithPin: false },
              next: { kind: JOB_KINDS.propertyLookup, payload: {} },
            });
            return;
          case 'NO_MATCH':
            await moveApplication(tx, clock, application, 'CREDIT_NO_MATCH', {
              actor: PROVIDER,
              data: { pullId: result.pullId },
            });
            return;
          case 'NO_SCORE':
            await moveApplication(tx, clock, application, 'CREDIT_NO_SCORE', {
              actor: PROVIDER,
              data: { pullId: result.pullId },
            });
            return;
          case 'FROZEN':
            await moveApplication(tx, clock, application, 'CREDIT_FROZEN', {
              actor: PROVIDER,
              data: { pullId: result.pullId },
              flags: { creditFrozenWithPin: false },
            });
            return;
          case 'FROZEN_PIN_REQUIRED':
            await moveApplication(tx, clock, application, 'CREDIT_FROZEN_PIN', {
              actor: PROVIDER,
              reason: result.pinRejected ? 'PIN_REJECTED' : 'PIN_REQUIRED',
              data: { pullId: result.pullId, pinRejected: result.pinRejected },
              flags: { creditFrozenWithPin: true },
            });
            return;
        }
      });
    },
    onDead: onDeadTo('WAITING_FOR_CREDIT', 'CREDIT_TIMEOUT'),
  });

  worker.register(JOB_KINDS.propertyLookup, {
    async run(payload, _job, { signal }) {
      const applicationUuid = stringOf(payload, 'applicationUuid');
      if (!applicationUuid) throw new Error('payload without applicationUuid');
      const { applicant, address } = await loadSubject(deps.db, applicationUuid);
      const credit = await latestTransitionData(deps.db, applicationUuid, 'CREDIT_MATCHED');
      if (!isCreditFacts(credit)) throw new Error('property lookup before a credit report');
      const chosen = stringOf(payload, 'propertyId');
      const found = await providers.propertyData.findProperties({ applicant, address }, { signal });
      // The borrower's choice among several properties settles the MULTIPLE answer.
      const property =
        found.outcome === 'FOUND'
          ? found.property
          : found.outcome === 'MULTIPLE' && chosen
            ? (found.properties.find((each) => each.propertyId === chosen) ?? null)
            : null;

      await settle(deps, applicationUuid, 'WAITING_FOR_PROPERTY', async (tx, application) => {
        if (found.outcome === 'NOT_FOUND' || (found.outcome === 'MULTIPLE' && chosen && !property)) {
          await moveApplication(tx, clock, application, 'PROPERTY_NOT_FOUND', { actor: PROVIDER });
          return;
        }
        if (found.outcome === 'DATATREE_NO_MATCH') {
          await moveApplication(tx, clock, application, 'PROPERTY_NO_DATA', {
            actor: PROVIDER,
            flags: { datatreeNoMatch: true },
          });
          return;
        }
        if (!property) {
          const candidates: PropertyCandidate[] =
            found.outcome === 'MULTIPLE'
              ? found.properties.map((each) => ({
                  propertyId: each.propertyId,
                  street1: each.address.street1,
                  street2: each.address.street2 ?? null,
                  city: each.address.city,
                  state: each.address.state,
                  zip: each.address.zip,
                }))
              : [];
          // Property addresses of record (the borrower must see them to choose); no owner names.
          await moveApplication(tx, clock, application, 'PROPERTY_MULTIPLE', {
            actor: PROVIDER,
            data: { candidates },
          });
          return;
        }
        if (!property.applicantIsOwner) {
          await moveApplication(tx, clock, application, 'PROPERTY_NOT_OWNER', {
            actor: PROVIDER,
            reason: 'OWNERSHIP_MISMATCH',
            data: { propertyId: property.propertyId },
          });
          return;
        }
        if (credit.mortgageDelinquency) {
          await moveApplication(tx, clock, application, 'PROPERTY_DELINQUENT', {
            actor: PROVIDER,
            reason: 'MORTGAGE_DELINQUENCY',
            data: { propertyId: property.propertyId },
          });
          return;
        }
        // The provider's liens replace any earlier unconfirmed ones (a re-run lookup, another property).
        await tx
          .delete(schema.applicationLiens)
          .where(eq(schema.applicationLiens.applicationUuid, application.uuid));
        if (property.liens.length > 0) {
          await tx.insert(schema.applicationLiens).values(
            property.liens.map((lien) => ({
              applicationUuid: application.uuid,
              position: lien.position,
              lenderName: lien.lenderName,
              balanceCents: lien.balanceCents,
              monthlyPaymentCents: lien.monthlyPaymentCents,
              source: 'PROVIDER',
            })),
          );
        }
        await moveApplication(tx, clock, application, 'PROPERTY_FOUND', {
          actor: PROVIDER,
          data: {
            propertyId: property.propertyId,
            state: property.address.state,
            ownershipType: property.ownershipType,
            existingLiensCents: property.existingLiensCents,
          },
          flags: { propertyComplete: true, datatreeNoMatch: false },
        });
      });
    },
    onDead: onDeadTo('WAITING_FOR_PROPERTY', 'PROPERTY_TIMEOUT'),
  });

  worker.register(JOB_KINDS.underwritingPrice, {
    async run(payload, _job, { signal }) {
      const applicationUuid = stringOf(payload, 'applicationUuid');
      if (!applicationUuid) throw new Error('payload without applicationUuid');
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
      const avm =
        automated.outcome === 'NO_VALUE' && typeof bpo?.valueCents === 'number'
          ? {
              ...automated,
              outcome: 'VALUE' as const,
              valueCents: bpo.valueCents,
              condition: (bpo.condition ?? 'AVERAGE') as 'AVERAGE',
              bpoRequired: false,
            }
          : automated;

      await settle(deps, applicationUuid, 'WAITING_FOR_UNDERWRITING', async (tx, locked) => {
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
        const reasons: (DeclineReason | 'CREDIT_DECLINE_INDICATOR')[] = [...eligibility.reasons];
        if (credit.declineIndicators.length > 0) reasons.push('CREDIT_DECLINE_INDICATOR');
        const facts = {
          valuationId: avm.valuationId,
          valueCents: avm.valueCents,
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
        await tx
          .delete(schema.applicationOffers)
          .where(eq(schema.applicationOffers.applicationUuid, locked.uuid));
        await tx.insert(schema.applicationOffers).values(
          offers.map((offer) => ({
            applicationUuid: locked.uuid,
            termYears: offer.termYears,
            rateBps: offer.rateBps,
            originationFeeBps: offer.originationFeeBps,
            maxLineCents: offer.lineCents,
          })),
        );
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
