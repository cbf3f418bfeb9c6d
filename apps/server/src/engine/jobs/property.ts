/** The property lookup (PROPERTY_LOOKUP): found, several, none, not the owner. */
import type { JobWorker } from '../../jobs/worker';
import {
  isCreditFacts,
  JOB_KINDS,
  latestTransitionData,
  moveApplication,
  type PropertyCandidate,
} from '../store';
import { parseJobPayload } from '../job-payloads';
import { replaceProviderLiens } from '../repository';
import { PROVIDER, loadSubject, type EngineJobContext } from './shared';

export function registerPropertyJobs(worker: JobWorker, context: EngineJobContext): void {
  const { deps, clock, providers, settle, onDeadTo } = context;

  worker.register(JOB_KINDS.propertyLookup, {
    async run(raw, _job, { signal }) {
      const { applicationUuid, propertyId: chosen } = parseJobPayload(JOB_KINDS.propertyLookup, raw);
      const { applicant, address } = await loadSubject(deps.db, applicationUuid);
      const credit = await latestTransitionData(deps.db, applicationUuid, 'CREDIT_MATCHED');
      if (!isCreditFacts(credit)) throw new Error('property lookup before a credit report');
      const found = await providers.propertyData.findProperties({ applicant, address }, { signal });
      // The borrower's choice among several properties settles the MULTIPLE answer.
      const property =
        found.outcome === 'FOUND'
          ? found.property
          : found.outcome === 'MULTIPLE' && chosen
            ? (found.properties.find((each) => each.propertyId === chosen) ?? null)
            : null;

      await settle(applicationUuid, 'WAITING_FOR_PROPERTY', async (tx, application) => {
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
        await replaceProviderLiens(tx, application.uuid, property.liens);
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
}
