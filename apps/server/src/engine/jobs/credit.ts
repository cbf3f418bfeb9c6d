/** The soft credit pull (CREDIT_SOFT_PULL): match, no match, frozen, error. */
import { and, eq } from 'drizzle-orm';
import { schema } from '../../db';
import { freezePinContext, ssnContext } from '../submission/secrets';
import { parseJobPayload } from '../job-payloads';
import type { JobWorker } from '../../jobs/worker';
import { JOB_KINDS, moveApplication } from '../store';
import { PROVIDER, loadSubject, type EngineJobContext } from './shared';

export function registerCreditJobs(worker: JobWorker, context: EngineJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;

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
      await settle(applicationUuid, 'WAITING_FOR_CREDIT', async (tx, application) => {
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
}
