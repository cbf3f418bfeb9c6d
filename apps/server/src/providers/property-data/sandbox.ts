/** Deterministic property data: records derived from the address by hash, scenario by last name. */
import { SANDBOX_VALUES, scenarioForLastName } from '../scenario';
import { addressKey, hashInt, sandboxId, type ApplicantRef, type PropertyAddress } from '../shared';
import type { Lien, PropertyDataProvider, PropertyLookupResult, PropertyRecord } from './index';

function record(applicant: ApplicantRef, address: PropertyAddress, owner: boolean): PropertyRecord {
  const key = addressKey(address);
  const propertyId = sandboxId('prop', key);
  const liens: Lien[] = [
    {
      lienId: `${propertyId}_l1`,
      position: 1,
      lenderName: 'Sandbox Mortgage Co.',
      type: 'MORTGAGE',
      balanceCents: SANDBOX_VALUES.existingLienCents,
      monthlyPaymentCents: SANDBOX_VALUES.existingLienMonthlyPaymentCents,
      recordedOn: '2019-06-14',
    },
    ...(scenarioForLastName(applicant.lastName) === 'SECONDLIEN'
      ? [
          {
            lienId: `${propertyId}_l2`,
            position: 2,
            lenderName: 'Sandbox Credit Union',
            type: 'HELOC' as const,
            balanceCents: SANDBOX_VALUES.secondLienCents,
            monthlyPaymentCents: SANDBOX_VALUES.secondLienMonthlyPaymentCents,
            recordedOn: '2022-03-09',
          },
        ]
      : []),
  ];
  const ownerName = `${applicant.firstName} ${applicant.lastName}`.trim().toUpperCase();
  return {
    propertyId,
    address: { ...address, county: address.county ?? 'Sandbox County' },
    apn: `${hashInt(100, 999, 'apn', key)}-${hashInt(100, 999, 'apn2', key)}-${hashInt(10, 99, 'apn3', key)}`,
    county: address.county ?? 'Sandbox County',
    propertyType: 'SINGLE_FAMILY',
    ownerNames: owner ? [ownerName] : ['SANDBOX RECORD OWNER'],
    ownershipType: 'SOLE',
    applicantIsOwner: owner,
    legalDescription: `LOT ${hashInt(1, 40, 'lot', key)}, BLOCK ${hashInt(1, 12, 'block', key)}, SANDBOX ADDITION`,
    liens,
    existingLiensCents: liens.reduce((sum, lien) => sum + lien.balanceCents, 0),
  };
}

/** Two more owned properties near the requested one (Manyproperty): same street, other numbers. */
function neighbours(address: PropertyAddress): PropertyAddress[] {
  const key = addressKey(address);
  return [1, 2].map((n) => ({
    ...address,
    street1: `${hashInt(100, 9999, 'neighbour', n, key)} ${address.street1.replace(/^\s*\d+\s*/, '')}`,
    street2: null,
  }));
}

export function createSandboxPropertyData(): PropertyDataProvider {
  async function findProperties({
    applicant,
    address,
  }: {
    applicant: ApplicantRef;
    address: PropertyAddress;
  }): Promise<PropertyLookupResult> {
    switch (scenarioForLastName(applicant.lastName)) {
      case 'NOPROPERTY':
        return { outcome: 'NOT_FOUND' };
      case 'NODATATREE':
        return { outcome: 'DATATREE_NO_MATCH' };
      case 'MANYPROPERTY':
        return {
          outcome: 'MULTIPLE',
          properties: [address, ...neighbours(address)].map((each) => record(applicant, each, true)),
        };
      case 'NOTOWNER':
        return { outcome: 'FOUND', property: record(applicant, address, false) };
      default:
        return { outcome: 'FOUND', property: record(applicant, address, true) };
    }
  }

  return {
    findProperties,
    async getLiens(request) {
      const found = await findProperties(request);
      const candidates =
        found.outcome === 'FOUND' ? [found.property] : found.outcome === 'MULTIPLE' ? found.properties : [];
      const property = candidates.find((each) => each.propertyId === request.propertyId);
      if (!property) return { outcome: 'NOT_FOUND' };
      return {
        outcome: 'FOUND',
        propertyId: property.propertyId,
        liens: property.liens,
        existingLiensCents: property.existingLiensCents,
      };
    },
  };
}
